// Bundles the API server (and the workspace packages it imports) into one ES module, so production starts
// without transpiling TypeScript. Third-party packages stay external and load from node_modules.
import { bundleServer } from './server-bundle.mjs';

await bundleServer('apps/api/dist/server.mjs');

// Bundles the API server (and the workspace packages it imports) into one ES module, so production starts
// without transpiling TypeScript. Third-party packages stay external and load from node_modules. Beside it, the
// supervisor (apps/api/src/supervisor.ts: node's own modules only) that starts and restarts its workers.
import { build } from 'esbuild';
import { bundleServer } from './server-bundle.mjs';

await bundleServer('apps/api/dist/server.mjs');
await build({
  entryPoints: ['apps/api/src/supervisor.ts'],
  outfile: 'apps/api/dist/supervisor.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});

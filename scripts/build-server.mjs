// Bundles the API server (and the workspace packages it imports) into one ES module, so production starts
// without transpiling TypeScript. Third-party packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['apps/api/src/server.ts'],
  outfile: 'apps/api/dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Bare imports are external, except our own workspaces, which are bundled from source.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@haat/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

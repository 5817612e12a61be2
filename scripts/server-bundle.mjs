// How the API server is bundled: one ES module with the workspace packages it imports; third-party packages stay
// external and load from node_modules. Used by build-server.mjs and by benchmarks that bundle a variant of it.
import { build } from 'esbuild';

/** Bundles apps/api/src/server.ts to `outfile`; `plugins` run after the one that keeps third-party imports external. */
export function bundleServer(outfile, plugins = []) {
  return build({
    entryPoints: ['apps/api/src/server.ts'],
    outfile,
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
      ...plugins,
    ],
  });
}

// How the API server is bundled: one ES module with the workspace packages it imports and the third-party packages
// its start-up needs; the rest stay external and load from node_modules. Used by build-server.mjs and by benchmarks
// that bundle a variant of it.
import { build } from 'esbuild';

/**
 * Third-party packages bundled into the server, with everything they import (issue 18's cold start): loading them
 * from node_modules meant resolving and reading about 700 files at every start, 0.1 to 0.15 s of it on the 2-core
 * VM. A package not named here stays external, which is always safe. Kept external on purpose:
 * - loaded only when first used, so bundling would load them at start: pdfkit, fontkit, bwip-js, qrcode,
 *   nodemailer, @electric-sql/pglite and drizzle-orm (its PGlite driver is imported lazily and must share
 *   drizzle-orm with the rest);
 * - native or reading their own files at run time: @node-rs/argon2, sharp, @fastify/swagger-ui (its page's assets),
 *   pino (its transports start worker files by path).
 */
const BUNDLED = [
  'fastify',
  '@fastify/multipart',
  '@fastify/static',
  '@fastify/swagger',
  'csv-parse',
  'csv-stringify',
  'fast-json-stringify',
  'fastify-type-provider-zod',
  'helmet',
  'jose',
  'postgres',
  'zod',
];
/** Imported by bundled packages, yet external (see above). */
const ALWAYS_EXTERNAL = ['pino', '@fastify/swagger-ui', 'drizzle-orm'];

const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Bundles apps/api/src/server.ts to `outfile`; `plugins` run after the one that decides what stays external. */
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
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __haatRequire } from 'node:module'; const require = __haatRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // Our own workspaces are bundled from source; a third-party package is bundled when it is named in
          // BUNDLED or imported from inside one that is, unless ALWAYS_EXTERNAL.
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@haat/') || args.path.startsWith('node:')) return undefined;
            const pkg = packageOf(args.path);
            if (ALWAYS_EXTERNAL.includes(pkg)) return { path: args.path, external: true };
            const fromPackage = args.importer.includes('/node_modules/');
            if (BUNDLED.includes(pkg) || fromPackage) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
      ...plugins,
    ],
  });
}

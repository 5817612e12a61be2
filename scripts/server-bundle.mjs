// How the API server is bundled: one CommonJS file with the workspace packages it imports and the third-party
// packages its start-up needs, run by a small ES module entry through V8's code cache; the rest stay external and
// load from node_modules. Used by build-server.mjs and by benchmarks
// that bundle a variant of it.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

/**
 * Third-party packages bundled into the server, with everything they import (issue 18's cold start): loading them
 * from node_modules meant resolving and reading about 700 files at every start, 0.1 to 0.15 s of it on the 2-core
 * VM. A package not named here stays external, which is always safe. Kept external on purpose:
 * - loaded only when first used and reading their own files at run time: pdfkit, fontkit, bwip-js, qrcode,
 *   nodemailer, @electric-sql/pglite (its WebAssembly Postgres and data files);
 * - native or reading their own files at run time: @node-rs/argon2, sharp, @fastify/swagger-ui (its page's assets).
 * drizzle-orm and pino are bundled since start-up runs the bundle through the code cache (decision 0018): a
 * PostgreSQL start 435 -> 366 ms, embedded 1059 -> 1011 ms (medians of 12 and 8 starts, 2026-11-28). drizzle-orm's
 * PGlite driver, required when first used, is bundled with it and shares it; pino's transports (worker files
 * started by path) are not used.
 */
const BUNDLED = [
  'fastify',
  '@fastify/multipart',
  '@fastify/static',
  '@fastify/swagger',
  'csv-parse',
  'csv-stringify',
  'drizzle-orm',
  'fast-json-stringify',
  'fastify-type-provider-zod',
  'helmet',
  'jose',
  'pino',
  'postgres',
  'zod',
];
/** Imported by bundled packages, yet external (see above). */
const ALWAYS_EXTERNAL = ['@fastify/swagger-ui', '@electric-sql/pglite'];

const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Bundles apps/api/src/server.ts into one CommonJS file next to `outfile` (server.mjs -> server.cjs, with its source
 * map) and writes `outfile` as its entry: scripts/server-loader.mjs with the bundle's name and content hash, which
 * runs the bundle through V8's code cache (decision 0018). `plugins` run after the one that decides what stays
 * external. CommonJS because Node 20 can keep compiled code only for a script, not for an ES module.
 */
export async function bundleServer(outfile, plugins = []) {
  const bundle = `${outfile.replace(/\.m?js$/, '')}.cjs`;
  const result = await build({
    entryPoints: ['apps/api/src/server.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    // The map gives file, line and column for stack traces; the sources themselves are in the repository.
    sourcesContent: false,
    logLevel: 'warning',
    // Strict mode as the ES module bundle had it (the directive must come first), and import.meta.url for the two
    // modules that find files next to themselves.
    banner: {
      js: `"use strict";\nconst __haatMetaUrl = require('node:url').pathToFileURL(__filename).href;`,
    },
    define: { 'import.meta.url': '__haatMetaUrl' },
    // import() of the lazily loaded packages becomes require() when first used: Node 20 cannot resolve import()
    // inside code that came from the code cache. Each of them ships CommonJS (or Node 20 requires its ES module).
    supported: { 'dynamic-import': false },
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
  writeLoader(outfile, bundle);
  return result;
}

/** Writes `outfile`, the entry that runs `bundle` (a CommonJS file in the same folder) through the code cache. */
export function writeLoader(outfile, bundle) {
  const hash = createHash('sha256').update(readFileSync(bundle)).digest('hex').slice(0, 16);
  const loader = readFileSync(new URL('./server-loader.mjs', import.meta.url), 'utf8')
    .replace("'__BUNDLE__'", `'${basename(bundle)}'`)
    .replace("'__HASH__'", `'${hash}'`);
  writeFileSync(outfile, loader);
}

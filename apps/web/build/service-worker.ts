import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** A chunk of the build's manifest (.vite/manifest.json), as far as it names files. */
type Chunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
type PrecacheEntry = { url: string; revision: string | null };

/** The faces main.tsx picks for other hosts: the admin host never loads them. */
const OTHER_FACES = new Set([
  'src/faces/marketing/marketing-face.tsx',
  'src/faces/storefront/storefront-face.tsx',
]);
/** Files of public/ the installed back office shows: its icon, the web app manifest and the manifest's icons. */
const PUBLIC_FILES = [
  'favicon.svg',
  'app.webmanifest',
  'icons/haat-192.png',
  'icons/haat-512.png',
  'icons/haat-maskable-512.png',
];

/**
 * The build's files the admin host can load: the entry (index.html's script) and everything it imports or loads
 * later, with their CSS and assets (the point of sale's barcode reader, WebAssembly), except the marketing and
 * storefront faces, which main.tsx loads on other hosts only. A shop module a back-office page uses comes along
 * through that page's imports.
 */
export function backofficeFiles(manifest: Record<string, Chunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, skip: ReadonlySet<string> = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const f of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const i of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) if (!skip.has(i)) visit(i);
  };
  visit('index.html', OTHER_FACES);
  return [...files].sort();
}

const hashOf = (data: string | Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/**
 * What the service worker keeps, with this build's id: the page shell `/` (revised by the id, so each build fetches
 * it anew), the chunks (their names are content hashes: no revision) and the public files (revised by content).
 */
export function precacheList(outDir: string, publicDir: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const chunks: PrecacheEntry[] = backofficeFiles(manifest).map((f) => ({ url: `/${f}`, revision: null }));
  const publics: PrecacheEntry[] = PUBLIC_FILES.map((f) => ({
    url: `/${f}`,
    revision: hashOf(readFileSync(join(publicDir, f))),
  }));
  const index = readFileSync(join(outDir, 'index.html'), 'utf8');
  const build = hashOf(JSON.stringify([index, chunks, publics]));
  return { build, entries: [{ url: '/', revision: build }, ...chunks, ...publics] };
}

/**
 * Builds the back office's service worker (service-worker/sw.ts, decision 0035) into the client build's folder as
 * `sw.js`, once the build's files are written: the list of files to precache and the build id go in as constants.
 * One small bundle (Workbox's precaching and routing, about 6 kB gzip), never loaded by a page.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'haat:service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const { root, publicDir, logger } = config;
      const outDir = resolve(root, config.build.outDir);
      const { build: id, entries } = precacheList(outDir, publicDir);
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        publicDir: false,
        define: {
          __HAAT_BUILD__: JSON.stringify(id),
          __HAAT_PRECACHE__: JSON.stringify(entries),
          // Workbox's development logging goes.
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: false,
          sourcemap: false,
          minify: true,
          lib: {
            entry: resolve(root, 'service-worker/sw.ts'),
            formats: ['iife'],
            name: 'haatServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
      logger.info(`service worker ${id}: ${entries.length} files to precache`);
    },
  };
}

/**
 * The shopper's JavaScript budget (issue 18): what a shop's first page downloads before it runs, gzip level 9.
 * Read from the build's manifest (apps/web/dist/.vite/manifest.json): the entry (index.html's script), the
 * storefront face and, for the listing and the product page, that page's chunk, each with every chunk it imports
 * statically (what the browser fetches before the page runs; the server names exactly these, in
 * <link rel="modulepreload"> or, on a page it rendered, in the list its loader starts; dynamic imports load later,
 * when used). Prints the breakdown and exits 1 when a page is
 * over its ceiling or statically imports a chunk of the back office's or the marketing site's faces (a shopper never
 * downloads back-office code). `npm run test:e2e` runs it right after the build, so `npm test` fails on such a build.
 *
 * The budget is 100 kB (100,000 bytes) per page. React 19 + react-dom alone take 67 kB of it; the router is our own
 * (decision 0019) and TanStack Query's engine loads when first needed (lib/query/core.ts); what is below the first
 * screen or only for some visitors loads with import() (docs/decisions/0016-shopper-javascript.md).
 *
 *   tsx scripts/js-budget.ts [--dist apps/web/dist] [--quiet]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dist = resolve(opt('dist') ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
const quiet = args.includes('--quiet');
/** The budget of every shopper page (issue 18). */
const TARGET = 100_000;

/** A shopper's first pages: the manifest keys each starts from (index.html is the entry). */
const FACE = 'src/faces/storefront/storefront-face.tsx';
const PAGES: Record<string, { keys: string[] }> = {
  'shop home': { keys: ['index.html', FACE, 'src/faces/storefront/home-page.tsx'] },
  'product page': { keys: ['index.html', FACE, 'src/faces/storefront/product-page.tsx'] },
  listing: { keys: ['index.html', FACE, 'src/faces/storefront/products-page.tsx'] },
};

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
let manifest: Record<string, Chunk>;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(`js-budget: no manifest at ${dist}/.vite/manifest.json: run \`npm run build\` first`);
  process.exit(2);
}

const gzipSizes = new Map<string, number>();
const gz = (file: string) => {
  let n = gzipSizes.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, n);
  }
  return n;
};

/** The back office's and the marketing site's own chunks (their faces and pages): never on a shopper's first page. */
const NOT_FOR_SHOPPERS = /^src\/faces\/(backoffice|marketing)\//;

/** The JS files a page needs before it runs: its starting chunks and their static imports, transitively. */
function closure(keys: string[]) {
  const files = new Set<string>();
  const foreign: string[] = [];
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c)
      throw new Error(`js-budget: ${key} is not in the manifest (renamed? update PAGES in this script)`);
    if (files.has(c.file)) return;
    files.add(c.file);
    if (NOT_FOR_SHOPPERS.test(key)) foreign.push(key);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { files: [...files].filter((f) => f.endsWith('.js')), foreign };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
let over = false;
const used = new Map<string, string[]>();
const lines: string[] = [];
for (const [page, { keys }] of Object.entries(PAGES)) {
  const { files, foreign } = closure(keys);
  const total = files.reduce((s, f) => s + gz(f), 0);
  for (const f of files) used.set(f, [...(used.get(f) ?? []), page]);
  if (total > TARGET) over = true;
  if (foreign.length) {
    over = true;
    lines.push(`BACK  ${page.padEnd(13)} imports back-office or marketing code: ${foreign.join(', ')}`);
  }
  lines.push(
    `${total > TARGET ? 'OVER' : 'ok  '}  ${page.padEnd(13)} ${kb(total).padStart(9)} in ${String(files.length).padStart(2)} files (budget ${kb(TARGET)}, ${total > TARGET ? `${kb(total - TARGET)} over` : `${kb(TARGET - total)} left`})`,
  );
}

if (!quiet) {
  console.log(`Shopper JavaScript, gzip -9, from ${dist}`);
  const rows = [...used].sort((a, b) => gz(b[0]) - gz(a[0]));
  for (const [file, pages] of rows) {
    const where = pages.length === Object.keys(PAGES).length ? 'all' : pages.join(', ');
    console.log(`  ${kb(gz(file)).padStart(9)}  ${file.replace(/^assets\//, '').padEnd(44)} ${where}`);
  }
}
for (const line of lines) console.log(line);
if (over) {
  console.error(
    'js-budget: a shopper page is over its 100 kB JavaScript budget or imports back-office code: load what the first page does not need with import() (scripts/js-budget.ts)',
  );
  process.exit(1);
}

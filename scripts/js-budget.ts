/**
 * The shopper's JavaScript budget (issue 18): what a shop's first page downloads before it runs, gzip level 9.
 * Read from the build's manifest (apps/web/dist/.vite/manifest.json): the entry (index.html's script), the
 * storefront face and, for the listing and the product page, that page's chunk, each with every chunk it imports
 * statically (what the browser fetches before the page runs; the server names exactly these, in
 * <link rel="modulepreload"> or, on a page it rendered, in the list its loader starts; dynamic imports load later,
 * when used). Prints the breakdown and exits 1 when a page is
 * over its ceiling. `npm run test:e2e` runs it right after the build, so `npm test` fails on such a build.
 *
 * The target is 100 kB (100,000 bytes) per page. React 19 + react-dom and TanStack Query alone take about 77 kB of
 * it (docs/decisions/0016-shopper-javascript.md; the router is our own since decision 0019), so until the pages fit
 * the check enforces the CEILINGS below (what each page measured when they were set, plus 2 kB): lower them as pages shrink,
 * never raise them without a decision. `--strict` checks against the 100 kB target instead.
 *
 *   tsx scripts/js-budget.ts [--dist apps/web/dist] [--strict] [--quiet]
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
const strict = args.includes('--strict');
/** The goal for every shopper page (issue 18). */
const TARGET = 100_000;

/** A shopper's first pages: the manifest keys each starts from (index.html is the entry), and its ceiling in bytes. */
const FACE = 'src/faces/storefront/storefront-face.tsx';
const PAGES: Record<string, { keys: string[]; ceiling: number }> = {
  'shop home': { keys: ['index.html', FACE], ceiling: 108_500 },
  'product page': { keys: ['index.html', FACE, 'src/faces/storefront/product-page.tsx'], ceiling: 122_500 },
  listing: { keys: ['index.html', FACE, 'src/faces/storefront/products-page.tsx'], ceiling: 114_000 },
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

/** The JS files a page needs before it runs: its starting chunks and their static imports, transitively. */
function closure(keys: string[]) {
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c)
      throw new Error(`js-budget: ${key} is not in the manifest (renamed? update PAGES in this script)`);
    if (files.has(c.file)) return;
    files.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return [...files].filter((f) => f.endsWith('.js'));
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
let over = false;
const used = new Map<string, string[]>();
const lines: string[] = [];
for (const [page, { keys, ceiling }] of Object.entries(PAGES)) {
  const files = closure(keys);
  const total = files.reduce((s, f) => s + gz(f), 0);
  for (const f of files) used.set(f, [...(used.get(f) ?? []), page]);
  const limit = strict ? TARGET : ceiling;
  if (total > limit) over = true;
  const toGo = total > TARGET ? `, ${kb(total - TARGET)} above the ${kb(TARGET)} target` : '';
  lines.push(
    `${total > limit ? 'OVER' : 'ok  '}  ${page.padEnd(13)} ${kb(total).padStart(9)} in ${String(files.length).padStart(2)} files (ceiling ${kb(limit)}${toGo})`,
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
    'js-budget: a shopper page is over its JavaScript ceiling: load what the first page does not need with import() (scripts/js-budget.ts)',
  );
  process.exit(1);
}

// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on a demo shop's home, listing and product
// page, served by the built server (apps/api/dist/server.mjs, apps/web/dist) on a fresh PostgreSQL database with
// the demo seed, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores
// and LCP/TBT/CLS per page, the audits that cost points where a target is missed (issue 37: performance >= 97 and
// LCP <= 1.5 s; accessibility >= 95), and writes the full JSON reports to LIGHTHOUSE_OUT (default /tmp/haat-lighthouse).
// LIGHTHOUSE_RUNS=3 measures each page three times and reports the run with the median performance score (every
// run's score and load are listed under the table); LIGHTHOUSE_PAGE=product measures one page only. The server is started with the environment, so WEB_DIST can
// point it at another build of the web app; LIGHTHOUSE_SERVER=<entry> starts another build of the server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freshDatabase, machine, type Server, seededShop, startServer, waitForQuiet } from './bench-kit.ts';

const OUT = process.env.LIGHTHOUSE_OUT ?? '/tmp/haat-lighthouse';
const TARGETS: Record<string, number> = { performance: 97, accessibility: 95 };
/** Largest Contentful Paint on each page, in the median run (issue 37). */
const LCP_TARGET_MS = 1500;
const RUNS = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS ?? 1)) || 1);
/** LIGHTHOUSE_PAGE=product (a part of a page's name) measures that page only. */
const ONLY = process.env.LIGHTHOUSE_PAGE?.toLowerCase();
process.env.CHROME_PATH ??= '/usr/bin/chromium';

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
};
type Category = { score: number | null; auditRefs: { id: string; weight: number }[] };
type LH = { lighthouseVersion: string; categories: Record<string, Category>; audits: Record<string, Audit> };

async function main() {
  const db = await freshDatabase('haat_lighthouse');
  let server: Server | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const shop = await seededShop(db.url);

    server = await startServer(db.url, { HOST: 'localhost' }, process.env.LIGHTHOUSE_SERVER);
    const base = `http://${shop.slug}.localhost:${server.port}`;
    const pages = [
      { name: 'Shop home', url: `${base}/` },
      { name: 'Listing', url: `${base}/products` },
      { name: 'Product page', url: `${base}/product/${shop.product}` },
    ].filter((p) => !ONLY || p.name.toLowerCase().includes(ONLY));
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    mkdirSync(OUT, { recursive: true });

    const table: string[] = [];
    const misses: string[] = [];
    let version = '';
    const runNotes: string[] = [];
    const port = chrome.port;
    for (const page of pages) {
      const runs: { lhr: LH; load: number; quiet: boolean; retried?: boolean }[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Warm the shop lookup and the home bundle, as a shopper arriving after others would find them.
        await fetch(`${server.origin}/api/store/stores/home/`, { headers: { 'store-origin': shop.slug } });
        const quiet = await waitForQuiet();
        console.error(`lighthouse ${page.url}${RUNS > 1 ? ` (run ${i + 1} of ${RUNS})` : ''}`);
        const measureOnce = async () => {
          const result = await lighthouse(page.url, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          if (!result) throw new Error(`no result for ${page.url}`);
          return result.lhr as unknown as LH;
        };
        // A run Lighthouse could not record (NO_NAVSTART: its own trace) is measured again, twice at most; it is
        // still listed under the table, so a page that keeps failing shows.
        let lhr = await measureOnce();
        for (let retry = 0; retry < 2 && failure(lhr); retry++) {
          console.error(`  ${failure(lhr)}: measuring again`);
          runs.push({ lhr, load: quiet.load, quiet: quiet.quiet, retried: true });
          lhr = await measureOnce();
        }
        runs.push({ lhr, load: quiet.load, quiet: quiet.quiet });
      }
      const perf = (r: (typeof runs)[number]) => r.lhr.categories.performance?.score ?? 0;
      const measured = runs.filter((r) => !r.retried);
      const median = [...measured].sort((a, b) => perf(a) - perf(b))[Math.floor((measured.length - 1) / 2)];
      if (!median) throw new Error(`no run for ${page.url}`);
      if (RUNS > 1)
        runNotes.push(
          `- ${page.name}: performance ${runs.map((r) => `${Math.round(perf(r) * 100)} (${failure(r.lhr) ?? `LCP ${r.lhr.audits['largest-contentful-paint']?.displayValue}, TBT ${r.lhr.audits['total-blocking-time']?.displayValue}`}, load ${r.load.toFixed(2)})`).join(', ')}`,
        );
      const lhr = median.lhr;
      const quiet = median;
      version = lhr.lighthouseVersion;
      writeFileSync(
        join(OUT, `${page.name.toLowerCase().replace(/\s+/g, '-')}.json`),
        JSON.stringify(lhr, null, 1),
      );
      const categories = lhr.categories as unknown as Record<string, Category>;
      const audits = lhr.audits as unknown as Record<string, Audit>;
      const score = (c: string) => Math.round((categories[c]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? '-';
      table.push(
        `| ${page.name} (\`${new URL(page.url).pathname}\`) | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${metric('cumulative-layout-shift')} | ${metric('first-contentful-paint')} | ${quiet.load.toFixed(2)}${quiet.quiet ? '' : ' (busy)'} |`,
      );
      const lcp = audits['largest-contentful-paint']?.numericValue;
      if (lcp !== undefined && lcp > LCP_TARGET_MS)
        misses.push(
          `- ${page.name}, LCP ${metric('largest-contentful-paint')} (target ${LCP_TARGET_MS / 1000} s: MISSED)`,
        );
      // Where a category misses its target (or is below 100 for the other two), the audits that cost points.
      for (const [id, cat] of Object.entries(categories)) {
        const target = TARGETS[id] ?? 100;
        if (score(id) >= target && score(id) === 100) continue;
        const failing = cat.auditRefs
          .filter((r) => r.weight > 0)
          .map((r) => audits[r.id])
          .filter(
            (a): a is Audit => !!a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'manual',
          )
          .map((a) => `${a.id} (${a.score?.toFixed(2)}${a.displayValue ? `, ${a.displayValue}` : ''})`);
        const insights = Object.values(audits)
          .filter(
            (a) =>
              id === 'performance' &&
              a.scoreDisplayMode === 'metricSavings' &&
              a.score !== null &&
              a.score < 0.9 &&
              !cat.auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        if (failing.length || insights.length)
          misses.push(
            `- ${page.name}, ${id} ${score(id)}${score(id) < target ? ` (target ${target}: MISSED)` : ''}: ${[...failing, ...insights].join('; ')}`,
          );
      }
    }

    console.log(
      `\n### ${new Date().toISOString().slice(0, 10)}, Lighthouse ${version}: ${await machine()}, Chromium (${process.env.CHROME_PATH})\n`,
    );
    console.log(
      '| Page (mobile, simulated throttling) | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | FCP | load avg at start |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of table) console.log(r);
    console.log(`\nShop ${shop.slug}; reports in ${OUT}.`);
    if (runNotes.length) console.log(`\nEvery run (the table shows the median):\n${runNotes.join('\n')}`);
    if (misses.length) console.log(`\nAudits that cost points:\n${misses.join('\n')}`);
  } finally {
    chrome?.kill();
    await server?.stop();
    await db.drop();
  }
}

/** Why Lighthouse could not measure a run (its runtimeError: no paint, a page that hung), if it could not. */
function failure(lhr: LH) {
  const error = (lhr as { runtimeError?: { code: string; message?: string } }).runtimeError;
  return error
    ? `failed: ${error.code}${error.message ? `, ${error.message.slice(0, 160)}` : ''}`
    : undefined;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

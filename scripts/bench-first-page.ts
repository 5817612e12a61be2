// Issue 18, decision 0017: what a shopper on a phone's connection sees of a server-rendered shop page, in a real
// Chromium. A demo shop's home, listing and product page, each loaded with an empty cache under DevTools throttling
// (Lighthouse's mobile settings: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower, a 412 px wide
// screen), reporting per page the median of BENCH_RUNS loads of:
//   - LCP: the largest contentful paint, as the page's own PerformanceObserver reports it;
//   - interactive: when hydration ended (the server-drawn controls' fieldset loses `disabled`), so a button works;
//   - JS requests before LCP: how many of the page's scripts had started downloading when it painted.
// BENCH_BEFORE=<server entry> (with BENCH_BEFORE_WEB=<web dist> for its web build) measures another build too,
// interleaved with this one (before, after, before, after) on the same database.
//   npm run bench:first-page (builds first)   BENCH_RUNS=5
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { freshDatabase, machine, percentile, type Server, seededShop, startServer } from './bench-kit.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BEFORE = process.env.BENCH_BEFORE;
const LATENCY_MS = 150;
const DOWN = (1.6 * 1024 * 1024) / 8; // bytes per second
const UP = (750 * 1024) / 8;

/** Runs in the page before its own scripts: records the LCP, when hydration ends, and the scripts started before. */
const PROBE = `(() => {
  const probe = (window.__probe = { lcp: 0, interactive: 0, scriptsBeforeLcp: 0 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.lcp = e.startTime;
    probe.scriptsBeforeLcp = performance.getEntriesByType('resource')
      .filter((r) => r.initiatorType !== 'img' && /\\.js$/.test(r.name) && r.startTime < probe.lcp).length;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    const f = document.querySelector('#root fieldset');
    if (f && !f.disabled && !probe.interactive) probe.interactive = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
})()`;

type Sample = { lcp: number; interactive: number; scriptsBeforeLcp: number };
/** What the page's window holds here. */
type Page = { __probe: Sample; requestAnimationFrame(f: () => void): number };
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function main() {
  const db = await freshDatabase('haat_first_page');
  const servers: { name: string; server: Server }[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const shop = await seededShop(db.url);
    if (BEFORE) {
      const web = process.env.BENCH_BEFORE_WEB;
      servers.push({
        name: 'before',
        server: await startServer(db.url, { HOST: 'localhost', ...(web ? { WEB_DIST: web } : {}) }, BEFORE),
      });
    }
    servers.push({
      name: BEFORE ? 'after' : 'this build',
      server: await startServer(db.url, { HOST: 'localhost' }),
    });
    const pages = [
      { name: 'Shop home', path: '/' },
      { name: 'Listing', path: '/products' },
      { name: 'Product page', path: `/product/${shop.product}` },
    ];
    const samples = new Map<string, Sample[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        for (const { name, server } of servers) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
          });
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: LATENCY_MS,
            downloadThroughput: DOWN,
            uploadThroughput: UP,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await tab.addInitScript(PROBE);
          await tab.goto(`http://${shop.slug}.localhost:${server.port}${page.path}`, { waitUntil: 'load' });
          // Functions, not strings: the page's CSP forbids eval.
          await tab.waitForFunction(() => (globalThis as unknown as Page).__probe.interactive > 0, null, {
            timeout: 60_000,
          });
          // One more frame, so an LCP candidate painted with hydration is reported too.
          await tab.evaluate(
            () =>
              new Promise((r) =>
                (globalThis as unknown as Page).requestAnimationFrame(() => setTimeout(r, 50)),
              ),
          );
          const s = await tab.evaluate(() => ({ ...(globalThis as unknown as Page).__probe }));
          const key = `${page.name}\t${name}`;
          samples.set(key, [...(samples.get(key) ?? []), s]);
          await context.close();
        }
      }
    }
    console.log(
      `\n### ${new Date().toISOString().slice(0, 10)}, first page in Chromium, throttled like Lighthouse mobile: ${await machine()}\n`,
    );
    console.log(`| Page | Build | LCP | interactive | scripts started before LCP |`);
    console.log(`|---|---|---|---|---|`);
    for (const [key, xs] of samples) {
      const [page, build] = key.split('\t');
      const f = (n: number) => `${(n / 1000).toFixed(2)} s`;
      console.log(
        `| ${page} | ${build} | ${f(median(xs.map((x) => x.lcp)))} | ${f(median(xs.map((x) => x.interactive)))} | ${median(xs.map((x) => x.scriptsBeforeLcp))} |`,
      );
    }
    console.log(
      `\nMedians of ${RUNS} loads each, interleaved; load average at the end ${loadavg()[0]?.toFixed(2)}.`,
    );
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Issue 37, decision 0024: shop pages against a static file of the same server. One fresh PostgreSQL database with
// the demo seed, two production servers on it (PAGE_CACHE=on and PAGE_CACHE=off, both rendering on the server), and
// for an anonymous visitor with a browser's headers: a built JS asset, the product's JSON call, and the home,
// listing and product page HTML, at 10 and 50 connections. Reports req/s and p50/p99 per row, with the load average
// when each measurement started (the machine is shared: compare rows of one run, not runs).
//   npm run bench:pages (builds first)   BENCH_SECONDS=10 BENCH_QUIET_WAIT_S=0 (measure at once)
//   BENCH_BEFORE=<a server bundle of older code>: its pages measured too, each row next to this build's.
import {
  entryAsset,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  type Server,
  seededShop,
  startServer,
} from './bench-kit.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
/** BENCH_BEFORE=<server bundle>: another build (the code before a change) rendering every page too, in the same run. */
const BEFORE = process.env.BENCH_BEFORE;
type Mode = 'on' | 'off' | 'on, before' | 'off, before';

async function main() {
  const db = await freshDatabase('haat_bench_pages');
  const servers: Partial<Record<Mode, Server>> = {};
  try {
    const shop = await seededShop(db.url);
    for (const mode of ['on', 'off'] as const)
      servers[mode] = await startServer(db.url, { PAGE_CACHE: mode, SSR: 'on' });
    if (BEFORE)
      for (const mode of ['on', 'off'] as const)
        servers[`${mode}, before`] = await startServer(
          db.url,
          { PAGE_CACHE: mode, SSR: 'on', WEB_DIST: 'apps/web/dist' },
          BEFORE,
        );
    const pages: Mode[] = BEFORE ? ['on', 'on, before', 'off', 'off, before'] : ['on', 'off'];
    const rows: { name: string; path: string; modes: Mode[]; json?: boolean; unique?: boolean }[] = [
      { name: 'Static asset (JS entry)', path: entryAsset(), modes: ['on'] },
      {
        name: 'Product JSON (GET /api/store/stores/product/{id})',
        path: `/api/store/stores/product/${shop.product}`,
        modes: ['on'],
        json: true,
      },
      { name: 'Home HTML', path: '/', modes: pages },
      { name: 'Listing HTML', path: '/products', modes: pages },
      { name: 'Product page HTML', path: `/product/${shop.product}`, modes: pages },
      {
        // Every request an address never asked before (?ref=n): a miss that renders and is kept.
        name: 'Product page HTML, a new query each time',
        path: `/product/${shop.product}`,
        modes: BEFORE ? ['on', 'on, before'] : ['on'],
        unique: true,
      },
    ];
    const headers = (s: Server, json?: boolean) => ({
      host: `${shop.slug}.localhost:${s.port}`,
      accept: json ? 'application/json' : 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    const results: { row: string; cache: string; connections: number; m: Measured }[] = [];
    for (const connections of CONNECTIONS)
      for (const row of rows)
        for (const mode of row.modes) {
          const s = servers[mode];
          if (!s) continue;
          console.error(`${row.name}, page cache ${mode}, ${connections} connections`);
          let n = 0;
          const m = await measure(
            {
              url: `${s.origin}${row.path}`,
              connections,
              duration: DURATION,
              headers: headers(s, row.json),
              requests: row.unique
                ? [
                    {
                      method: 'GET',
                      setupRequest: (req) => ({
                        ...req,
                        path: `${row.path}?ref=${mode.replace(/\W+/g, '')}-${++n}`,
                      }),
                    },
                  ]
                : undefined,
            },
            { pid: s.pid },
          );
          if (Object.keys(m.statuses).some((code) => code !== '200'))
            console.error(`  ${row.name}: answers ${JSON.stringify(m.statuses)}`);
          results.push({
            row: row.name,
            cache: row.json || row.path.startsWith('/assets/') ? '-' : mode,
            connections,
            m,
          });
        }

    console.log(
      `\n### ${new Date().toISOString().slice(0, 10)}: ${await machine()}; shop ${shop.slug}; ${DURATION} s per row\n`,
    );
    console.log(
      '| What | Page cache | Connections | req/s | p50 ms | p99 ms | server CPU ms/req | not 200 | load avg at start |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of results)
      console.log(
        `| ${r.row} | ${r.cache} | ${r.connections} | ${Math.round(r.m.rps)} | ${ms(r.m.p50)} | ${ms(r.m.p99)} | ${r.m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${r.m.requests - (r.m.statuses['200'] ?? 0)} | ${loadNote(r.m)} |`,
      );
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

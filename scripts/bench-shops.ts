// Issue 18, decision 0020: the storefront listing when every request names another shop. `bench:baseline` asks one
// shop, so every storefront reader connection already holds its context; here each connection's requests go round
// the published shops with products, so most reads find their reader holding another shop and send
// `set app.store_id` first. Haat (apps/api/dist/server.mjs, or BENCH_HAAT) and, with BENCH_BEFORE=<bundle>, another
// build, interleaved in one run on one fresh PostgreSQL database with the demo shops.
// Reports req/s, p99, Node CPU and PostgreSQL CPU (the server's backends) per request.
// `npm run bench:shops` (BENCH_SECONDS, BENCH_ROUNDS=3, BENCH_CONNECTIONS=20).
import postgres from 'postgres';
import { freshDatabase, machine, measure, ms, type Server, startServer } from './bench-kit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PATH = '/api/store/stores/product?limit=12&offset=0';

async function publishedShops(url: string) {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await pg<{ slug: string }[]>`
      select s.slug from stores s join products p on p.store_id = s.id
      where s.online_status = 'PUBLISHED' and p.status = 'ACTIVE' group by s.slug order by s.slug`;
    return rows.map((r) => r.slug);
  } finally {
    await pg.end();
  }
}

async function main() {
  const { openDatabase } = await import('@haat/db');
  const { seedDemo } = await import('@haat/db/seed');
  const db = await freshDatabase('haat_bench_shops');
  const servers: { label: string; srv: Server; rps: number[]; p99: number[]; cpu: number[]; pg: number[] }[] =
    [];
  try {
    const setup = await openDatabase({ url: db.url });
    await setup.migrate();
    await seedDemo(setup.owner);
    await setup.close();
    const shops = await publishedShops(db.url);
    if (shops.length < 2) throw new Error('fewer than two published shops');
    const uncached = { STOREFRONT_CACHE_MS: '0' };
    const add = async (label: string, script: string) =>
      servers.push({
        label,
        srv: await startServer(db.url, uncached, script),
        rps: [],
        p99: [],
        cpu: [],
        pg: [],
      });
    await add('Haat', process.env.BENCH_HAAT ?? 'apps/api/dist/server.mjs');
    if (process.env.BENCH_BEFORE) await add('Haat before', process.env.BENCH_BEFORE);
    // Each connection sends the shops' listings in turn.
    const requests = shops.map((slug) => ({ method: 'GET' as const, headers: { 'store-origin': slug } }));
    for (let round = 0; round < ROUNDS; round++)
      for (const s of servers) {
        const m = await measure(
          {
            url: `${s.srv.origin}${PATH}`,
            connections: CONNECTIONS,
            duration: Number(process.env.BENCH_SECONDS ?? 10),
            requests,
          },
          { pid: s.srv.pid, db: db.name },
        );
        if (m.errors || Object.keys(m.statuses).some((x) => x !== '200'))
          throw new Error(`${s.label}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
        s.rps.push(m.rps);
        s.p99.push(m.p99);
        s.cpu.push(m.cpuMsPerReq ?? Number.NaN);
        s.pg.push(m.pgCpuMsPerReq ?? Number.NaN);
        console.error(
          `  ${s.label}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms, Node ${m.cpuMsPerReq?.toFixed(3)} / PostgreSQL ${m.pgCpuMsPerReq?.toFixed(3)} CPU ms/req, load ${m.load.toFixed(2)}`,
        );
      }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`\n### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${await machine()}\n`);
    console.log(
      `The default listing, each connection going round ${shops.length} shops (${CONNECTIONS} connections, ${ROUNDS} interleaved rounds).\n`,
    );
    console.log('| Server | req/s (each round) | p99 ms | Node CPU ms/req | PostgreSQL CPU ms/req |');
    console.log('|---|---|---|---|---|');
    for (const s of servers)
      console.log(
        `| ${s.label} | ${Math.round(avg(s.rps))} (${s.rps.map((x) => Math.round(x)).join(', ')}) | ${ms(Math.max(...s.p99))} | ${avg(s.cpu).toFixed(3)} | ${avg(s.pg).toFixed(3)} |`,
      );
  } finally {
    await Promise.all(servers.map(({ srv }) => srv.stop()));
    await db.drop();
  }
}

await main();

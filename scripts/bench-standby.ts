// Issue 36, decision 0026: the storefront listing and the marketplace search with their reads on a standby, against
// the same server with every read on the primary, interleaved in one run. A primary and a streaming standby of
// their own (apps/api/test/standby-pair.ts: Debian's PostgreSQL 15, a temporary folder, fsync off), the demo shops,
// the bundled server (apps/api/dist/server.mjs) started twice on the same database. Reports req/s, p99 and the CPU
// the primary's and the standby's backends spent per request: what a standby takes off the primary. On one machine
// both servers share its cores, so throughput can only show the overhead; the primary's CPU shows the saving.
// `npm run bench:standby` (BENCH_SECONDS=10, BENCH_ROUNDS=3, BENCH_CONNECTIONS=20).
import postgres from 'postgres';
import { hasPostgresBinaries, startStandbyPair } from '../apps/api/test/standby-pair.ts';
import { cpuMs, machine, measure, ms, type Server, startServer } from './bench-kit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** CPU ms of every client backend of a server, by pid. */
async function backends(url: string) {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await pg<{ pid: number }[]>`
      select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`;
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
  } finally {
    await pg.end();
  }
}
const spent = (before: Map<number, number>, after: Map<number, number>) => {
  let total = 0;
  for (const [pid, v] of after) if (Number.isFinite(v)) total += v - (before.get(pid) ?? 0);
  return total;
};

async function main() {
  if (!hasPostgresBinaries()) throw new Error('needs PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin');
  const { openDatabase } = await import('@haat/db');
  const { seedDemo } = await import('@haat/db/seed');
  const pair = await startStandbyPair();
  const servers: { label: string; srv: Server }[] = [];
  try {
    const admin = postgres(pair.primaryUrl(), { max: 1, onnotice: () => {} });
    await admin.unsafe('create database haat');
    await admin.end();
    const setup = await openDatabase({ url: pair.primaryUrl('haat') });
    await setup.migrate();
    await seedDemo(setup.owner);
    await setup.close();
    const shop = postgres(pair.primaryUrl('haat'), { max: 1, onnotice: () => {} });
    const [first] = await shop<{ slug: string }[]>`
      select s.slug from stores s join products p on p.store_id = s.id
      where s.online_status = 'PUBLISHED' group by s.slug order by count(*) desc limit 1`;
    await shop.end();
    const base = { STOREFRONT_CACHE_MS: '0' };
    servers.push({ label: 'primary only', srv: await startServer(pair.primaryUrl('haat'), base) });
    servers.push({
      label: 'reads on the standby',
      srv: await startServer(pair.primaryUrl('haat'), {
        ...base,
        DATABASE_READ_URL: pair.standbyUrl('haat'),
      }),
    });
    const paths = [
      { name: 'Listing (JSON)', path: '/api/store/stores/product?limit=12&offset=0', shop: first?.slug },
      { name: 'Marketplace search', path: '/api/store/get-store/products/?q=cotton', shop: undefined },
    ];
    const results = new Map<string, { rps: number[]; p99: number[]; primary: number[]; standby: number[] }>();
    for (let round = 0; round < ROUNDS; round++)
      for (const p of paths)
        for (const s of servers) {
          const [pb, sb] = [await backends(pair.primaryUrl()), await backends(pair.standbyUrl())];
          const m = await measure(
            {
              url: `${s.srv.origin}${p.path}`,
              connections: CONNECTIONS,
              duration: SECONDS,
              headers: p.shop ? { 'store-origin': p.shop } : {},
            },
            { pid: s.srv.pid, waitQuiet: false },
          );
          const [pa, sa] = [await backends(pair.primaryUrl()), await backends(pair.standbyUrl())];
          if (m.errors || Object.keys(m.statuses).some((x) => x !== '200'))
            throw new Error(`${s.label} ${p.name}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
          const key = `${p.name}|${s.label}`;
          const r = results.get(key) ?? { rps: [], p99: [], primary: [], standby: [] };
          r.rps.push(m.rps);
          r.p99.push(m.p99);
          r.primary.push(spent(pb, pa) / m.requests);
          r.standby.push(spent(sb, sa) / m.requests);
          results.set(key, r);
          console.error(
            `  ${p.name}, ${s.label}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms, load ${m.load.toFixed(2)}`,
          );
        }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`\n### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${await machine()}\n`);
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} interleaved rounds; primary and standby on this machine.\n`,
    );
    console.log('| Call | Reads | req/s (each round) | p99 ms | primary CPU ms/req | standby CPU ms/req |');
    console.log('|---|---|---|---|---|---|');
    for (const [key, r] of results) {
      const [name, label] = key.split('|');
      console.log(
        `| ${name} | ${label} | ${Math.round(avg(r.rps))} (${r.rps.map((x) => Math.round(x)).join(', ')}) | ${ms(Math.max(...r.p99))} | ${avg(r.primary).toFixed(3)} | ${avg(r.standby).toFixed(3)} |`,
      );
    }
  } finally {
    await Promise.all(servers.map(({ srv }) => srv.stop()));
    await pair.close();
  }
}

await main();

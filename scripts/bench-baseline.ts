// Issue 18: the storefront's hot reads against their one-query baselines (scripts/baseline-server.mjs: Fastify +
// postgres-js, one SQL statement per request, no auth, no zod): the listing (three queries), the product page, its
// similar products and the shop's home, uncached (Haat runs with STOREFRONT_CACHE_MS=0, so every home request reads
// the database, as the baseline's does). Both on one fresh PostgreSQL database with the demo shops, first checked to
// answer the same JSON `data` (and X-Total-Count), then measured interleaved in one run (Haat, baseline, Haat,
// baseline) so the machine's load falls on both alike. Every request names the shop by store-origin and sends the
// same Host (the home's store_url is built from it, port included).
// Reports per query: req/s, p99, server CPU ms per request and the ratio Haat / baseline of req/s.
// Part of `npm run bench`; alone: `npm run bench:baseline` (BENCH_SECONDS, BENCH_ROUNDS=2, BENCH_CONNECTIONS=20).
// BENCH_HAAT=<bundle> measures another build than apps/api/dist/server.mjs; BENCH_BEFORE=<bundle> adds another build of Haat (e.g. the code before a change) to the same interleaving.
import { get } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { freshDatabase, machine, measure, ms, type Server, startServer } from './bench-kit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/**
 * The queries of issue 18 for a shop: the listing (the web app's default, a search with a sort, a category), the
 * product page and similar products of the category's best seller, and the home.
 */
export async function storefrontQueries(url: string) {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [shop] = await pg<{ id: string; slug: string }[]>`
      select s.id, s.slug from stores s join products p on p.store_id = s.id
      where s.online_status = 'PUBLISHED' group by s.id order by count(*) desc, s.slug limit 1`;
    if (!shop) throw new Error('no published shop');
    const [cat] = await pg<{ id: string }[]>`
      select category_id as id from products where store_id = ${shop.id} and category_id is not null
      group by category_id order by count(*) desc limit 1`;
    const [word] = await pg<{ w: string }[]>`
      select lower(split_part(product_name, ' ', 1)) as w from products where store_id = ${shop.id} and status = 'ACTIVE'
      group by 1 order by count(*) desc limit 1`;
    const [product] = await pg<{ id: string }[]>`
      select id from products where store_id = ${shop.id} and status = 'ACTIVE' and category_id = ${cat?.id ?? null}
      order by units_sold desc, id limit 1`;
    const base = '/api/store/stores/product';
    return {
      slug: shop.slug,
      queries: [
        { name: 'listing, default (12 cards)', path: `${base}?sort=relevance&limit=12&offset=0` },
        {
          name: `listing, search "${word?.w}" by price`,
          path: `${base}?search=${encodeURIComponent(word?.w ?? 'a')}&sort=price_asc&limit=12&offset=0`,
        },
        { name: 'listing, a category', path: `${base}?category=${cat?.id}&sort=relevance&limit=12&offset=0` },
        { name: 'product page', path: `${base}/${product?.id}` },
        { name: 'similar products', path: `${base}/${product?.id}/similar-product/` },
        { name: 'home, uncached', path: '/api/store/stores/home/' },
      ],
    };
  } finally {
    await pg.end();
  }
}

interface Row {
  name: string;
  server: string;
  rps: number[];
  p99: number[];
  cpu: number[];
  load: number[];
}

/** GET with our own Host header (fetch would replace it with the server's address). */
const getJson = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; total: string | null; body: { data?: unknown } }>((resolve, reject) =>
    get(url, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        try {
          const total = res.headers['x-total-count'];
          resolve({
            status: res.statusCode ?? 0,
            total: total ? String(total) : null,
            body: JSON.parse(text),
          });
        } catch (err) {
          reject(err);
        }
      });
    }).on('error', reject),
  );

/** Runs the comparison on an already seeded database; returns markdown lines. */
export async function compareWithBaseline(url: string, dbName: string) {
  const { slug, queries } = await storefrontQueries(url);
  const headers = { 'store-origin': slug, host: 'localhost' };
  const servers: { label: string; srv: Server }[] = [];
  try {
    // The home uncached: Haat otherwise keeps it for STOREFRONT_CACHE_MS (2 s) per shop.
    const uncached = { STOREFRONT_CACHE_MS: '0' };
    const haat = await startServer(url, uncached, process.env.BENCH_HAAT ?? 'apps/api/dist/server.mjs');
    servers.push({ label: 'Haat', srv: haat });
    if (process.env.BENCH_BEFORE)
      servers.push({ label: 'Haat before', srv: await startServer(url, uncached, process.env.BENCH_BEFORE) });
    const baseline = await startServer(url, {}, 'scripts/baseline-server.mjs');
    servers.push({ label: 'baseline', srv: baseline });
    // Same data from every server.
    for (const q of queries) {
      const bodies = await Promise.all(
        servers.map(async ({ srv }) => {
          const res = await getJson(`${srv.origin}${q.path}`, headers);
          if (res.status !== 200) throw new Error(`${q.path}: ${res.status}`);
          return { total: res.total, data: res.body.data };
        }),
      );
      for (const b of bodies.slice(1))
        if (!isDeepStrictEqual(b, bodies[0]))
          throw new Error(`${q.name}: the servers answer differently\n${JSON.stringify(bodies, null, 1)}`);
      const data = bodies[0]?.data;
      if (!data || (Array.isArray(data) && data.length === 0)) throw new Error(`${q.name}: no data`);
    }
    const rows: Row[] = [];
    for (const q of queries) {
      const byServer = new Map(
        servers.map(({ label }) => [
          label,
          { name: q.name, server: label, rps: [], p99: [], cpu: [], load: [] } as Row,
        ]),
      );
      for (let round = 0; round < ROUNDS; round++)
        for (const { label, srv } of servers) {
          const m = await measure(
            {
              url: `${srv.origin}${q.path}`,
              connections: CONNECTIONS,
              duration: Number(process.env.BENCH_SECONDS ?? 10),
              headers,
            },
            { pid: srv.pid, db: dbName },
          );
          if (m.errors || Object.keys(m.statuses).some((s) => s !== '200'))
            throw new Error(`${q.name} on ${label}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
          const r = byServer.get(label);
          r?.rps.push(m.rps);
          r?.p99.push(m.p99);
          r?.cpu.push(m.cpuMsPerReq ?? Number.NaN);
          r?.load.push(m.load);
          console.error(
            `  ${q.name} / ${label}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms, ${m.cpuMsPerReq?.toFixed(3)} CPU ms/req, load ${m.load.toFixed(2)}`,
          );
        }
      rows.push(...byServer.values());
    }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const lines = [
      `| Query (${CONNECTIONS} connections, ${ROUNDS} interleaved rounds) | Server | req/s (each round) | p99 ms | Node CPU ms/req | req/s vs baseline | load (1 min) |`,
      '|---|---|---|---|---|---|---|',
    ];
    for (const q of queries) {
      const base = rows.find((r) => r.name === q.name && r.server === 'baseline');
      for (const r of rows.filter((x) => x.name === q.name))
        lines.push(
          `| ${q.name} | ${r.server} | ${Math.round(avg(r.rps))} (${r.rps.map((x) => Math.round(x)).join(', ')}) | ${ms(Math.max(...r.p99))} | ${avg(r.cpu).toFixed(3)} | ${base ? (avg(r.rps) / avg(base.rps)).toFixed(2) : '-'} | ${r.load.map((x) => x.toFixed(1)).join(', ')} |`,
        );
    }
    return lines;
  } finally {
    await Promise.all(servers.map(({ srv }) => srv.stop()));
  }
}

async function main() {
  const { openDatabase } = await import('@haat/db');
  const { seedDemo } = await import('@haat/db/seed');
  const db = await freshDatabase('haat_bench_baseline');
  try {
    const setup = await openDatabase({ url: db.url });
    await setup.migrate();
    await seedDemo(setup.owner);
    await setup.close();
    const lines = await compareWithBaseline(db.url, db.name);
    console.log(`\n### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${await machine()}\n`);
    for (const l of lines) console.log(l);
  } finally {
    if (process.env.BENCH_KEEP) {
      console.log(`Kept the database ${db.name} (BENCH_KEEP).`);
      await db.keep();
    } else await db.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });

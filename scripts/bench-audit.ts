// `npm run bench:audit`: the audit trail on a shop with 1,000,000 audit events (issue 15, "Performance"):
// GET /api/admin/audit-trail/ with a person and a date range p95 <= 50 ms at 20 connections.
// A fresh database on the local server (BENCH_DATABASE_URL, an admin URL), migrated, with the demo shops; one demo
// shop gets 1,000,000 events over the last 12 months from its owner and 7 other people (set-based, as the database
// owner), then ANALYZE. The bundled server runs as a child process; the owner signs in and autocannon loads each
// request at 20 connections (BENCH_CONNECTIONS, a list: "20,4"). BENCH_KEEP=1 keeps the database (for EXPLAIN).
import postgres from 'postgres';
import { DEMO_VENDOR_PASSWORD } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import {
  DURATION,
  finishBench,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  runBench,
  type Server,
  startServer,
} from './bench-kit.ts';
import { seededDemoShop } from './bench-shop-orders.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20').split(',').map(Number);
const log = (line: string) => console.error(line);
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** 1,000,000 events: 8 people (the owner a quarter of them), the kinds and actions the back office writes. */
async function loadEvents(sql: postgres.Sql, storeId: string, ownerId: string) {
  const people = [ownerId];
  for (let i = 1; i < 8; i++) {
    const [u] = await sql<{ id: string }[]>`
      insert into users (role, email, first_name, last_name, email_verified_at)
      values ('VENDOR', ${`staff${i}.${Date.now()}@bench.haat.in`}, ${`Staff${i}`}, 'Bench', now()) returning id`;
    if (u) people.push(u.id);
  }
  await sql`
    insert into audit_events (store_id, actor_id, entity, entity_id, action, summary, before, after, created_at)
    select ${storeId}::uuid,
           (${people}::uuid[])[case when g % 4 = 0 then 1 else 2 + (g % 7) end],
           (array['PRODUCT','STOCK','ORDER','ORDER','ORDER','SETTINGS','COUPON','INVOICE'])[1 + g % 8],
           gen_random_uuid()::text,
           (array['UPDATE','UPDATE','STATUS','SHIPPING','CREATE','UPDATE','UPDATE','ISSUE'])[1 + g % 8],
           'Order ORD-' || (1000 + g % 90000) || ' marked shipped',
           jsonb_build_object('status', 'PROCESSING'),
           jsonb_build_object('status', 'SHIPPED'),
           now() - (g::double precision / ${EVENTS}) * interval '365 days'
      from generate_series(1, ${EVENTS}) g`;
  // Autovacuum would have run over a year of rows: the index-only scans need the visibility map.
  await sql`vacuum analyze audit_events`;
  return people;
}

async function main() {
  const db = await freshDatabase('haat_bench_audit');
  let server: Server | undefined;
  try {
    const shop = await seededDemoShop(db.url);
    const loader = postgres(db.url, { max: 1, onnotice: () => {} });
    const t0 = performance.now();
    const people = await loadEvents(loader, shop.id, shop.owner);
    const loadS = (performance.now() - t0) / 1000;
    const [c] = await loader<
      { n: number }[]
    >`select count(*)::int as n from audit_events where store_id = ${shop.id}`;
    await loader.end();

    const now = new Date();
    const monthAgo = istDay(new Date(now.getTime() - 30 * 86_400_000));
    const q = (p: Record<string, string>) => `/api/admin/audit-trail/?${new URLSearchParams(p)}`;
    const requests = [
      { name: '(a) first page, no filter', path: '/api/admin/audit-trail/' },
      {
        name: '(b) the owner + last 30 days',
        path: q({ actor_id: shop.owner, from: monthAgo, to: istDay(now) }),
      },
      {
        name: '(c) another person + a month 6 months ago, page 3',
        path: q({
          actor_id: people[3] ?? shop.owner,
          from: istDay(new Date(now.getTime() - 200 * 86_400_000)),
          to: istDay(new Date(now.getTime() - 170 * 86_400_000)),
          offset: '50',
        }),
      },
      {
        name: '(d) kind ORDER + last 30 days',
        path: q({ entity: 'ORDER', from: monthAgo, to: istDay(now) }),
      },
      {
        name: '(e) search an order number + last 30 days',
        path: q({ search: 'ORD-1234', from: monthAgo, to: istDay(now) }),
      },
      { name: '(f) the people filter', path: '/api/admin/audit-trail/people/' },
    ];

    server = await startServer(db.url);
    const origin = server.origin;
    const headers: Record<string, string> = { 'store-origin': shop.slug };
    const signIn = async () => {
      const res = await fetch(`${origin}/api/admin/admin-login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' }),
      });
      const body = (await res.json()) as { data: { access_token: string } };
      headers.authorization = `Bearer ${body.data.access_token}`;
    };
    const results: { name: string; path: string; connections: number; m: Measured; answered: string }[] = [];
    for (const connections of CONNECTIONS) {
      for (const r of requests) {
        await signIn();
        const probe = await fetch(`${origin}${r.path}`, { headers });
        const data = ((await probe.json()) as { data: { results?: unknown[]; count?: number } | unknown[] })
          .data;
        const answered = Array.isArray(data)
          ? `${data.length} people`
          : `${data.results?.length} rows, count ${data.count}`;
        log(`${r.name}, ${connections} connections: ${r.path} (${answered})`);
        const m = await measure(
          { url: `${origin}${r.path}`, connections, duration: DURATION, headers },
          { pid: server.pid, db: db.name, prepare: signIn },
        );
        if (m.requests !== (m.statuses['200'] ?? 0) || !m.requests) {
          throw new Error(`${r.path}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
        }
        log(`  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, load ${loadNote(m)}`);
        results.push({ ...r, connections, m, answered });
      }
    }
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: audit trail, ${await machine()}\n`,
      `Shop ${shop.slug}: ${c?.n.toLocaleString('en')} audit events over 12 months by 8 people, loaded in ${loadS.toFixed(0)} s. ${DURATION} s each after 3 s warm-up.\n`,
      '| Request | connections | answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | load avg at start |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(
        ({ name, path, connections, m, answered }) =>
          `| ${name}: \`${decodeURIComponent(path)}\` | ${connections} | ${answered} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${loadNote(m)} |`,
      ),
    ];
    console.log(`\n${out.join('\n')}`);
  } finally {
    await finishBench(server, db);
  }
}

runBench(main);

// `npm run bench:admin-orders`: the back office's Order Management on a shop with 100,000 orders (issue 12,
// "Contract and quality"): GET /api/admin/order/ with a search, a status filter and a date range p95 <= 50 ms at 20
// connections with <= 3 SQL statements (the stats included), GET /api/admin/order/{id}/ with <= 2.
// A fresh database on the local server (BENCH_DATABASE_URL, an admin URL), migrated, with the demo shops; one demo
// shop gets 5,000 customers (Indian names, emails, phones) and 100,000 orders spread over the last 12 months in a
// few set-based statements as the database owner (status by age, COD and UPI with their payment states, one to three
// lines, the events and a payment each). The bundled server runs as a child process; the vendor signs in through
// POST /api/admin/admin-login/, and autocannon loads four requests at 20 connections (BENCH_CONNECTIONS, a list: "20,4"). SQL
// statements per request are counted in-process with `openDatabase({ onQuery })` on one warmed request each.
// BENCH_KEEP=1 keeps the database (for EXPLAIN).
import { openDatabase } from '@haat/db';
import postgres from 'postgres';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { DEMO_VENDOR_PASSWORD } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import {
  AUTH_SECRET,
  classify,
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
import { CUSTOMERS, loadOrders, seededDemoShop } from './bench-shop-orders.ts';

/** The target's concurrency is 20; `BENCH_CONNECTIONS=20,4` adds a run at 4 (a few people of one shop). */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20').split(',').map(Number);
const log = (line: string) => console.error(line);

/** IST calendar day (YYYY-MM-DD) of an instant. */
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function main() {
  const db = await freshDatabase('haat_bench_admin_orders');
  const url = db.url;
  let server: Server | undefined;
  try {
    const shop = await seededDemoShop(url);

    const loader = postgres(url, { max: 1, onnotice: () => {} });
    const t0 = performance.now();
    await loadOrders(loader, shop.id);
    const loadS = (performance.now() - t0) / 1000;
    const [counts] = await loader<{ orders: number; items: number; first: Date; last: Date }[]>`
      select (select count(*)::int from orders where store_id = ${shop.id}) as orders,
             (select count(*)::int from order_items where store_id = ${shop.id}) as items,
             (select min(created_at) from orders where store_id = ${shop.id}) as first,
             (select max(created_at) from orders where store_id = ${shop.id}) as last`;

    // The requests. (b) a phone fragment (6 middle digits) of the customer of a delivered order placed about two
    // months ago, that status, the IST calendar month it fell in; (c) that customer's full name, three months.
    const [probe] = await loader<{ id: string; phone: string; name: string; status: string; at: Date }[]>`
      select id, ship_phone as phone, ship_name as name, status, created_at as at from orders
       where store_id = ${shop.id} and status = 'DELIVERED' and created_at < now() - interval '60 days'
       order by created_at desc limit 1`;
    await loader.end();
    if (!probe) throw new Error('no delivered order');
    const day = istDay(probe.at);
    const monthFrom = `${day.slice(0, 7)}-01`;
    const monthEnd = new Date(`${monthFrom}T00:00:00Z`);
    monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1);
    monthEnd.setUTCDate(0);
    const monthTo = monthEnd.toISOString().slice(0, 10);
    const threeFrom = new Date(`${monthFrom}T00:00:00Z`);
    threeFrom.setUTCMonth(threeFrom.getUTCMonth() - 2);
    const fragment = probe.phone.slice(2, 8);
    const q = (params: Record<string, string>) => `/api/admin/order/?${new URLSearchParams(params)}`;
    const requests = [
      { name: '(a) default first page', path: '/api/admin/order/' },
      {
        name: `(b) search phone fragment + status=${probe.status} + one month`,
        path: q({ search: fragment, status: probe.status, from: monthFrom, to: monthTo }),
      },
      {
        name: '(c) search customer name + three months',
        path: q({ search: probe.name, from: threeFrom.toISOString().slice(0, 10), to: monthTo }),
      },
      { name: '(d) order detail', path: `/api/admin/order/${probe.id}/` },
    ];

    // SQL statements per request, counted in-process on a warmed request each (shop directory cache warm).
    let statements: string[] = [];
    const counted = await openDatabase({ url, onQuery: (s) => statements.push(s) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_SECRET, RATE_LIMITS: 'off' }),
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/',
      payload: { email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
    const headersIn = {
      authorization: `Bearer ${login.json().data.access_token}`,
      'store-origin': shop.slug,
    };
    const perRequest: { statements: ReturnType<typeof classify>; answered: string; texts: string[] }[] = [];
    for (const r of requests) {
      await app.inject({ url: r.path, headers: headersIn });
      statements = [];
      const res = await app.inject({ url: r.path, headers: headersIn });
      if (res.statusCode !== 200) throw new Error(`${r.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const data = res.json().data;
      const answered = data.order_list
        ? `${data.order_list.length} rows, count ${data.count}, stats total ${data.order_stats.total_order}`
        : `one order, ${data.order_details.order_item.length} items, ${data.order_details.timeline.length} events`;
      perRequest.push({ statements: classify(statements), answered, texts: statements });
    }
    await app.close();
    await counted.close();
    if (process.env.BENCH_SHOW_SQL) {
      for (const [i, p] of perRequest.entries()) log(`${requests[i]?.name}:\n  ${p.texts.join('\n  ')}`);
    }

    server = await startServer(url);
    const origin = server.origin;
    // Access tokens last 15 minutes and the waits for a quiet machine can be longer: sign in before each run.
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

    const results: { i: number; connections: number; m: Measured }[] = [];
    for (const connections of CONNECTIONS) {
      for (const [i, r] of requests.entries()) {
        log(`${r.name}, ${connections} connections: ${r.path}`);
        const m = await measure(
          { url: `${origin}${r.path}`, connections, duration: DURATION, headers },
          { pid: server.pid, db: db.name, prepare: signIn },
        );
        // Timeouts (autocannon's 10 s) are reported in the row; any answer but 200 stops the run.
        if (m.requests !== (m.statuses['200'] ?? 0) || !m.requests) {
          throw new Error(`${r.path}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
        }
        log(`  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, load ${loadNote(m)}`);
        results.push({ i, connections, m });
      }
    }

    const stmt = (s: ReturnType<typeof classify>) =>
      `${s.queries} (+${s.context} context, +${s.tx} BEGIN/COMMIT)`;
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Order Management, ${await machine()}\n`,
      `Shop ${shop.slug}: ${counts?.orders.toLocaleString('en')} orders (${counts?.items.toLocaleString('en')} lines) from ${counts ? istDay(counts.first) : ''} to ${counts ? istDay(counts.last) : ''}, ${CUSTOMERS.toLocaleString('en')} customers, loaded in ${loadS.toFixed(0)} s. ${DURATION} s each after 3 s warm-up.\n`,
      '| Request | connections | answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | SQL statements/req | load avg at start |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(({ i, connections, m }) => {
        const r = requests[i];
        const p = perRequest[i];
        return `| ${r?.name}: \`${decodeURIComponent(r?.path.replaceAll('+', ' ') ?? '')}\` | ${connections} | ${p?.answered}${m.errors ? `; ${m.errors} timed out` : ''} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${p ? stmt(p.statements) : '-'} | ${loadNote(m)} |`;
      }),
    ];
    console.log(`\n${out.join('\n')}`);
  } finally {
    await finishBench(server, db);
  }
}

runBench(main);

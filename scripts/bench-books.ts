// `npm run bench:books`: the profit and loss of a shop with 100,000 orders, 20,000 purchases (goods receipt lines)
// and 5,000 expenses (issue 38: p95 <= 100 ms at 20 connections). A fresh database on the local server
// (BENCH_DATABASE_URL, an admin URL), migrated, with the demo shops; one demo shop gets the 100,000-order year of
// the back-office benchmarks (bench-shop-orders.ts), 2,000 goods receipts of 10 lines each and 5,000 expenses over
// the same year, written directly as the database owner. The bundled server runs as a child process; the owner
// signs in, and autocannon loads each request at 20 connections (BENCH_CONNECTIONS, a list: "20,4"), after a
// reference in the same run: the dashboard (the other reader of order_day_stats) and a one-statement call (the
// expense list of one month). SQL statements per request are counted in-process. BENCH_KEEP=1 keeps the database.
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
import { loadOrders, seededDemoShop } from './bench-shop-orders.ts';

const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20').split(',').map(Number);
const RECEIPTS = 2_000;
const LINES_PER_RECEIPT = 10;
const EXPENSES = 5_000;
const log = (line: string) => console.error(line);
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** 20,000 goods receipt lines (2,000 receipts) and 5,000 expenses over the last year, as the database owner. */
async function loadBooks(sql: postgres.Sql, storeId: string) {
  await sql.begin(async (tx) => {
    await tx`select set_config('app.store_id', ${storeId}, true)`;
    const [supplier] = await tx<{ id: string }[]>`
      insert into suppliers (store_id, supplier_name, company_name, supplier_contact)
      values (${storeId}, 'Bench Supplier', 'Bench Wholesale Pvt Ltd', '9812345678') returning id`;
    await tx`
      insert into goods_receipts (store_id, number, supplier_id, received_at, created_at)
      select ${storeId}, 5000 + g, ${supplier?.id ?? ''},
             now() - ((${RECEIPTS}::int - g) / ${RECEIPTS}::numeric * 365) * interval '1 day',
             now() - ((${RECEIPTS}::int - g) / ${RECEIPTS}::numeric * 365) * interval '1 day'
        from generate_series(1, ${RECEIPTS}::int) g`;
    await tx`
      with v as (
        select array_agg(id order by id) as ids, array_agg(product_id order by id) as products,
               array_agg(coalesce(cost_paise, 10000) order by id) as costs
          from product_variants where store_id = ${storeId}
      )
      insert into goods_receipt_lines (store_id, goods_receipt_id, product_id, variant_id, name, quantity,
                                       unit_cost_paise, tax_percent, average_cost_before_paise, average_cost_after_paise)
      select r.store_id, r.id, v.products[k], v.ids[k], 'Bench line ' || j, 1 + (r.number + j) % 12,
             v.costs[k], 12, v.costs[k], v.costs[k]
        from goods_receipts r cross join v
        cross join lateral generate_series(1, ${LINES_PER_RECEIPT}::int) j
        cross join lateral (select 1 + ((r.number * 31 + j * 7) % cardinality(v.ids)) as k) x
       where r.store_id = ${storeId} and r.number > 5000`;
    await tx`
      insert into expenses (store_id, category, spent_on, amount_paise, gst_paise, payee, method, description)
      select ${storeId},
             (array['Rent', 'Salaries and wages', 'Electricity', 'Internet and phone', 'Courier and shipping',
                    'Packaging', 'Marketing', 'Repairs', 'Travel', 'Bank charges', 'Other'])[1 + g % 11],
             (now() - (g % 365) * interval '1 day')::date, 10000 + (g * 7919) % 500000,
             case when g % 3 = 0 then ((10000 + (g * 7919) % 500000) * 18 / 118) else 0 end,
             'Payee ' || (g % 50), (array['CASH', 'UPI', 'CARD', 'BANK'])[1 + g % 4], 'Bench expense ' || g
        from generate_series(1, ${EXPENSES}::int) g`;
  });
  for (const t of ['goods_receipts', 'goods_receipt_lines', 'expenses'])
    await sql.unsafe(`vacuum analyze ${t}`);
}

/** The requests: this month so far, last whole month, the last 12 months as one period, and the references. */
function requestsFor(now: Date) {
  const today = istDay(now);
  const month = (k: number) => {
    const [y = 2000, m = 1] = today.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1 + k, 1)).toISOString().slice(0, 10);
  };
  const lastMonthEnd = new Date(Date.parse(`${month(0)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [
    {
      name: 'Reference: one statement (expense list of a month)',
      path: `/api/admin/expense/?month=${today.slice(0, 7)}`,
    },
    { name: 'Reference: dashboard, yearly', path: '/api/admin/dashboard/?period=yearly' },
    { name: '(a) profit and loss, this month (the page as it opens)', path: '/api/admin/profit-loss/' },
    {
      name: '(b) profit and loss, last month',
      path: `/api/admin/profit-loss/?from=${month(-1)}&to=${lastMonthEnd}`,
    },
    {
      name: '(c) profit and loss, the last 12 months as one period',
      path: `/api/admin/profit-loss/?from=${month(-11)}&to=${today}`,
    },
    {
      name: '(d) the CSV of last month',
      path: `/api/admin/profit-loss/export.csv?from=${month(-1)}&to=${lastMonthEnd}`,
    },
  ];
}

type Shop = { id: string; slug: string; email: string };

/** SQL statements of one warmed request each, counted in-process. */
async function countStatements(url: string, shop: Shop, requests: { path: string }[]) {
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
  const headers = { authorization: `Bearer ${login.json().data.access_token}`, 'store-origin': shop.slug };
  const out: { statements: ReturnType<typeof classify>; answered: string }[] = [];
  for (const r of requests) {
    await app.inject({ url: r.path, headers });
    statements = [];
    const res = await app.inject({ url: r.path, headers });
    if (res.statusCode !== 200) throw new Error(`${r.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const data = r.path.includes('.csv') ? null : res.json().data;
    const answered = data?.sales
      ? `net sales ₹${data.sales.net}, ${data.sales.orders} orders, ${data.expenses.count} expenses, net ₹${data.net_profit}`
      : data?.results
        ? `${data.results.length} of ${data.count} expenses`
        : data?.revenue
          ? `revenue ₹${data.revenue.yearly.value}`
          : `${res.body.split('\n').length} CSV lines`;
    out.push({ statements: classify(statements), answered });
  }
  await app.close();
  await counted.close();
  return out;
}

async function measureAll(
  server: Server,
  dbName: string,
  shop: Shop,
  requests: { name: string; path: string }[],
) {
  const headers: Record<string, string> = { 'store-origin': shop.slug };
  const signIn = async () => {
    const res = await fetch(`${server.origin}/api/admin/admin-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' }),
    });
    headers.authorization = `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}`;
  };
  const results: { i: number; connections: number; m: Measured }[] = [];
  for (const connections of CONNECTIONS) {
    for (const [i, r] of requests.entries()) {
      log(`${r.name}, ${connections} connections: ${r.path}`);
      const m = await measure(
        { url: `${server.origin}${r.path}`, connections, duration: DURATION, headers },
        { pid: server.pid, db: dbName, prepare: signIn },
      );
      if (m.requests !== (m.statuses['200'] ?? 0) || !m.requests)
        throw new Error(`${r.path}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
      log(`  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, load ${loadNote(m)}`);
      results.push({ i, connections, m });
    }
  }
  return results;
}

async function main() {
  const db = await freshDatabase('haat_bench_books');
  let server: Server | undefined;
  try {
    const shop = await seededDemoShop(db.url);

    const loader = postgres(db.url, { max: 1, onnotice: () => {} });
    const t0 = performance.now();
    await loadOrders(loader, shop.id);
    await loadBooks(loader, shop.id);
    const loadS = (performance.now() - t0) / 1000;
    const [c] = await loader<{ orders: number; items: number; lines: number; expenses: number }[]>`
      select (select count(*)::int from orders where store_id = ${shop.id}) as orders,
             (select count(*)::int from order_items where store_id = ${shop.id}) as items,
             (select count(*)::int from goods_receipt_lines where store_id = ${shop.id}) as lines,
             (select count(*)::int from expenses where store_id = ${shop.id}) as expenses`;
    await loader.end();

    const requests = requestsFor(new Date());
    const perRequest = await countStatements(db.url, shop, requests);
    server = await startServer(db.url);
    const results = await measureAll(server, db.name, shop, requests);

    const stmt = (s: ReturnType<typeof classify>) =>
      `${s.queries} (+${s.context} context, +${s.tx} BEGIN/COMMIT)`;
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: profit and loss, ${await machine()}\n`,
      `Shop ${shop.slug}: ${c?.orders.toLocaleString('en')} orders (${c?.items.toLocaleString('en')} lines) over a year, ${c?.lines.toLocaleString('en')} goods receipt lines, ${c?.expenses.toLocaleString('en')} expenses, loaded in ${loadS.toFixed(0)} s. ${DURATION} s each after 3 s warm-up.\n`,
      '| Request | connections | answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | SQL statements/req | load avg at start |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(({ i, connections, m }) => {
        const r = requests[i];
        const p = perRequest[i];
        return `| ${r?.name}: \`${r?.path}\` | ${connections} | ${p?.answered}${m.errors ? `; ${m.errors} timed out` : ''} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${p ? stmt(p.statements) : '-'} | ${loadNote(m)} |`;
      }),
    ];
    console.log(`\n${out.join('\n')}`);
  } finally {
    await finishBench(server, db);
  }
}

runBench(main);

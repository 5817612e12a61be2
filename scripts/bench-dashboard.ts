// `npm run bench:dashboard`: the back-office dashboard of a shop with 100,000 orders, on PostgreSQL.
// Uses BENCH_DATABASE_URL (an admin URL; default the local server) to create a fresh database, migrates it,
// seeds the demo shops, then gives one demo shop 100,000 orders over two years (with their lines, events,
// payments and stock-ledger rows) in a few generate_series statements. It measures GET /api/admin/dashboard/
// through the built server (apps/api/dist/server.mjs) with autocannon at 10 and 20 connections, for each
// period, and prints p50/p95/p99 and the SQL statements one request sends. BENCH_KEEP=1 keeps the database.
import { openDatabase } from '@haat/db';
import postgres from 'postgres';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { DEMO_VENDOR_PASSWORD } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import {
  DURATION,
  finishBench,
  freshDatabase,
  loadNote,
  machine,
  measure,
  ms,
  runBench,
  type Server,
  startServer,
} from './bench-kit.ts';
import { seededDemoShop } from './bench-shop-orders.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = 5_000;
const DAYS = 730;

/**
 * 100,000 orders for one shop over the last two years, as the order flow writes them: customers, orders with
 * one to three lines priced from the shop's products, a PENDING event per order (and its final status), a
 * payment per order and a SALE ledger row per line. Status by age: older orders delivered, cancelled or
 * returned; the last week pending, processing or shipped.
 */
async function loadOrders(sql: postgres.Sql, storeId: string) {
  await sql.begin(async (tx) => {
    await tx`select set_config('app.store_id', ${storeId}, true)`;
    await tx`
      insert into users (store_id, role, email, first_name, last_name, created_at)
      select ${storeId}, 'CUSTOMER', 'bench.' || g || '@customers.bench.haat.in', 'Bench', 'Customer ' || g,
             now() - interval '800 days'
        from generate_series(1, ${CUSTOMERS}) g`;
    await tx`
      with p as (
        select array_agg(id order by id) as ids,
               array_agg(coalesce(sale_price_paise, price_paise) order by id) as prices
          from products where store_id = ${storeId} and status = 'ACTIVE'
      ), c as (
        select array_agg(id order by id) as ids from users where store_id = ${storeId} and role = 'CUSTOMER'
      ), g as (
        select g, now() - (random() * ${DAYS}) * interval '1 day' as at, random() as r
          from generate_series(1, ${ORDERS}) g
      )
      insert into orders (store_id, number, customer_id, status, payment_method, payment_status, subtotal_paise,
                          shipping_paise, tax_paise, total_paise, total_items, delivery_name, delivery_estimate,
                          ship_name, ship_line1, ship_city, ship_state, ship_postal_code, created_at, updated_at,
                          delivered_at, cancelled_at)
      select ${storeId}, 100000 + g.g, c.ids[1 + (g.g * 7919) % cardinality(c.ids)], st.status, 'COD',
             case st.status when 'DELIVERED' then 'SUCCESS' when 'CANCELLED' then 'CANCELLED'
                            when 'RETURNED' then 'REFUNDED' else 'PENDING' end,
             s.subtotal, case when s.subtotal >= 49900 then 0 else 4000 end, round(s.subtotal * 0.05),
             s.subtotal + case when s.subtotal >= 49900 then 0 else 4000 end, s.n,
             'Standard Delivery', '3-5 business days', 'Bench Customer', '1 Test Street', 'Pune', 'Maharashtra',
             '411001', g.at, g.at,
             case when st.status in ('DELIVERED', 'RETURNED') then g.at + interval '3 days' end,
             case when st.status = 'CANCELLED' then g.at + interval '2 hours' end
        from g cross join p cross join c
        cross join lateral (
          select sum(p.prices[1 + ((g.g * 7 + j * 13) % cardinality(p.ids))]) as subtotal, count(*) as n
            from generate_series(1, 1 + g.g % 3) j
        ) s
        cross join lateral (
          select case
            when g.at > now() - interval '1 day' then case when g.r < 0.8 then 'PENDING' else 'PROCESSING' end
            when g.at > now() - interval '7 days' then case when g.r < 0.3 then 'PROCESSING' else 'SHIPPED' end
            when g.r < 0.85 then 'DELIVERED'
            when g.r < 0.94 then 'CANCELLED'
            else 'RETURNED' end as status
        ) st`;
    await tx`
      with p as (
        select array_agg(id order by id) as ids from products where store_id = ${storeId} and status = 'ACTIVE'
      )
      insert into order_items (store_id, order_id, product_id, name, sku, quantity, unit_price_paise, cost_paise,
                               tax_percent)
      select o.store_id, o.id, pr.id, pr.product_name, pr.sku, 1, coalesce(pr.sale_price_paise, pr.price_paise),
             pr.cost_paise, pr.tax_percent
        from orders o cross join p
        cross join lateral generate_series(1, 1 + (o.number - 100000) % 3) j
        join products pr on pr.store_id = o.store_id
                        and pr.id = p.ids[1 + (((o.number - 100000) * 7 + j * 13) % cardinality(p.ids))]
       where o.store_id = ${storeId} and o.number > 100000`;
    await tx`
      insert into order_events (store_id, order_id, status, actor_id, created_at)
      select store_id, id, 'PENDING', customer_id, created_at from orders
       where store_id = ${storeId} and number > 100000
      union all
      select store_id, id, status, null, coalesce(delivered_at, cancelled_at, created_at + interval '1 day')
        from orders where store_id = ${storeId} and number > 100000 and status <> 'PENDING'`;
    await tx`
      insert into payment_transactions (store_id, reference, order_id, amount_paise, payment_mode, payment_status,
                                        created_at, updated_at)
      select store_id, 'TXN-' || number, id, total_paise, 'COD', payment_status, created_at, updated_at
        from orders where store_id = ${storeId} and number > 100000`;
    await tx`
      insert into stock_ledger (store_id, product_id, change, quantity_after, reason, note, order_id, actor_id,
                                created_at)
      select i.store_id, i.product_id, -i.quantity, (o.number * 31) % 60, 'SALE', 'ORD-' || o.number, o.id,
             o.customer_id, o.created_at
        from order_items i join orders o on o.store_id = i.store_id and o.id = i.order_id
       where i.store_id = ${storeId} and o.number > 100000`;
    await tx`
      update order_counters set last_number = ${100000 + ORDERS} where store_id = ${storeId}`;
  });
  // What autovacuum does after a bulk load: statistics and the visibility map.
  for (const t of [
    'orders',
    'order_items',
    'order_events',
    'payment_transactions',
    'stock_ledger',
    'users',
  ]) {
    await sql.unsafe(`vacuum analyze ${t}`);
  }
}

async function main() {
  const db = await freshDatabase('haat_bench_dash');
  const url = db.url;
  let server: Server | undefined;
  try {
    const shop = await seededDemoShop(url);

    const loader = postgres(url, { max: 1, onnotice: () => {} });
    const t0 = performance.now();
    await loadOrders(loader, shop.id);
    const [counts] = await loader<{ orders: string; items: string; events: string; ledger: string }[]>`
      select (select count(*) from orders where store_id = ${shop.id}) as orders,
             (select count(*) from order_items where store_id = ${shop.id}) as items,
             (select count(*) from order_events where store_id = ${shop.id}) as events,
             (select count(*) from stock_ledger where store_id = ${shop.id}) as ledger`;
    await loader.end();
    const loadMs = performance.now() - t0;

    // SQL statements per request, counted in-process.
    let statements: string[] = [];
    const counted = await openDatabase({ url, onQuery: (q) => statements.push(q) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', RATE_LIMITS: 'off' }),
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/',
      payload: { email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' },
    });
    const inProcessToken = login.json().data.access_token as string;
    const headersIn = { authorization: `Bearer ${inProcessToken}`, 'store-origin': shop.slug };
    await app.inject({ url: '/api/admin/dashboard/', headers: headersIn });
    statements = [];
    const probe = await app.inject({ url: '/api/admin/dashboard/', headers: headersIn });
    if (probe.statusCode !== 200) throw new Error(`dashboard: ${probe.statusCode} ${probe.body}`);
    const tx = statements.filter((s) => /^(begin|commit|rollback)\b/i.test(s.trim())).length;
    const sqlCount = `${statements.length - tx} (+${tx} BEGIN/COMMIT)`;
    const totals = probe.json().data;
    await app.close();
    await counted.close();

    server = await startServer(url);
    const origin = server.origin;
    const signIn = await fetch(`${origin}/api/admin/admin-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' }),
    });
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}`, 'store-origin': shop.slug };

    const run = async (path: string, connections: number) => {
      const m = await measure({ url: `${origin}${path}`, connections, duration: DURATION, headers });
      if (m.errors || m.requests !== (m.statuses['200'] ?? 0) || !m.requests) {
        throw new Error(`${path}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
      }
      return `| ${path} | ${connections} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${loadNote(m)} |`;
    };
    const rows: string[] = [];
    for (const connections of [10, 20]) {
      for (const path of [
        '/api/admin/dashboard/',
        '/api/admin/dashboard/?period=quarterly',
        '/api/admin/dashboard/?period=yearly',
      ]) {
        rows.push(await run(path, connections));
      }
    }

    console.log(`\n### ${new Date().toISOString().slice(0, 10)}: dashboard, ${await machine()}\n`);
    console.log(
      `Shop ${shop.slug}: ${counts?.orders} orders over ${DAYS} days, ${counts?.items} lines, ${counts?.events} order events, ${counts?.ledger} stock-ledger rows (loaded in ${Math.round(loadMs / 1000)} s). Yearly revenue ₹${totals.revenue.yearly.value.toLocaleString('en-IN')}, ${totals.total_order.yearly.value} orders in the year.\n`,
    );
    console.log(
      `| Request (${DURATION} s) | connections | req/s | p50 ms | p95 ms | p99 ms | load avg at start |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(
      `\n- SQL statements per dashboard request: ${sqlCount}; the first request of a day for a shop and period reads the customers of the past days too (+2).`,
    );
  } finally {
    await finishBench(server, db);
  }
}

runBench(main);

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
import { openDatabase, schema } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import {
  DEMO_VENDOR_PASSWORD,
  setDemoVendorPasswords,
} from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import {
  AUTH_SECRET,
  classify,
  DURATION,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  type Server,
  startServer,
} from './bench-kit.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = 5_000;
const DAYS = 365;
/** The target's concurrency is 20; `BENCH_CONNECTIONS=20,4` adds a run at 4 (a few people of one shop). */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20').split(',').map(Number);
const log = (line: string) => console.error(line);

const FIRST = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Rahul',
  'Meera',
  'Aditya',
  'Pooja',
  'Karthik',
  'Divya',
  'Siddharth',
  'Lakshmi',
  'Imran',
  'Fatima',
  'Harpreet',
  'Simran',
  'Joseph',
  'Mary',
  'Nikhil',
  'Neha',
  'Suresh',
  'Anjali',
  'Manoj',
  'Ritu',
  'Gaurav',
  'Swati',
  'Vivek',
  'Nandini',
  'Abhishek',
  'Shreya',
  'Deepak',
  'Aishwarya',
  'Farhan',
  'Zoya',
  'Ravi',
  'Gayatri',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Gupta',
  'Singh',
  'Khan',
  'Das',
  'Banerjee',
  'Mukherjee',
  'Menon',
  'Pillai',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Chatterjee',
  'Bose',
  'Mehta',
  'Kapoor',
  'Malhotra',
  'Agarwal',
  'Chauhan',
  'Yadav',
  'Fernandes',
  'DSouza',
  'Gill',
];
const CITIES: [string, string, string][] = [
  ['Bengaluru', 'Karnataka', '560001'],
  ['Mumbai', 'Maharashtra', '400001'],
  ['Pune', 'Maharashtra', '411001'],
  ['Chennai', 'Tamil Nadu', '600001'],
  ['Hyderabad', 'Telangana', '500001'],
  ['Kolkata', 'West Bengal', '700001'],
  ['New Delhi', 'Delhi', '110001'],
  ['Jaipur', 'Rajasthan', '302001'],
  ['Kochi', 'Kerala', '682001'],
  ['Ahmedabad', 'Gujarat', '380001'],
];

/**
 * 5,000 customers and 100,000 orders for one shop over the last 12 months, as the order flow writes them (in time
 * order, numbers rising with time, so the table's rows lie in the order they were placed, as in production): the
 * customer's name, email and phone copied onto the order (contact phone as +91…, shipping phone as 10 digits),
 * one to three lines priced from the shop's products, a PENDING event (and the final status's), a payment each.
 * Status by age: the last day pending or confirmed, the last week processing or shipped, older ones delivered
 * (84 %), cancelled (10 %) or returned (6 %). 60 % cash on delivery (paid when delivered), 40 % UPI (paid, or
 * pending/failed for recent ones). The triggers (day stats) run as in production.
 */
async function loadOrders(sql: postgres.Sql, storeId: string) {
  await sql.begin(async (tx) => {
    await tx`select set_config('app.store_id', ${storeId}, true)`;
    await tx`
      insert into users (store_id, role, email, first_name, last_name, phone, email_verified_at, created_at)
      select ${storeId}, 'CUSTOMER', lower(f.v || '.' || l.v || g || '@example.in'), f.v, l.v,
             (6000000000 + (g::bigint * 7919 * 104729) % 3999999999)::text, now() - interval '400 days',
             now() - interval '400 days'
        from generate_series(1, ${CUSTOMERS}::int) g
        cross join lateral (select (${FIRST}::text[])[1 + g % ${FIRST.length}::int] as v) f
        cross join lateral (select (${LAST}::text[])[1 + (g / ${FIRST.length}::int + g * 7) % ${LAST.length}::int] as v) l`;
    await tx`
      with p as (
        select array_agg(id order by id) as ids,
               array_agg(coalesce(sale_price_paise, price_paise) order by id) as prices
          from products where store_id = ${storeId} and status = 'ACTIVE'
      ), c as (
        select array_agg(id order by id) as ids, array_agg(first_name || ' ' || last_name order by id) as names,
               array_agg(email order by id) as emails, array_agg(phone order by id) as phones
          from users where store_id = ${storeId} and role = 'CUSTOMER'
      ), city as (
        select ${CITIES.map((c) => c[0])}::text[] as names, ${CITIES.map((c) => c[1])}::text[] as states,
               ${CITIES.map((c) => c[2])}::text[] as pins
      ), g as (
        select g, now() - ((${ORDERS}::int - g + random()) / ${ORDERS}::int * ${DAYS}::int) * interval '1 day' as at,
               random() as r, random() as r2,
               1 + (g * 7919) % ${CUSTOMERS}::int as ci
          from generate_series(1, ${ORDERS}::int) g
      )
      insert into orders (store_id, number, customer_id, status, payment_method, payment_status, subtotal_paise,
                          shipping_paise, tax_paise, total_paise, total_items, delivery_name, delivery_estimate,
                          ship_name, ship_phone, ship_line1, ship_city, ship_state, ship_postal_code,
                          contact_email, contact_phone, tracking_number, carrier, created_at, updated_at,
                          confirmed_at, shipped_at, delivered_at, cancelled_at, returned_at)
      select ${storeId}, 100000 + g.g, c.ids[g.ci], st.status, pm.method,
             case
               when st.status = 'CANCELLED' then 'CANCELLED'
               when st.status = 'RETURNED' then 'REFUNDED'
               when st.status = 'DELIVERED' then 'SUCCESS'
               when pm.method = 'COD' then 'PENDING'
               when g.r2 < 0.85 then 'SUCCESS'
               when g.r2 < 0.95 then 'PENDING'
               else 'FAILED' end,
             s.subtotal, case when s.subtotal >= 49900 then 0 else 4000 end, round(s.subtotal * 0.05),
             s.subtotal + case when s.subtotal >= 49900 then 0 else 4000 end, s.n,
             case when g.r2 < 0.8 then 'Standard Delivery' else 'Express Delivery' end,
             case when g.r2 < 0.8 then '3-5 business days' else '1-2 business days' end,
             c.names[g.ci], c.phones[g.ci], (g.g % 300 + 1) || ', ' || (array['MG Road', 'Station Road', 'Park Street', 'Gandhi Nagar', 'Nehru Colony'])[1 + g.g % 5],
             city.names[1 + g.ci % 10], city.states[1 + g.ci % 10], city.pins[1 + g.ci % 10],
             c.emails[g.ci], '+91' || c.phones[g.ci],
             case when st.status in ('SHIPPED', 'DELIVERED', 'RETURNED') then 'DL' || (10000000 + g.g) end,
             case when st.status in ('SHIPPED', 'DELIVERED', 'RETURNED') then 'Delhivery' end,
             g.at, g.at,
             case when st.status <> 'PENDING' then g.at + interval '1 hour' end,
             case when st.status in ('SHIPPED', 'DELIVERED', 'RETURNED') then g.at + interval '1 day' end,
             case when st.status in ('DELIVERED', 'RETURNED') then g.at + interval '3 days' end,
             case when st.status = 'CANCELLED' then g.at + interval '2 hours' end,
             case when st.status = 'RETURNED' then g.at + interval '10 days' end
        from g cross join p cross join c cross join city
        cross join lateral (
          select sum(p.prices[1 + ((g.g * 7 + j * 13) % cardinality(p.ids))]) as subtotal, count(*) as n
            from generate_series(1, 1 + g.g % 3) j
        ) s
        cross join lateral (select case when g.g % 5 < 3 then 'COD' else 'UPI' end as method) pm
        cross join lateral (
          select case
            when g.at > now() - interval '1 day' then case when g.r < 0.7 then 'PENDING' else 'CONFIRMED' end
            when g.at > now() - interval '7 days' then case when g.r < 0.4 then 'PROCESSING' else 'SHIPPED' end
            when g.r < 0.84 then 'DELIVERED'
            when g.r < 0.94 then 'CANCELLED'
            else 'RETURNED' end as status
        ) st
       order by g.g`;
    await tx`
      with p as (
        select array_agg(id order by id) as ids from products where store_id = ${storeId} and status = 'ACTIVE'
      )
      insert into order_items (store_id, order_id, product_id, name, sku, image, quantity, unit_price_paise,
                               cost_paise, tax_percent)
      select o.store_id, o.id, pr.id, pr.product_name, pr.sku, null, 1, coalesce(pr.sale_price_paise, pr.price_paise),
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
      select store_id, id, status, null,
             coalesce(returned_at, delivered_at, cancelled_at, shipped_at, confirmed_at, created_at + interval '1 hour')
        from orders where store_id = ${storeId} and number > 100000 and status <> 'PENDING'`;
    await tx`
      insert into payment_transactions (store_id, reference, order_id, amount_paise, payment_mode, payment_status,
                                        received_at, created_at, updated_at)
      select store_id, 'TXN-' || number, id, total_paise, payment_method, payment_status,
             case when payment_status = 'SUCCESS' then coalesce(delivered_at, created_at + interval '1 hour') end,
             created_at, updated_at
        from orders where store_id = ${storeId} and number > 100000`;
    await tx`update order_counters set last_number = ${100000 + ORDERS} where store_id = ${storeId}`;
  });
  // What autovacuum does after a bulk load: statistics and the visibility map.
  for (const t of ['orders', 'order_items', 'order_events', 'payment_transactions', 'users']) {
    await sql.unsafe(`vacuum analyze ${t}`);
  }
}

/** IST calendar day (YYYY-MM-DD) of an instant. */
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function main() {
  const db = await freshDatabase('haat_bench_admin_orders');
  const url = db.url;
  let server: Server | undefined;
  try {
    const setup = await openDatabase({ url });
    await setup.migrate();
    await seedDemo(setup.owner);
    await setDemoVendorPasswords(setup.owner);
    const [shop] = await setup.owner
      .select({ id: schema.stores.id, slug: schema.stores.slug, email: schema.users.email })
      .from(schema.stores)
      .innerJoin(schema.users, eq(schema.users.id, schema.stores.ownerId))
      .where(eq(schema.stores.onlineStatus, 'PUBLISHED'))
      .orderBy(schema.stores.slug)
      .limit(1);
    await setup.close();
    if (!shop) throw new Error('no published demo shop');

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
    await server?.stop();
    if (process.env.BENCH_KEEP) {
      console.log(`Kept the database ${db.name} (BENCH_KEEP).`);
      await db.keep();
    } else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

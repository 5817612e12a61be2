// The 100,000-order shop of the back-office benchmarks (bench-admin-orders.ts, bench-transactions.ts, bench-books.ts):
// customers with Indian names, emails and phones, and a year of orders with their lines, events and payments, written
// as the database owner in a few set-based statements; and the seeded demo database they (and bench-audit.ts,
// bench-dashboard.ts) start from (`seededDemoShop`).
import { openDatabase, schema } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { eq } from 'drizzle-orm';
import type postgres from 'postgres';
import { setDemoVendorPasswords } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';

/**
 * Readies a fresh benchmark database (the url of `freshDatabase`): migrated, the demo shops seeded and their owners'
 * passwords set. Returns the first published demo shop by slug, the one the back-office benchmarks load: its id,
 * slug, and its owner's id and email.
 */
export async function seededDemoShop(url: string) {
  const setup = await openDatabase({ url });
  try {
    await setup.migrate();
    await seedDemo(setup.owner);
    await setDemoVendorPasswords(setup.owner);
    const [shop] = await setup.owner
      .select({
        id: schema.stores.id,
        slug: schema.stores.slug,
        email: schema.users.email,
        owner: schema.users.id,
      })
      .from(schema.stores)
      .innerJoin(schema.users, eq(schema.users.id, schema.stores.ownerId))
      .where(eq(schema.stores.onlineStatus, 'PUBLISHED'))
      .orderBy(schema.stores.slug)
      .limit(1);
    if (!shop) throw new Error('no published demo shop');
    return shop;
  } finally {
    await setup.close();
  }
}

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
export const CUSTOMERS = 5_000;
const DAYS = 365;

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
export async function loadOrders(sql: postgres.Sql, storeId: string) {
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

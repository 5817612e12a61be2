// `npm run bench:orders`: place-order throughput on PostgreSQL (issue 6). A fresh database with the demo shops;
// customers are inserted directly (users, an address, cart lines) and their access tokens minted with the
// server's AUTH_SECRET, so sign-up and its rate limits stay out of the way. Each request is a new order of one
// cart line (every customer orders once per run), at 20 connections: (a) every order on one hot product,
// (b) orders spread over the shop's products. Afterwards the database must agree with itself: for every
// product, stock + units sold = initial, order lines and SALE ledger rows add up to the same, and there are as
// many orders as 201 answers. Prints a markdown block for docs/benchmarks.md. (Generated ids are md5-based with
// the version and variant digits of a v4 UUID, which the API's validation asks for.)
// BENCH_BEFORE_SERVER=<bundle>: the server before a change against this tree's, on the same database, interleaved
// (before, after, before, after for (a), then for (b); bench-kit's startSides); each run has customers of its own.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { signAccessToken } from '../apps/api/src/modules/accounts/tokens.ts';
import {
  AUTH_SECRET,
  BEFORE_SERVER,
  beforeAfter,
  classify,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  type Side,
  startServer,
  startSides,
} from './bench-kit.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
/** The target's concurrency is 20; other values are for experiments. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = 200;
/** Runs of each case: one, or before, after, before, after (BENCH_BEFORE_SERVER). */
const ROUNDS = BEFORE_SERVER ? 4 : 1;
/** Customers of one run: it builds up to 20 requests more than it sends. */
const BLOCK = ORDERS + 40;
const HOT_STOCK = 100_000;
const SPREAD_STOCK = 10_000;
const PLACE = '/api/store/order/create-order/';
const secret = new TextEncoder().encode(AUTH_SECRET);
const log = (line: string) => console.error(line);
const rows = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];

interface Job {
  customerId: string;
  lineId: string;
  addressId: string;
  token?: string;
}

async function main() {
  const db = await freshDatabase('haat_bench_orders');
  let sides: Side[] = [];
  try {
    const setup = await openDatabase({ url: db.url });
    await setup.migrate();
    await seedDemo(setup.owner);
    const owner = setup.owner;

    // The open shop with the most active products that takes cash on delivery.
    const [shop] = rows<{ id: string; slug: string; n: number }>(
      await owner.execute(sql`
        select s.id, s.slug, count(p.id)::int as n from stores s
        join products p on p.store_id = s.id and p.status = 'ACTIVE'
        join store_settings st on st.store_id = s.id and 'COD' = any(st.payment_methods)
        where s.online_status = 'PUBLISHED'
        group by s.id, s.slug order by n desc, s.slug limit 1`),
    );
    if (!shop) throw new Error('no open demo shop');
    const [delivery] = rows<{ id: string }>(
      await owner.execute(
        sql`select id from delivery_options where store_id = ${shop.id}::uuid and active order by position, name limit 1`,
      ),
    );
    if (!delivery) throw new Error('no delivery option');
    const products = rows<{ id: string }>(
      await owner.execute(
        sql`select id from products where store_id = ${shop.id}::uuid and status = 'ACTIVE' order by slug`,
      ),
    ).map((p) => p.id);
    const hot = products[0] as string;
    const spread = products.slice(1);
    await owner.execute(
      sql`update products set quantity = case when id = ${hot}::uuid then ${HOT_STOCK}::int else ${SPREAD_STOCK}::int end where store_id = ${shop.id}::uuid and status = 'ACTIVE'`,
    );
    await owner.execute(sql`drop table if exists bench_initial`);
    await owner.execute(
      sql`create table bench_initial as
          select p.id, p.quantity, p.units_sold,
                 (select coalesce(sum(i.quantity), 0)::int from order_items i where i.store_id = p.store_id and i.product_id = p.id) as sold,
                 (select coalesce(-sum(l.change), 0)::int from stock_ledger l where l.store_id = p.store_id and l.product_id = p.id and l.reason = 'SALE') as ledger,
                 (select count(*)::int from orders o where o.store_id = p.store_id) as orders
          from products p where p.store_id = ${shop.id}::uuid`,
    );

    // Customers, each with an address and one cart line per run: the hot product, and one of the others.
    // Warm-up customers for each server, a block per round (its hot line for (a), its other line for (b)), the probe.
    const servers = BEFORE_SERVER ? 2 : 1;
    const customers = WARMUP * servers + ROUNDS * BLOCK + 1;
    log(`${shop.slug}: ${products.length} products; creating ${customers} customers`);
    await owner.execute(sql`
      insert into users (id, store_id, role, email, first_name, last_name, phone, email_verified_at)
      select overlay(overlay(md5('bench-customer-' || g) placing '4' from 13) placing '8' from 17)::uuid, ${shop.id}::uuid, 'CUSTOMER', 'shopper' || g || '@bench.haat.in',
             'Shopper', 'No ' || g, (7000000000 + g)::text, now()
      from generate_series(1, ${customers}::int) g`);
    await owner.execute(sql`
      insert into customer_addresses (store_id, id, customer_id, full_name, address_line1, city, state, postal_code, is_default)
      select ${shop.id}::uuid, overlay(overlay(md5('bench-address-' || g) placing '4' from 13) placing '8' from 17)::uuid, overlay(overlay(md5('bench-customer-' || g) placing '4' from 13) placing '8' from 17)::uuid, 'Shopper ' || g,
             g || ' Residency Road', 'Bengaluru', 'Karnataka', '560025', true
      from generate_series(1, ${customers}::int) g`);
    await owner.execute(sql`
      insert into cart_items (store_id, id, customer_id, product_id, quantity)
      select ${shop.id}::uuid, overlay(overlay(md5('bench-hot-' || g) placing '4' from 13) placing '8' from 17)::uuid, overlay(overlay(md5('bench-customer-' || g) placing '4' from 13) placing '8' from 17)::uuid, ${hot}::uuid, 1
      from generate_series(1, ${customers}::int) g`);
    await owner.execute(sql`
      insert into cart_items (store_id, id, customer_id, product_id, quantity)
      select ${shop.id}::uuid, overlay(overlay(md5('bench-spread-' || g) placing '4' from 13) placing '8' from 17)::uuid, overlay(overlay(md5('bench-customer-' || g) placing '4' from 13) placing '8' from 17)::uuid,
             (${JSON.stringify(spread)}::jsonb ->> (g % ${spread.length}::int))::uuid, 1 + g % 2
      from generate_series(1, ${customers}::int) g`);
    await owner.execute(sql`analyze`);
    const ids = rows<{ customer: string; hot: string; spread: string; address: string }>(
      await owner.execute(sql`
        select overlay(overlay(md5('bench-customer-' || g) placing '4' from 13) placing '8' from 17)::uuid as customer, overlay(overlay(md5('bench-hot-' || g) placing '4' from 13) placing '8' from 17)::uuid as hot,
               overlay(overlay(md5('bench-spread-' || g) placing '4' from 13) placing '8' from 17)::uuid as spread, overlay(overlay(md5('bench-address-' || g) placing '4' from 13) placing '8' from 17)::uuid as address
        from generate_series(1, ${customers}::int) g order by g`),
    );

    const body = (j: Job) =>
      JSON.stringify({
        cart_item: [{ id: j.lineId }],
        shipping_address: j.addressId,
        delivery_type: delivery.id,
        payment_option: 'COD',
      });
    // Each token belongs to an open sign-in (a refresh-token row of its family), as the server checks.
    const mint = async (jobs: Job[]) => {
      const families = jobs.map(() => randomUUID());
      await owner.execute(sql`
        insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
        select u, f, 'bench-' || f, now() + interval '1 day'
        from unnest(${`{${jobs.map((j) => j.customerId).join(',')}}`}::uuid[], ${`{${families.join(',')}}`}::uuid[]) as t(u, f)`);
      await Promise.all(
        jobs.map(async (j, i) => {
          j.token = await signAccessToken(secret, {
            userId: j.customerId,
            role: 'CUSTOMER',
            storeId: shop.id,
            familyId: families[i] ?? randomUUID(),
          });
        }),
      );
    };
    const jobsOf = (from: number, to: number, line: 'hot' | 'spread'): Job[] =>
      ids.slice(from, to).map((r) => ({ customerId: r.customer, lineId: r[line], addressId: r.address }));

    // Statements of one order, counted in-process (the last customer's hot line).
    let statements: string[] = [];
    const counted = await openDatabase({ url: db.url, onQuery: (q) => statements.push(q) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_SECRET, RATE_LIMITS: 'off' }),
      logger: false,
    });
    const probe = jobsOf(customers - 1, customers, 'hot');
    await mint(probe);
    await app.inject({ url: '/api/store/stores/home/', headers: { 'store-origin': shop.slug } });
    statements = [];
    const one = await app.inject({
      method: 'POST',
      url: PLACE,
      payload: body(probe[0] as Job),
      headers: {
        authorization: `Bearer ${probe[0]?.token}`,
        'store-origin': shop.slug,
        'idempotency-key': randomUUID(),
        'content-type': 'application/json',
      },
    });
    if (one.statusCode !== 201) throw new Error(`place order: ${one.statusCode} ${one.body.slice(0, 300)}`);
    const perOrder = classify(statements);
    await app.close();
    await counted.close();

    const started = await startSides(db.url);
    sides = started.sides;
    const restarts: string[] = [];
    const created = { n: 0 };
    const run = async (side: Side, jobs: Job[], amount: number, warmupOnly = false) => {
      if (!side.srv.alive()) {
        restarts.push(`run ${restarts.length + 1}`);
        log('  the server is gone: starting it again');
        side.srv = await startServer(db.url, {}, side.script);
      }
      const srv = side.srv;
      const queue = [...jobs];
      const m = await measure(
        {
          url: srv.origin,
          connections: CONNECTIONS,
          amount,
          requests: [
            {
              method: 'POST',
              path: PLACE,
              setupRequest: (req) => {
                const j = queue.shift();
                if (!j) return req;
                return {
                  ...req,
                  headers: {
                    authorization: `Bearer ${j.token}`,
                    'store-origin': shop.slug,
                    'idempotency-key': randomUUID(),
                    'content-type': 'application/json',
                  },
                  body: body(j),
                };
              },
            },
          ],
        },
        { warmup: 0, pid: srv.pid, db: db.name, prepare: () => mint(jobs) },
      );
      created.n += m.statuses['201'] ?? 0;
      if (!warmupOnly && Object.keys(m.statuses).some((s) => s !== '201'))
        log(`  statuses ${JSON.stringify(m.statuses)}`);
      return { side: side.label, m };
    };
    const distinct = [...new Set(sides)];
    for (const [i, side] of distinct.entries()) {
      log(`warm-up${side.label ? ` on ${side.label}` : ''}`);
      await run(side, jobsOf(i * WARMUP, (i + 1) * WARMUP, 'spread'), WARMUP - 40, true);
    }
    const block = (i: number, line: 'hot' | 'spread') =>
      jobsOf(distinct.length * WARMUP + i * BLOCK, distinct.length * WARMUP + (i + 1) * BLOCK, line);
    const hotRuns = [];
    for (const [i, side] of sides.entries()) {
      log(`(a) one hot product${side.label ? `, ${side.label}` : ''}`);
      hotRuns.push(await run(side, block(i, 'hot'), ORDERS));
    }
    const spreadRuns = [];
    for (const [i, side] of sides.entries()) {
      log(`(b) spread over the products${side.label ? `, ${side.label}` : ''}`);
      spreadRuns.push(await run(side, block(i, 'spread'), ORDERS));
    }
    for (const side of distinct) await side.srv.stop();
    sides = [];
    await setup.close(); // after the runs: each run's tokens are minted through it

    // No oversell: stock + sold = initial for every product, and every record agrees.
    const check = await openDatabase({ url: db.url });
    const [v] = rows<{
      products: number;
      bad_stock: number;
      bad_sold: number;
      bad_ledger: number;
      negative: number;
      orders: number;
      duplicate_numbers: number;
      hot_sold: number;
      hot_left: number;
    }>(
      await check.owner.execute(sql`
        with sold as (
          select product_id, sum(quantity)::int as q from order_items where store_id = ${shop.id}::uuid group by product_id
        ), ledger as (
          select product_id, -sum(change)::int as q from stock_ledger
          where store_id = ${shop.id}::uuid and reason = 'SALE' group by product_id
        )
        select count(*)::int as products,
               count(*) filter (where i.quantity - p.quantity <> coalesce(s.q, 0) - i.sold)::int as bad_stock,
               count(*) filter (where p.units_sold - i.units_sold <> coalesce(s.q, 0) - i.sold)::int as bad_sold,
               count(*) filter (where coalesce(l.q, 0) - i.ledger <> coalesce(s.q, 0) - i.sold)::int as bad_ledger,
               count(*) filter (where p.quantity < 0)::int as negative,
               (select count(*)::int from orders where store_id = ${shop.id}::uuid) - max(i.orders) as orders,
               (select count(*)::int - count(distinct number)::int from orders where store_id = ${shop.id}::uuid) as duplicate_numbers,
               max(coalesce(s.q, 0) - i.sold) filter (where p.id = ${hot}::uuid) as hot_sold,
               max(p.quantity) filter (where p.id = ${hot}::uuid) as hot_left
        from bench_initial i join products p on p.id = i.id
        left join sold s on s.product_id = p.id left join ledger l on l.product_id = p.id`),
    );
    await check.close();
    const expectedOrders = created.n + 1; // + the in-process probe
    const consistent =
      v &&
      v.bad_stock === 0 &&
      v.bad_sold === 0 &&
      v.bad_ledger === 0 &&
      v.negative === 0 &&
      v.duplicate_numbers === 0 &&
      v.orders === expectedOrders;

    const line = ({ side, m }: { side: string; m: Measured }, name: string) =>
      `| ${name}${side ? `, ${side}` : ''} | ${m.requests} | ${m.statuses['201'] ?? 0} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${loadNote(m)} |`;
    const out = [
      `### ${new Date().toISOString().slice(0, 10)}, place order: ${await machine()}\n`,
      `Shop ${shop.slug} (${products.length} products), one cart line per order, cash on delivery, ${CONNECTIONS} connections, ${ORDERS.toLocaleString('en')} orders per run after ${WARMUP} warm-up orders.\n`,
      '| Run | requests | 201 Created | orders/s | p50 ms | p95 ms | p99 ms | server CPU ms/order | PostgreSQL CPU ms/order | load avg at start |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...hotRuns.map((r) => line(r, `(a) one hot product (stock ${HOT_STOCK.toLocaleString('en')})`)),
      ...spreadRuns.map((r) =>
        line(
          r,
          `(b) spread over ${spread.length} products (stock ${SPREAD_STOCK.toLocaleString('en')} each)`,
        ),
      ),
      '',
      ...(BEFORE_SERVER
        ? [hotRuns, spreadRuns].map(
            (runs, i) =>
              `- ${'ab'[i]}, mean of 2 runs each: ${beforeAfter(runs.map(({ side, m }) => ({ side, rate: m.rps, p99: m.p99 })))}.`,
          )
        : []),
      `- SQL statements per order (counted in-process): ${perOrder.queries} (+${perOrder.context} context, +${perOrder.tx} BEGIN/COMMIT).`,
      `- Check afterwards: ${v?.products} products, stock + sold = initial for all but ${v?.bad_stock}, units_sold off on ${v?.bad_sold}, SALE ledger off on ${v?.bad_ledger}, negative stock ${v?.negative}; ${v?.orders} orders for ${expectedOrders} 201 answers (incl. warm-up and the probe), ${v?.duplicate_numbers} duplicate numbers; hot product ${v?.hot_sold} sold, ${v?.hot_left} left. ${consistent ? 'Consistent: no oversell.' : 'INCONSISTENT.'}`,
    ];
    if (restarts.length) out.push(`- The server had exited and was started again (${restarts.join(', ')}).`);
    console.log(`\n${out.join('\n')}`);
    if (!consistent) process.exitCode = 1;
  } finally {
    for (const side of new Set(sides)) await side.srv.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

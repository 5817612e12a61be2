// Issue 37: a flash sale on one shop must not slow the others. One fresh PostgreSQL database with the demo seed, the
// production server as `npm start` runs it (the supervisor and its workers, the page cache on, server rendering on).
//  1. Quiet: another shop's home, listing and product page, each at OTHER_CONNECTIONS (req/s, p50, p99).
//  2. Flash, for BENCH_FLASH_SECONDS (60): the flash shop gets VIEW_RATE product-page views a second (a fixed rate:
//     mostly the sale's product, some of its other products, a few addresses with a query never asked before, which
//     miss the cache and render) and ORDER_RATE cash-on-delivery orders a second, each with its own Idempotency-Key,
//     from as many customers (made as sign-up leaves them: a verified account, an address, an open sign-in, one cart
//     line) on the sale's product, whose stock (FLASH_STOCK) sells out about halfway. Meanwhile the other shop's three
//     pages are measured again, one after the other.
// Afterwards the database must agree: the product's stock never below zero, units sold = initial - final stock, the
// order lines and the SALE ledger rows the same, as many orders as 201 answers. Exits 1 when anything is oversold or
// inconsistent. Prints a markdown block for docs/benchmarks.md.
//   npm run bench:flash (builds first)   BENCH_FLASH_SECONDS=20 BENCH_QUIET_WAIT_S=0 (shorter, measure at once)
//   BENCH_FLASH_VIEWS=0 or BENCH_FLASH_ORDERS=0: one of the two loads alone (to see which one slows the other shop)
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { openDatabase, rowsOf } from '@haat/db';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { signAccessToken } from '../apps/api/src/modules/accounts/tokens.ts';
import {
  AUTH_SECRET,
  adminUrl,
  backendCpu,
  cpuMs,
  entryAsset,
  freshDatabase,
  type Measured,
  machine,
  measure,
  ms,
  type Server,
  seededShop,
  startServer,
} from './bench-kit.ts';

const SECONDS = Number(process.env.BENCH_FLASH_SECONDS ?? 60);
const VIEW_RATE = Number(process.env.BENCH_FLASH_VIEWS ?? 500);
const ORDER_RATE = Number(process.env.BENCH_FLASH_ORDERS ?? 30);
const STOCK = Number(process.env.BENCH_FLASH_STOCK ?? Math.round((ORDER_RATE * SECONDS) / 2));
const OTHER_CONNECTIONS = Number(process.env.BENCH_FLASH_CONNECTIONS ?? 10);
const QUIET_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Of the flash shop's page views: its other products' pages, and addresses never asked before (cache misses). */
const OTHERS_SHARE = 0.1;
const MISS_SHARE = Number(process.env.BENCH_FLASH_MISS ?? 0.02);
const PLACE = '/api/store/order/create-order/';
const log = (line: string) => console.error(line);
const uuid = (seed: string) =>
  sql`overlay(overlay(md5(${seed} || g) placing '4' from 13) placing '8' from 17)::uuid`;

/** The server's workers (children of the supervisor) and their CPU in ms. */
const workerCpu = (pid: number) => {
  const f = `/proc/${pid}/task/${pid}/children`;
  const kids = existsSync(f) ? readFileSync(f, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return kids.reduce((s, k) => s + (Number.isFinite(cpuMs(k)) ? cpuMs(k) : 0), 0);
};
/** CPU (ms) of the workers and of the database's backends over `run`. */
async function cpuOver<T>(srv: Server, db: string, run: () => Promise<T>) {
  const [n0, p0] = [workerCpu(srv.pid), await backendCpu(db)];
  const out = await run();
  const [n1, p1] = [workerCpu(srv.pid), await backendCpu(db)];
  let pg = 0;
  for (const [p, after] of p1) pg += after - (p0.get(p) ?? 0);
  return { out, nodeMs: n1 - n0, pgMs: pg };
}

/**
 * Samples the server's sessions on database `db` every 0.5 s until stopped: how many wait for a lock, run a
 * statement, sit in a transaction waiting for the server (idle in transaction) or are idle.
 */
function sampleSessions(db: string) {
  const pg = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const kinds = ['lock', 'active', 'in transaction', 'idle'] as const;
  const sum = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<(typeof kinds)[number], number>;
  const max = { ...sum };
  let n = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      const rows = await pg<{ kind: (typeof kinds)[number]; n: number }[]>`
        select case when wait_event_type = 'Lock' then 'lock' when state = 'active' then 'active'
                    when state like 'idle in transaction%' then 'in transaction' else 'idle' end as kind, count(*)::int as n
        from pg_stat_activity where datname = ${db} and backend_type = 'client backend' and pid <> pg_backend_pid()
        group by 1`;
      n++;
      for (const k of kinds) {
        const c = rows.find((r) => r.kind === k)?.n ?? 0;
        sum[k] += c;
        max[k] = Math.max(max[k], c);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return async () => {
    on = false;
    await loop;
    await pg.end();
    return kinds.map((k) => `${k} ${(sum[k] / Math.max(1, n)).toFixed(1)} (max ${max[k]})`).join(', ');
  };
}

const none: Measured = {
  requests: 0,
  rps: 0,
  p50: 0,
  p95: 0,
  p99: 0,
  statuses: {},
  errors: 0,
  cpuMsPerReq: null,
  pgCpuMsPerReq: null,
  load: 0,
  quiet: false,
};
/** A fixed-rate load at once, whatever the machine's load (nothing at rate 0: autocannon would take it as no limit). */
const rated = (rate: number, opts: Parameters<typeof measure>[0]) =>
  rate > 0 ? measure({ ...opts, overallRate: rate }, { waitQuiet: false, warmup: 0 }) : Promise.resolve(none);

async function main() {
  const db = await freshDatabase('haat_bench_flash');
  let server: Server | undefined;
  try {
    await seededShop(db.url); // migrates and seeds
    const setup = await openDatabase({ url: db.url });
    const owner = setup.owner;
    // The flash shop: the open shop on its own subdomain with the most products that takes cash on delivery; the
    // other: the next such shop.
    const shops = rowsOf<{ id: string; slug: string }>(
      await owner.execute(sql`
        select s.id, s.slug from stores s
        join products p on p.store_id = s.id and p.status = 'ACTIVE'
        join store_settings st on st.store_id = s.id and 'COD' = any(st.payment_methods)
        where s.online_status = 'PUBLISHED' and s.plan <> 'basic'
        group by s.id, s.slug order by count(p.id) desc, s.slug limit 2`),
    );
    const [flash, other] = shops;
    if (!flash || !other) throw new Error('fewer than two open demo shops with cash on delivery');
    const productsOf = async (storeId: string) =>
      rowsOf<{ id: string }>(
        await owner.execute(sql`
          select id from products where store_id = ${storeId}::uuid and status = 'ACTIVE'
          order by is_featured desc, units_sold desc, id`),
      ).map((r) => r.id);
    const flashProducts = await productsOf(flash.id);
    const otherProduct = (await productsOf(other.id))[0];
    const hot = flashProducts[0];
    if (!hot || !otherProduct) throw new Error('no products');
    const [delivery] = rowsOf<{ id: string }>(
      await owner.execute(
        sql`select id from delivery_options where store_id = ${flash.id}::uuid and active order by position, name limit 1`,
      ),
    );
    if (!delivery) throw new Error('no delivery option');
    await owner.execute(sql`update products set quantity = ${STOCK}::int where id = ${hot}::uuid`);

    // One customer per order attempt, with what sign-up and adding to the cart leave.
    const customers = Math.ceil(ORDER_RATE * SECONDS * 1.3) + 50;
    log(`flash shop ${flash.slug}, other shop ${other.slug}; ${customers} customers, stock ${STOCK}`);
    await owner.execute(sql`
      insert into users (id, store_id, role, email, first_name, last_name, phone, email_verified_at)
      select ${uuid('flash-customer-')}, ${flash.id}::uuid, 'CUSTOMER', 'flash' || g || '@bench.haat.in',
             'Shopper', 'No ' || g, (7100000000 + g)::text, now()
      from generate_series(1, ${customers}::int) g`);
    await owner.execute(sql`
      insert into customer_addresses (store_id, id, customer_id, full_name, address_line1, city, state, postal_code, is_default)
      select ${flash.id}::uuid, ${uuid('flash-address-')}, ${uuid('flash-customer-')}, 'Shopper ' || g,
             g || ' Residency Road', 'Bengaluru', 'Karnataka', '560025', true
      from generate_series(1, ${customers}::int) g`);
    await owner.execute(sql`
      insert into cart_items (store_id, id, customer_id, product_id, quantity)
      select ${flash.id}::uuid, ${uuid('flash-line-')}, ${uuid('flash-customer-')}, ${hot}::uuid, 1
      from generate_series(1, ${customers}::int) g`);
    const families = rowsOf<{ customer: string; line: string; address: string; family: string }>(
      await owner.execute(sql`
        insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
        select ${uuid('flash-customer-')}, gen_random_uuid(), 'flash-' || g, now() + interval '1 day'
        from generate_series(1, ${customers}::int) g
        returning user_id as customer, family_id as family,
          (select id from cart_items c where c.customer_id = user_id) as line,
          (select id from customer_addresses a where a.customer_id = user_id) as address`),
    );
    await owner.execute(sql`analyze`);
    const counts = sql`
      select (select coalesce(sum(quantity), 0)::int from product_variants where product_id = ${hot}::uuid) as stock,
             (select units_sold from products where id = ${hot}::uuid) as units_sold,
             (select coalesce(sum(quantity), 0)::int from order_items where store_id = ${flash.id}::uuid and product_id = ${hot}::uuid) as lines,
             (select coalesce(-sum(change), 0)::int from stock_ledger where store_id = ${flash.id}::uuid and product_id = ${hot}::uuid and reason = 'SALE') as ledger,
             (select count(*)::int from orders o where o.store_id = ${flash.id}::uuid
                and exists (select 1 from order_items i where i.order_id = o.id and i.product_id = ${hot}::uuid)) as orders,
             (select count(*)::int from product_variants where store_id = ${flash.id}::uuid and quantity < 0)
             + (select count(*)::int from products where store_id = ${flash.id}::uuid and quantity < 0) as negative`;
    type Counts = {
      stock: number;
      units_sold: number;
      lines: number;
      ledger: number;
      orders: number;
      negative: number;
    };
    const [initial] = rowsOf<Counts>(await owner.execute(counts));
    if (!initial) throw new Error('no counts');
    await setup.close();
    const secret = new TextEncoder().encode(AUTH_SECRET);
    const jobs = await Promise.all(
      families.map(async (f) => ({
        ...f,
        token: await signAccessToken(secret, {
          userId: f.customer,
          role: 'CUSTOMER',
          storeId: flash.id,
          familyId: f.family,
        }),
      })),
    );

    // BENCH_SERVER: another build's supervisor (e.g. of a commit, bundled elsewhere); the web build is this one's.
    server = await startServer(
      db.url,
      { PAGE_CACHE: 'on', SSR: 'on', WEB_DIST: 'apps/web/dist' },
      process.env.BENCH_SERVER ?? 'apps/api/dist/supervisor.mjs',
    );
    const srv = server;
    const html = (slug: string) => ({
      host: `${slug}.localhost:${srv.port}`,
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    const otherPages = [
      { name: 'static asset (reference)', path: entryAsset() },
      { name: 'home', path: '/' },
      { name: 'listing', path: '/products' },
      { name: 'product page', path: `/product/${otherProduct}` },
    ];
    const measureOther = (path: string, duration: number, waitQuiet: boolean) =>
      measure(
        { url: `${srv.origin}${path}`, connections: OTHER_CONNECTIONS, duration, headers: html(other.slug) },
        { waitQuiet, warmup: waitQuiet ? 3 : 0 },
      );

    log('quiet: the other shop alone');
    const quiet: Measured[] = [];
    for (const p of otherPages) quiet.push(await measureOther(p.path, QUIET_SECONDS, true));
    const quietCpu = await cpuOver(srv, db.name, () => measureOther('/', 5, false));

    log(`flash sale: ${VIEW_RATE} views/s and ${ORDER_RATE} orders/s for ${SECONDS} s`);
    for (const p of flashProducts.slice(0, 12))
      await fetch(`${srv.origin}/product/${p}`, { headers: html(flash.slug) });
    let misses = 0;
    const viewPath = () => {
      const r = Math.random();
      if (r < MISS_SHARE) return `/product/${hot}?ref=flash-${++misses}`;
      if (r < MISS_SHARE + OTHERS_SHARE)
        return `/product/${flashProducts[1 + Math.floor(Math.random() * Math.min(11, flashProducts.length - 1))] ?? hot}`;
      return `/product/${hot}`;
    };
    const queue = [...jobs];
    const load0 = loadavg()[0] ?? 0;
    const stopSampling = sampleSessions(db.name);
    // The load generators (autocannon, in this process) share the cores: their CPU is reported too.
    const own0 = process.cpuUsage();
    const flashRun = cpuOver(srv, db.name, () =>
      Promise.all([
        rated(VIEW_RATE, {
          url: srv.origin,
          connections: 100,
          overallRate: VIEW_RATE,
          duration: SECONDS,
          headers: html(flash.slug),
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: viewPath() }) }],
        }),
        rated(ORDER_RATE, {
          url: srv.origin,
          connections: 30,
          overallRate: ORDER_RATE,
          duration: SECONDS,
          requests: [
            {
              method: 'POST',
              path: PLACE,
              setupRequest: (req) => {
                const j = queue.shift();
                if (!j) throw new Error('more order attempts than customers');
                return {
                  ...req,
                  headers: {
                    authorization: `Bearer ${j.token}`,
                    'store-origin': flash.slug,
                    'idempotency-key': randomUUID(),
                    'content-type': 'application/json',
                  },
                  body: JSON.stringify({
                    cart_item: [{ id: j.line }],
                    shipping_address: j.address,
                    delivery_type: delivery.id,
                    payment_option: 'COD',
                  }),
                };
              },
            },
          ],
        }),
      ]),
    );
    // The other shop, measured again while the sale runs (after 2 s of it), its three pages one after the other.
    await new Promise((r) => setTimeout(r, 2000));
    const slot = Math.max(3, Math.floor((SECONDS - 4) / otherPages.length));
    const during: Measured[] = [];
    for (const p of otherPages) during.push(await measureOther(p.path, slot, false));
    const {
      out: [views, orders],
      nodeMs,
      pgMs,
    } = await flashRun;
    const sessionsText = await stopSampling();
    const own = process.cpuUsage(own0);
    await srv.stop();
    server = undefined;

    // Nothing oversold.
    const check = await openDatabase({ url: db.url });
    const [v] = rowsOf<Counts>(await check.owner.execute(counts));
    await check.close();
    const accepted = orders.statuses['201'] ?? 0;
    const sold = initial.stock - (v?.stock ?? 0);
    // Orders the server committed after the load stopped counting (answers still on their way) have no 201 here:
    // the database's own count is the measure, the answers only bound it.
    const placed = (v?.orders ?? 0) - initial.orders;
    const consistent =
      !!v &&
      v.negative === 0 &&
      v.stock >= 0 &&
      sold === v.lines - initial.lines &&
      sold === v.ledger - initial.ledger &&
      sold === v.units_sold - initial.units_sold &&
      sold === placed &&
      placed >= accepted &&
      placed <= jobs.length - queue.length;

    const seconds = SECONDS;
    const row = (name: string, q: Measured, d: Measured) => {
      const ratio = d.rps / q.rps;
      const ok = d.p99 <= 50 && ratio >= 0.8;
      return `| ${name} | ${Math.round(q.rps)} | ${ms(q.p50)} | ${ms(q.p99)} | ${Math.round(d.rps)} | ${ms(d.p50)} | ${ms(d.p99)} | ${(ratio * 100).toFixed(0)} % | ${ok ? 'met' : 'missed'} |`;
    };
    const statuses = (m: Measured) =>
      Object.entries(m.statuses)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ');
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, flash sale: ${await machine()}\n`,
      `The supervised server (${'WORKERS' in process.env ? `WORKERS=${process.env.WORKERS}` : 'one worker per core'}), page cache on. Flash shop ${flash.slug}, other shop ${other.slug} (${OTHER_CONNECTIONS} connections, ${QUIET_SECONDS} s per page quiet, ${slot} s per page during the sale); load average ${quiet[0]?.load.toFixed(2)} before the quiet rows, ${load0.toFixed(2)} when the sale started.\n`,
      '| Other shop | quiet req/s | p50 ms | p99 ms | during the sale req/s | p50 ms | p99 ms | during/quiet | p99 ≤ 50 ms and ≥ 80 % |',
      '|---|---|---|---|---|---|---|---|---|',
      ...otherPages.map((p, i) => row(p.name, quiet[i] as Measured, during[i] as Measured)),
      '',
      `- Flash shop page views: ${Math.round(views.rps)}/s of ${VIEW_RATE} asked (${views.requests} in ${seconds} s; p50 ${ms(views.p50)} ms, p99 ${ms(views.p99)} ms; ${statuses(views)}; ${misses} addresses never asked before).`,
      `- Orders: ${(orders.requests / seconds).toFixed(1)}/s of ${ORDER_RATE} asked (p50 ${ms(orders.p50)} ms, p99 ${ms(orders.p99)} ms): ${accepted} accepted (201), ${orders.requests - accepted} refused (${statuses(orders)}).`,
      `- Server CPU during the sale: workers ${(nodeMs / seconds / 10).toFixed(0)} % of a core, PostgreSQL backends ${(pgMs / seconds / 10).toFixed(0)} %, the load generators (this process) ${((own.user + own.system) / 1000 / seconds / 10).toFixed(0)} %; quiet, the other shop's home alone: workers ${(quietCpu.nodeMs / 50).toFixed(0)} %, PostgreSQL ${(quietCpu.pgMs / 50).toFixed(0)} %.`,
      `- Stock of the sale's product: ${initial.stock} before, ${v?.stock} after (${sold} sold); since the start: units sold +${(v?.units_sold ?? 0) - initial.units_sold}, order lines +${(v?.lines ?? 0) - initial.lines}, SALE ledger +${(v?.ledger ?? 0) - initial.ledger}, ${placed} orders (${accepted} answered 201, ${placed - accepted} committed as the load stopped); ${v?.negative} stock rows below zero. ${consistent ? 'Consistent: nothing oversold.' : 'INCONSISTENT: OVERSOLD OR LOST.'}`,
      `- Database connections of the server during the sale (pg_stat_activity every 0.5 s): ${sessionsText}.`,
    ];
    console.log(`\n${out.join('\n')}`);
    if (!consistent) process.exitCode = 1;
  } finally {
    await server?.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

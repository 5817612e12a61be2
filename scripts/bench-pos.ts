// `npm run bench:pos`: the point of sale (issue 14) on PostgreSQL. Targets: product search p95 <= 30 ms on a
// 50,000-product shop; POST order/pos-checkout/ >= 100 sales/s at 20 connections with no oversell.
// A fresh database, migrated; seed:scale's shops (BENCH_SHOPS x 100 products, so the tables hold other tenants
// too), then one of them grown to BENCH_POS_PRODUCTS products with generate_series: a general store whose names
// combine 16 brands, 8 adjectives, 10 colours and the scale seed's 60 nouns (so a word matches from a few dozen
// to a few thousand products), an EAN-like barcode on every product, and every 20th product sold in three sizes,
// weights or packs (variants with their own SKU, barcode and stock). The shop gets a GSTIN, so every sale
// carries GST and a tax invoice. The owner signs in through POST /api/admin/admin-login/; the bundled server runs
// as a child process and autocannon loads it.
// (1) POST /api/admin/order/pos-checkout/ at 20 connections (measured first, while the wait for a quiet machine
//     has budget left), BENCH_SALES sales per run after a warm-up: (a) 1-3 lines over BENCH_POOL sellables, as the
//     counter screen sends them (`variant_id` on every line); (b) every sale with one hot product (plus 0-2 other
//     lines) whose stock runs out 100 sales before the end; (c) a third as many as (a), a product sold as one item
//     named by `product_id` alone, as a client written to the spec sends it. Each body has a unique
//     Idempotency-Key, the lines' prices and rates as the server reads them (the repository's own `sellablesFor`),
//     totals from `posTotals`, a customer from a pool of phones, sometimes a discount, cash that covers the bill.
//     While it runs, pg_stat_activity is sampled every 50 ms: what the server's connections are doing.
// (2) GET /api/admin/pos/products/ for a name word, a SKU prefix, an exact barcode, no search, and a mix of the
//     four (the term drawn per request), and the scan look-up GET /api/admin/pos/barcode/{code}/, at 20
//     connections and at 4. BENCH_BEFORE_DROP=index[,index]: each measured without those indexes, then with them.
//     BENCH_BEFORE_SQL=file, BENCH_AFTER_SQL=file: SQL run before the searches' "before" and "after" rows.
// Then the database must agree with itself: for every variant and product, stock + units sold = initial; order
// lines = SALE ledger rows (units and rows, each row's stock-after distinct and the last one the stock now);
// one SUCCESS payment and one invoice per order; order and invoice numbers unique and consecutive per series;
// as many orders as 201 answers; every other answer a 409 OUT_OF_STOCK. Statements per request are counted
// in-process (`openDatabase({ onQuery })`) on one warmed request each. Prints a markdown block for
// docs/benchmarks.md. BENCH_KEEP=1 keeps the database (for EXPLAIN); BENCH_POS_PRODUCTS, BENCH_SHOPS,
// BENCH_SALES, BENCH_POOL and BENCH_CONNECTIONS ("20,4") shrink it for a try-out.
// BENCH_BEFORE_SERVER=<bundle>: old against new in the same run on the same database, interleaved because the
// machine is shared: a second server from that bundle (the code before a change, built with build-server.mjs in a
// checkout of it), and every measurement made on it, then on this tree's server, then both again (A, B, A, B). The
// hot product's stock then lasts all four runs of (b) but their last 100 sales.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GST_STATE_CODES, gstinCheckDigit, posTotals } from '@haat/contracts';
import { openDatabase, withStore } from '@haat/db';
import { seedScale } from '@haat/db/seed';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords.ts';
import { type SellableRow, sellablesFor } from '../apps/api/src/modules/pos/pos.repository.ts';
import {
  AUTH_SECRET,
  adminUrl,
  BEFORE_SERVER,
  beforeAfter,
  classify,
  DURATION,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  type Server,
  startSides,
} from './bench-kit.ts';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 20);
const PRODUCTS = Number(process.env.BENCH_POS_PRODUCTS ?? 50_000);
const SALES = Number(process.env.BENCH_SALES ?? 3000);
const POOL = Number(process.env.BENCH_POOL ?? 2000);
const WARMUP_SALES = 200;
/** Run (c), the spec's payload, is shorter. */
const SPEC_SALES = Math.round(SALES / 3);
/** The search at these concurrencies (the target's is 20); the checkout at the first. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,4').split(',').map(Number);
const SALE_CONNECTIONS = CONNECTIONS[0] ?? 20;
/** The hot product runs out this many sales before the end of its run: those are refused for stock. */
const HOT_SHORT = 100;
/** BENCH_POS_SEARCH=0 leaves the searches out (e.g. to profile the server during sales alone). */
const SEARCHES = process.env.BENCH_POS_SEARCH !== '0';
const BIG_SHOP = 'scale-000001';
const PASSWORD = 'bench-pos-2026';
const SEARCH = '/api/admin/pos/products/';
const SCAN = '/api/admin/pos/barcode/';
const CHECKOUT = '/api/admin/order/pos-checkout/';

const log = (line: string) => console.error(line);
const rows = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const j = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const BRANDS = [
  'Shree',
  'Lakshmi',
  'Apna',
  'Royal',
  'Sai',
  'Ganesh',
  'Bharat',
  'Nandi',
  'Sagar',
  'Kaveri',
].concat(['Desi', 'Surya', 'Ganga', 'Tulsi', 'Mysore', 'Kesari']);
const ADJECTIVES = [
  'Classic',
  'Premium',
  'Everyday',
  'Handmade',
  'Organic',
  'Festive',
  'Deluxe',
  'Essential',
];
const COLOURS = ['Red', 'Blue', 'Green', 'Mustard', 'Maroon', 'Black', 'White', 'Pink', 'Teal', 'Ivory'];
/** The scale seed's nouns, 12 per kind of shop: fashion, electronics, foods, beauty, home. */
const NOUNS = [
  ['Cotton Kurta', 'Printed Kurti', 'Festive Kurta Set', 'Silk Saree', 'Cotton Saree', 'Georgette Saree'],
  ['Printed Dupatta', 'Chanderi Dupatta', 'Cotton Stole', 'Embroidered Jutti', 'Potli Bag', 'Canvas Tote'],
  ['Wireless Earbuds', 'Bluetooth Speaker', 'Headphones', 'Fast Charger', 'Power Bank', 'USB-C Cable'],
  ['Smart Plug', 'Smart Bulb', 'Security Camera', 'Wireless Mouse', 'Keyboard', 'Pen Drive'],
  ['Masala Chai', 'Assam Tea', 'Green Tea', 'Black Pepper', 'Cardamom', 'Garam Masala'],
  ['Banana Chips', 'Bhujia', 'Roasted Makhana', 'Halwa', 'Soan Papdi', 'Kaju Katli'],
  ['Face Wash', 'Face Serum', 'Moisturiser', 'Hair Oil', 'Herbal Shampoo', 'Conditioner'],
  ['Herbal Soap', 'Body Scrub', 'Ubtan', 'Kajal', 'Lip Balm', 'Lipstick'],
  ['Wall Hanging', 'Cushion Cover', 'Brass Diya', 'Bedsheet', 'Towel Set', 'Cotton Dohar'],
  ['Copper Bottle', 'Serving Platter', 'Chai Mugs', 'Table Lamp', 'Metal Lantern', 'LED Fairy Lights'],
].flat();
const HSN = ['6104', '8518', '0902', '3304', '6302'];
/** What a cashier types: a word or two of a name (from a few dozen to a few thousand products match). */
const NAME_TERMS = [
  'kurta',
  'silk saree',
  'masala',
  'charger',
  'organic',
  'kajal',
  'royal blue',
  'bedsheet',
  'earbuds',
  'makhana',
  'potli',
  'lamp',
  'tulsi green tea',
  'herbal',
];
const CUSTOMER_NAMES = [
  'Meena Iyer',
  'Rahul Verma',
  'Fatima Shaikh',
  'Arjun Nair',
  'Priya Das',
  'Vikram Rao',
];

interface Sellable {
  row: SellableRow;
  /** A variant of a product with options (billed by its id by every client). */
  isVariant: boolean;
}
/**
 * How a client names a line: the counter screen sends `variant_id` on every line; a client written to the spec
 * sends a product sold as one item by `product_id` alone (the server takes its default variant).
 */
type Client = 'screen' | 'spec';

async function main() {
  const db = await freshDatabase('haat_bench_pos');
  let server: Server | undefined;
  let before: Server | undefined;
  try {
    // 1. Data.
    const setup = await openDatabase({ url: db.url });
    await setup.migrate();
    const t0 = performance.now();
    await seedScale(setup.owner, { stores: SHOPS, products: 100, log });
    const owner = setup.owner;
    const [shop] = rows<{ id: string; owner_id: string; email: string; state: string }>(
      await owner.execute(sql`
        select s.id, s.owner_id, u.email, l.state from stores s join users u on u.id = s.owner_id
        join store_locations l on l.store_id = s.id where s.slug = ${BIG_SHOP}`),
    );
    if (!shop) throw new Error(`no shop ${BIG_SHOP}`);
    log(`${BIG_SHOP}: growing to ${PRODUCTS.toLocaleString('en')} products`);
    await owner.execute(sql`
      insert into products (store_id, id, slug, product_name, product_description, sku, barcode, price_paise,
                            sale_price_paise, cost_paise, quantity, low_stock_threshold, tax_percent, hsn_code,
                            images, category_id, units_sold, created_at, updated_at)
      select ${shop.id}::uuid, gen_random_uuid(), 'pos-' || i, nm, 'Quality ' || lower(nm) || '.',
             'PS-' || lpad(i::text, 5, '0'), '890' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0') || (i % 10),
             price, case when i % 6 = 1 then price * 9 / 1000 * 100 end, price * 45 / 100,
             case when i % 29 = 0 then 0 when i % 11 = 0 then 1 + i % 9 else 20 + (i * 37) % 400 end, 5,
             (array[5, 12, 18])[1 + i % 3], ${j(HSN)} ->> (i % 60 / 12),
             array['/media/demo/product/pos-' || i || '.svg'], md5(${shop.id} || '-cat-' || (i % 4))::uuid,
             (i * 13) % 2000, now() - ((i * 7) % 700) * interval '1 day', now() - ((i * 11) % 9000) * interval '1 hour'
      from generate_series(101, ${PRODUCTS}::int) i,
           lateral (select (49 + (i * 37) % 4951) * 100 as price,
                           (${j(BRANDS)} ->> (i / 60 % 16)) || ' ' || (${j(ADJECTIVES)} ->> (i / 960 % 8)) || ' '
                           || (${j(COLOURS)} ->> (i / 7680 % 10)) || ' ' || (${j(NOUNS)} ->> (i % 60)) as nm) x`);
    // Every 20th product in three sizes (fashion), weights (food) or packs: its own SKU, barcode, price and stock.
    await owner.execute(sql`
      update products set options = case i % 60 / 12 when 0 then '[{"name":"Size","values":["S","M","L"]}]'::jsonb
                                                      when 2 then '[{"name":"Weight","values":["100 g","250 g","500 g"]}]'::jsonb
                                                      else '[{"name":"Pack","values":["Single","Pack of 2","Pack of 4"]}]'::jsonb end
      from (select id, substr(slug, 5)::int as i from products where store_id = ${shop.id}::uuid and slug like 'pos-%') s
      where products.store_id = ${shop.id}::uuid and products.id = s.id and s.i % 20 = 0`);
    await owner.execute(sql`
      insert into product_variants (store_id, product_id, option_values, position, sku, barcode, price_paise,
                                    cost_paise, quantity, low_stock_threshold)
      select p.store_id, p.id, array[p.options -> 0 -> 'values' ->> k], k, p.sku || '-' || (k + 1),
             '891' || lpad(((substr(p.slug, 5)::bigint * 3 + k) * 7919 % 1000000000)::text, 9, '0') || k,
             p.price_paise + k * (p.price_paise / 1000 * 100), p.cost_paise, 20 + (substr(p.slug, 5)::int * 7 + k * 13) % 200, 3
      from products p, generate_series(0, 2) k
      where p.store_id = ${shop.id}::uuid and p.options <> '[]'::jsonb`);
    await owner.execute(sql`
      delete from product_variants v using products p
      where p.store_id = ${shop.id}::uuid and v.store_id = p.store_id and v.product_id = p.id
        and p.options <> '[]'::jsonb and v.option_values = '{}'::text[]`);
    // A GST-registered shop: every sale carries GST and a tax invoice (INV series).
    const first14 = `${GST_STATE_CODES[shop.state] ?? '29'}AABCH1234P1Z`;
    await owner.execute(
      sql`update store_settings set gstin = ${first14 + gstinCheckDigit(first14)}, legal_name = 'Bench Pos Retail Pvt Ltd' where store_id = ${shop.id}::uuid`,
    );
    await owner.execute(
      sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${shop.owner_id}::uuid`,
    );
    await owner.execute(sql`vacuum analyze products, product_variants`);
    const dataS = (performance.now() - t0) / 1000;
    const [sizes] = rows<{ products: number; variants: number; sellable: number; all: number; db: string }>(
      await owner.execute(sql`
        select (select count(*)::int from products where store_id = ${shop.id}::uuid) as products,
               (select count(*)::int from products where store_id = ${shop.id}::uuid and options <> '[]'::jsonb) as variants,
               (select count(*)::int from product_variants where store_id = ${shop.id}::uuid) as sellable,
               (select count(*)::int from products) as all,
               pg_size_pretty(pg_database_size(current_database())) as db`),
    );
    log(`data: ${JSON.stringify(sizes)} in ${dataS.toFixed(0)} s`);

    // Terms drawn per request: name words, SKU prefixes (7 characters: 10 products), exact barcodes.
    const codes = rows<{ barcode: string; sku: string }>(
      await owner.execute(sql`
        select coalesce(v.barcode, p.barcode) as barcode, p.sku from product_variants v
        join products p on p.store_id = v.store_id and p.id = v.product_id
        where v.store_id = ${shop.id}::uuid and p.status = 'ACTIVE' and coalesce(v.barcode, p.barcode) is not null
        order by md5(v.id::text) limit 500`),
    );
    const skuPrefixes = codes.map((c) => c.sku.slice(0, 7));
    const barcodes = codes.map((c) => c.barcode);
    const path = (term: string | null) =>
      term === null ? SEARCH : `${SEARCH}?search=${encodeURIComponent(term)}`;
    const scan = (code: string) => `${SCAN}${encodeURIComponent(code)}/`;
    const kinds = {
      name: () => path(pick(NAME_TERMS)),
      sku: () => path(pick(skuPrefixes)),
      barcode: () => path(pick(barcodes)),
      none: () => path(null),
    };
    const mixed = () => pick([kinds.name, kinds.name, kinds.sku, kinds.barcode, kinds.barcode, kinds.none])();
    const searches: { name: string; next: () => string; example: string }[] = [
      {
        name: `name word (${NAME_TERMS.length} terms, e.g. "kurta", "royal blue")`,
        next: kinds.name,
        example: path('kurta'),
      },
      { name: 'SKU prefix (7 characters, e.g. "PS-0412")', next: kinds.sku, example: path('PS-0412') },
      { name: 'exact barcode (500 codes)', next: kinds.barcode, example: path(barcodes[0] ?? '') },
      { name: 'no search (best sellers)', next: kinds.none, example: path(null) },
      { name: 'mix: 2 name, 1 SKU, 2 barcode, 1 none', next: mixed, example: '' },
      {
        name: 'a scanned barcode: `GET /api/admin/pos/barcode/{code}/` (500 codes)',
        next: () => scan(pick(barcodes)),
        example: scan(barcodes[0] ?? ''),
      },
    ];

    // The sale pool: sellables with stock to spare, and a hot product sold as one item.
    const poolIds = rows<{ id: string }>(
      await owner.execute(sql`
        select v.id from product_variants v join products p on p.store_id = v.store_id and p.id = v.product_id
        where v.store_id = ${shop.id}::uuid and p.status = 'ACTIVE' and v.quantity >= 40
        order by md5('pool' || v.id::text) limit ${POOL + 1}`),
    ).map((r) => r.id);
    const priced = await withStore(owner, shop.id, (tx) => sellablesFor(tx, [], poolIds));
    const hotRow = priced.find((r) => r.variantLabel === null);
    if (!hotRow || priced.length < POOL) throw new Error(`pool: ${priced.length} sellables`);
    const ROUNDS = BEFORE_SERVER ? 4 : 1;
    const HOT_STOCK = ROUNDS * SALES - HOT_SHORT;
    await owner.execute(
      sql`update products set quantity = ${HOT_STOCK}::int where store_id = ${shop.id}::uuid and id = ${hotRow.productId}::uuid`,
    );
    const hot: Sellable = { row: { ...hotRow, stock: HOT_STOCK }, isVariant: false };
    const pool: Sellable[] = priced
      .filter((r) => r.variantId !== hotRow.variantId)
      .map((row) => ({ row, isVariant: row.variantLabel !== null }));
    const phones = Array.from(
      { length: 3000 },
      (_, i) => `${6 + (i % 4)}${String((i * 7919 + 12345) % 1_000_000_000).padStart(9, '0')}`,
    );

    /** The body the counter screen sends for these lines: the server's arithmetic, cash covering the bill. */
    const bill = (lines: { s: Sellable; quantity: number }[], client: Client) => {
      const roll = Math.random();
      const discount =
        roll < 0.1
          ? { type: 'PERCENT' as const, value: pick([5, 10]) }
          : roll < 0.2
            ? { type: 'FIXED' as const, value: 20 }
            : { type: 'FIXED' as const, value: 0 };
      const tot = posTotals(
        lines.map((l) => ({
          unitPricePaise: l.s.row.pricePaise,
          quantity: l.quantity,
          ratePercent: Number(l.s.row.taxPercent),
        })),
        discount,
      );
      const total = tot.totalPaise / 100;
      return {
        name: pick(CUSTOMER_NAMES),
        phone: pick(phones),
        product_id: lines.map((l) =>
          client === 'screen' || l.s.isVariant
            ? { product_id: l.s.row.productId, variant_id: l.s.row.variantId, quantity: l.quantity }
            : { product_id: l.s.row.productId, quantity: l.quantity },
        ),
        discount_type: discount.type,
        discount_value: discount.value,
        sub_total: tot.subtotalPaise / 100,
        discount_amount: tot.discountPaise / 100,
        tax: tot.taxPaise / 100,
        total_bill_amount: total,
        total_items: tot.items,
        payment: { method: 'CASH', amount_received: Math.ceil(total / 500) * 500 },
      };
    };
    /** 1-3 distinct lines of the pool, 1-3 units each; with the hot product first when asked. */
    const saleBody = (withHot: boolean, client: Client = 'screen', lineCount?: number) => {
      const lines: { s: Sellable; quantity: number }[] = withHot ? [{ s: hot, quantity: 1 }] : [];
      const n = lineCount ?? (withHot ? Math.floor(Math.random() * 3) : 1 + Math.floor(Math.random() * 3));
      const chosen = new Set<Sellable>();
      while (chosen.size < n) chosen.add(pick(pool));
      for (const s of chosen) lines.push({ s, quantity: 1 + Math.floor(Math.random() * 3) });
      return bill(lines, client);
    };

    // Stock and sales before any sale, for the check afterwards.
    await owner.execute(sql`
      create table bench_initial_variants as
      select store_id, id, product_id, quantity from product_variants where store_id = ${shop.id}::uuid`);
    await owner.execute(sql`
      create table bench_initial_products as
      select store_id, id, quantity, units_sold from products where store_id = ${shop.id}::uuid`);

    // 2. Statements per request, counted in-process on one warmed request each (and one sale).
    let statements: string[] = [];
    const counted = await openDatabase({ url: db.url, onQuery: (q) => statements.push(q) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_SECRET, RATE_LIMITS: 'off' }),
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/',
      payload: { email: shop.email, password: PASSWORD, role_name: 'VENDOR' },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
    const inHeaders = { authorization: `Bearer ${login.json().data.access_token}`, 'store-origin': BIG_SHOP };
    const perSearch: { statements: ReturnType<typeof classify>; answered: string }[] = [];
    for (const s of searches) {
      const url = s.example || path('kurta');
      await app.inject({ url, headers: inHeaders });
      statements = [];
      const res = await app.inject({ url, headers: inHeaders });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const data = res.json().data;
      const found = data.product ? 1 : (data.products.length as number);
      perSearch.push({ statements: classify(statements), answered: s.example ? `${found} rows` : '-' });
      if (process.env.BENCH_SHOW_SQL) log(`${url}\n  ${statements.join('\n  ')}`);
    }
    await app.inject({ url: path('kurta'), headers: inHeaders });
    statements = [];
    const probe = await app.inject({
      method: 'POST',
      url: CHECKOUT,
      payload: saleBody(false, 'screen', 2),
      headers: { ...inHeaders, 'idempotency-key': randomUUID() },
    });
    if (probe.statusCode !== 201)
      throw new Error(`pos-checkout: ${probe.statusCode} ${probe.body.slice(0, 400)}`);
    const perSale = classify(statements);
    if (process.env.BENCH_SHOW_SQL) log(`sale\n  ${statements.join('\n  ')}`);
    await app.close();
    await counted.close();
    await setup.close();

    // 3. The server; the owner signs in again before each measurement (access tokens last 15 minutes).
    const started = await startSides(db.url);
    server = started.after.srv;
    before = started.before?.srv;
    const srv = server;
    /** Who answers each measurement: this tree's server, or before and after in turn (A, B, A, B). */
    const sides = started.sides;
    const headers: Record<string, string> = { 'store-origin': BIG_SHOP };
    const signIn = async () => {
      const res = await fetch(`${srv.origin}/api/admin/admin-login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shop.email, password: PASSWORD, role_name: 'VENDOR' }),
      });
      if (res.status !== 200) throw new Error(`admin-login: ${res.status} ${await res.text()}`);
      headers.authorization = `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}`;
    };
    const alive = () => {
      if (!srv.alive() || (before && !before.alive())) throw new Error('a server exited during the run');
    };

    // 4. Sales first, while the wait for a quiet machine has its budget left (load moves throughput most).
    // Answers other than 201 are tallied by status and reason.
    const answers: Record<string, number> = {};
    const sell = async (amount: number, withHot: boolean, client: Client = 'screen', target = srv) => {
      alive();
      const stopSampling = sampleWaits(db.name);
      const m = await measure(
        {
          url: target.origin,
          connections: SALE_CONNECTIONS,
          amount,
          timeout: 30,
          requests: [
            {
              method: 'POST',
              path: CHECKOUT,
              setupRequest: (req) => ({
                ...req,
                headers: { ...headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
                body: JSON.stringify(saleBody(withHot, client)),
              }),
              onResponse: (status, body) => {
                let reason = '';
                if (status !== 201) {
                  try {
                    reason = JSON.parse(body)?.error?.reason ?? JSON.parse(body)?.message ?? '';
                  } catch {}
                }
                const k = reason ? `${status} ${reason}` : String(status);
                answers[k] = (answers[k] ?? 0) + 1;
              },
            },
          ],
        },
        { warmup: 0, pid: target.pid, db: db.name, prepare: signIn },
      );
      const waits = await stopSampling();
      log(`  ${m.statuses['201'] ?? 0} sales, ${JSON.stringify(m.statuses)}, p95 ${ms(m.p95)} ms`);
      return { m, waits };
    };
    /** One kind of sale on each side in turn. */
    const sellEach = async (amount: number, withHot: boolean, client: Client = 'screen') => {
      const runs = [];
      for (const side of sides) {
        if (side.label) log(`  on ${side.label}`);
        runs.push({ side: side.label, ...(await sell(amount, withHot, client, side.srv)) });
      }
      return runs;
    };
    log('sales: warm-up');
    for (const side of before ? sides.slice(0, 2) : sides)
      await sell(WARMUP_SALES, false, 'screen', side.srv);
    log(`sales: (a) spread over ${pool.length} sellables`);
    const spread = await sellEach(SALES, false);
    log('sales: (b) one hot product in every sale');
    const hotRun = await sellEach(SALES, true);
    log(`sales: (c) as (a), lines named as a client written to the spec names them`);
    const specRun = await sellEach(SPEC_SALES, false, 'spec');
    // 5. Searches. BENCH_BEFORE_DROP (index names, comma-separated): measured first without those indexes
    // ("before"), then again after they are created as the migrations define them ("after"), in the same run.
    const admin = postgres(db.url, { max: 1, onnotice: () => {} });
    const toggled = (process.env.BENCH_BEFORE_DROP ?? '').split(',').filter(Boolean);
    const definitions: string[] = [];
    for (const name of toggled) {
      const [d] = await admin<{ def: string | null }[]>`select pg_get_indexdef(to_regclass(${name})) as def`;
      if (!d?.def) throw new Error(`no index ${name}`);
      definitions.push(d.def);
    }
    // BENCH_BEFORE_SQL / BENCH_AFTER_SQL (files): run before the "before" rows and before the "after" rows, e.g. an
    // earlier version of a search function, then the migration's own.
    const scripts = { before: process.env.BENCH_BEFORE_SQL, after: process.env.BENCH_AFTER_SQL };
    const states =
      toggled.length || scripts.before ? (['before', 'after'] as const) : (['' as const] as const);
    const searchResults: { state: string; i: number; connections: number; m: Measured }[] = [];
    for (const state of SEARCHES ? states : []) {
      if (state === 'before') for (const name of toggled) await admin.unsafe(`drop index ${name}`);
      if (state === 'after') for (const def of definitions) await admin.unsafe(def);
      const script = state && scripts[state];
      if (script) await admin.unsafe(readFileSync(script, 'utf8'));
      for (const connections of CONNECTIONS) {
        for (const [i, s] of searches.entries()) {
          for (const side of sides) {
            alive();
            const label = side.label || state;
            log(`search${label ? ` ${label}` : ''}, ${s.name}, ${connections} connections`);
            const m = await measure(
              {
                url: side.srv.origin,
                connections,
                duration: DURATION,
                headers,
                requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: s.next(), headers }) }],
              },
              { pid: side.srv.pid, db: db.name, prepare: signIn },
            );
            if (m.requests !== (m.statuses['200'] ?? 0) || !m.requests)
              throw new Error(`search ${s.name}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
            log(`  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, load ${loadNote(m)}`);
            searchResults.push({ state: label, i, connections, m });
          }
        }
      }
    }
    await admin.end();

    await srv.stop();
    server = undefined;
    await before?.stop();
    before = undefined;

    // 6. No oversell, and every record agrees.
    const check = postgres(db.url, { max: 1, onnotice: () => {} });
    const [variants] = await check<
      {
        variants: number;
        bad_stock: number;
        bad_ledger: number;
        bad_after: number;
        negative: number;
        units: number;
        lines: number;
      }[]
    >`
      with sold as (
        select variant_id, sum(quantity)::int as q, count(*)::int as n from order_items
        where store_id = ${shop.id} group by variant_id
      ), ledger as (
        select variant_id, -sum(change)::int as q, count(*)::int as n, count(distinct quantity_after)::int as d,
               min(quantity_after) as last from stock_ledger
        where store_id = ${shop.id} and reason = 'SALE' group by variant_id
      )
      select count(*)::int as variants,
             count(*) filter (where i.quantity - v.quantity <> coalesce(s.q, 0))::int as bad_stock,
             count(*) filter (where coalesce(l.q, 0) <> coalesce(s.q, 0) or coalesce(l.n, 0) <> coalesce(s.n, 0))::int as bad_ledger,
             count(*) filter (where l.n is not null and (l.d <> l.n or l.last <> v.quantity))::int as bad_after,
             count(*) filter (where v.quantity < 0)::int as negative,
             coalesce(sum(s.q), 0)::int as units, coalesce(sum(s.n), 0)::int as lines
      from bench_initial_variants i join product_variants v on v.store_id = i.store_id and v.id = i.id
      left join sold s on s.variant_id = v.id left join ledger l on l.variant_id = v.id`;
    const [productsCheck] = await check<{ products: number; bad_stock: number; bad_sold: number }[]>`
      with sold as (
        select product_id, sum(quantity)::int as q from order_items where store_id = ${shop.id} group by product_id
      )
      select count(*)::int as products,
             count(*) filter (where i.quantity - p.quantity <> coalesce(s.q, 0))::int as bad_stock,
             count(*) filter (where p.units_sold - i.units_sold <> coalesce(s.q, 0))::int as bad_sold
      from bench_initial_products i join products p on p.store_id = i.store_id and p.id = i.id
      left join sold s on s.product_id = p.id`;
    const [orders] = await check<
      {
        orders: number;
        not_pos: number;
        numbers: number;
        span: number;
        bad_items: number;
        bad_payment: number;
        bad_invoice: number;
        audits: number;
        visits: number;
      }[]
    >`
      select count(*)::int as orders,
             count(*) filter (where o.channel <> 'POS' or o.status <> 'DELIVERED' or o.payment_status <> 'SUCCESS')::int as not_pos,
             count(distinct o.number)::int as numbers, (max(o.number) - min(o.number) + 1)::int as span,
             count(*) filter (where o.total_items <> (select sum(i.quantity) from order_items i where i.store_id = o.store_id and i.order_id = o.id)
                                 or o.subtotal_paise <> (select sum(i.quantity * i.unit_price_paise) from order_items i where i.store_id = o.store_id and i.order_id = o.id))::int as bad_items,
             count(*) filter (where (select count(*) from payment_transactions t where t.store_id = o.store_id and t.order_id = o.id
                                      and t.payment_status = 'SUCCESS' and t.amount_paise = o.total_paise) <> 1
                                 or (select count(*) from payment_transactions t where t.store_id = o.store_id and t.order_id = o.id) <> 1)::int as bad_payment,
             count(*) filter (where (select count(*) from tax_documents d where d.store_id = o.store_id and d.order_id = o.id
                                      and d.kind = 'INVOICE' and d.total_paise = o.total_paise) <> 1)::int as bad_invoice,
             (select count(*)::int from audit_events a where a.store_id = ${shop.id} and a.action = 'POS_SALE') as audits,
             (select coalesce(sum(visits), 0)::int from pos_customers c where c.store_id = ${shop.id}) as visits
      from orders o where o.store_id = ${shop.id}`;
    const series = await check<
      {
        series: string;
        fy: string;
        n: number;
        seqs: number;
        numbers: number;
        lo: number;
        hi: number;
        counter: number;
      }[]
    >`
      select d.series, d.fy, count(*)::int as n, count(distinct d.seq)::int as seqs, count(distinct d.number)::int as numbers,
             min(d.seq)::int as lo, max(d.seq)::int as hi,
             (select c.last_number from document_counters c where c.store_id = d.store_id and c.series = d.series and c.fy = d.fy)::int as counter
      from tax_documents d where d.store_id = ${shop.id} group by d.store_id, d.series, d.fy order by 1, 2`;
    const [hotLeft] = await check<{ left: number; sold: number }[]>`
      select p.quantity as left, (select coalesce(sum(quantity), 0)::int from order_items i where i.store_id = p.store_id and i.product_id = p.id) as sold
      from products p where p.store_id = ${shop.id} and p.id = ${hot.row.productId}`;
    await check.end();

    const created = 1 + Object.entries(answers).reduce((n, [k, c]) => (k === '201' ? n + c : n), 0);
    const refusals = Object.entries(answers).filter(([k]) => k !== '201');
    const seriesOk = series.every(
      (s) => s.n === s.seqs && s.n === s.numbers && s.lo === 1 && s.hi === s.n && s.counter === s.hi,
    );
    const checks: [string, boolean][] = [
      [
        `stock + units sold = initial for all ${variants?.variants} variants (${variants?.bad_stock} off) and ${productsCheck?.products} products (${productsCheck?.bad_stock} off; units_sold off on ${productsCheck?.bad_sold}); negative stock ${variants?.negative}`,
        variants?.bad_stock === 0 &&
          productsCheck?.bad_stock === 0 &&
          productsCheck.bad_sold === 0 &&
          variants.negative === 0,
      ],
      [
        `order lines = SALE ledger rows per variant (${variants?.lines} lines, ${variants?.units} units; ${variants?.bad_ledger} variants off), each row's stock-after distinct and the last one the stock now (${variants?.bad_after} off)`,
        variants?.bad_ledger === 0 && variants.bad_after === 0,
      ],
      [
        `${orders?.orders} orders for ${created} 201 answers (the in-process probe, ${WARMUP_SALES} warm-up and the runs), all POS/DELIVERED/SUCCESS (${orders?.not_pos} not), lines matching the totals (${orders?.bad_items} not), one SUCCESS payment of the total each (${orders?.bad_payment} not), one tax invoice of the total each (${orders?.bad_invoice} not), ${orders?.audits} POS_SALE audit rows, ${orders?.visits} customer visits`,
        orders?.orders === created &&
          orders.not_pos === 0 &&
          orders.bad_items === 0 &&
          orders.bad_payment === 0 &&
          orders.bad_invoice === 0 &&
          orders.audits === created &&
          orders.visits === created,
      ],
      [
        `order numbers: ${orders?.numbers} distinct over a span of ${orders?.span}; invoice series ${series.map((s) => `${s.series} ${s.fy}: ${s.n} documents, seq ${s.lo}-${s.hi}, ${s.numbers} distinct numbers, counter ${s.counter}`).join('; ')}`,
        orders?.numbers === orders?.orders && orders?.span === orders?.orders && seriesOk,
      ],
      [
        `refused: ${refusals.length ? refusals.map(([k, n]) => `${n} x ${k}`).join(', ') : 'none'}; the hot product sold ${hotLeft?.sold} of ${HOT_STOCK}, ${hotLeft?.left} left`,
        refusals.every(([k]) => k === '409 OUT_OF_STOCK') &&
          hotLeft?.sold === HOT_STOCK &&
          hotLeft.left === 0,
      ],
    ];
    const consistent = checks.every(([, ok]) => ok);

    // 7. The block for docs/benchmarks.md.
    const saleRuns = [
      {
        name: `(a) 1-3 lines over ${pool.length.toLocaleString('en')} sellables, as the counter screen sends them`,
        runs: spread,
      },
      {
        name: `(b) the hot product (stock ${HOT_STOCK.toLocaleString('en')}) in every sale, plus 0-2 lines`,
        runs: hotRun,
      },
      {
        name: "(c) as (a), a product sold as one item by `product_id` alone (the spec's payload)",
        runs: specRun,
      },
    ].flatMap(({ name, runs }) =>
      runs.map((run) => ({ name: run.side ? `${name}, ${run.side}` : name, short: name.slice(0, 3), run })),
    );
    const stmt = (s: ReturnType<typeof classify>) =>
      `${s.queries} (+${s.context} context, +${s.tx} BEGIN/COMMIT)`;
    const cpu = (m: Measured) =>
      `${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'}`;
    const waitLine = (name: string, w: Waits) =>
      `- ${name} what the database's ${w.backends} connections were doing, on average: ${[
        ...w.tally.entries(),
      ]
        .filter(([, n]) => n / w.samples >= 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${(n / w.samples).toFixed(1)} ${k}`)
        .join(', ')} (${w.samples} samples of pg_stat_activity, every 50 ms).`;
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: point of sale, ${await machine()}\n`,
      `Shop ${BIG_SHOP}: ${sizes?.products.toLocaleString('en')} products (${sizes?.variants.toLocaleString('en')} of them in 3 variants: ${sizes?.sellable.toLocaleString('en')} sellables), GST-registered; ${sizes?.all.toLocaleString('en')} products in ${SHOPS} shops; database ${sizes?.db}, built in ${dataS.toFixed(0)} s. Search: ${DURATION} s per row after 3 s warm-up, the term drawn per request.\n`,
      `| Search \`GET /api/admin/pos/products/\`${toggled.length ? ` | indexes (${toggled.join(', ')})` : ''} | connections | rows answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | SQL statements/req | load avg at start |`,
      `|---|${toggled.length ? '---|' : ''}---|---|---|---|---|---|---|---|---|---|`,
      ...searchResults.map(({ state, i, connections, m }) => {
        const s = searches[i];
        const p = perSearch[i];
        const st = toggled.length
          ? ` | ${state === 'before' ? 'without (before)' : 'with (after)'}`
          : state
            ? `, ${state}`
            : '';
        return `| ${s?.name}${st} | ${connections} | ${p?.answered} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${cpu(m)} | ${p ? stmt(p.statements) : '-'} | ${loadNote(m)} |`;
      }),
      '',
      `| Sales \`POST /api/admin/order/pos-checkout/\` (${SALE_CONNECTIONS} connections) | requests | 201 | other answers | sales/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | load avg at start |`,
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...saleRuns.map(({ name, run }) => {
        const r = run.m;
        const other = Object.entries(r.statuses)
          .filter(([k]) => k !== '201')
          .map(([k, n]) => `${n} x ${k}`)
          .join(', ');
        const sales = r.statuses['201'] ?? 0;
        return `| ${name} | ${r.requests} | ${sales} | ${other || '-'} | ${Math.round(sales / (r.requests / r.rps))} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${cpu(r)} | ${loadNote(r)} |`;
      }),
      '',
      ...(BEFORE_SERVER
        ? [spread, hotRun, specRun].map(
            (runs, i) =>
              `- ${'abc'[i]}, mean of ${runs.length / 2} runs each: ${beforeAfter(runs.map((r) => ({ side: r.side, rate: (r.m.statuses['201'] ?? 0) / (r.m.requests / r.m.rps), p99: r.m.p99 })))}.`,
          )
        : []),
      `- SQL statements per sale (counted in-process, the screen's body, two lines: one stock statement per line): ${stmt(perSale)}.`,
      ...saleRuns.map(({ short, run }) => waitLine(`${short}${run.side ? ` ${run.side}` : ''}`, run.waits)),
      `- Check afterwards (${consistent ? 'consistent: no oversell' : 'INCONSISTENT'}):`,
      ...checks.map(([text, ok]) => `  - ${ok ? 'ok' : 'FAILED'}: ${text}.`),
    ];
    console.log(`\n${out.join('\n')}`);
    if (!consistent) process.exitCode = 1;
  } finally {
    await server?.stop();
    await before?.stop();
    if (process.env.BENCH_KEEP) {
      console.log(`Kept the database ${db.name} (BENCH_KEEP).`);
      await db.keep();
    } else await db.drop();
  }
}

interface Waits {
  samples: number;
  backends: number;
  tally: Map<string, number>;
}

/**
 * Samples the server's PostgreSQL connections every 50 ms until the returned function is called: what each one
 * is doing (on CPU, waiting on a lock or the WAL, idle in a transaction while the server prepares its next
 * statement). Idle connections outside a transaction are not counted.
 */
function sampleWaits(dbName: string): () => Promise<Waits> {
  const pg = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const tally = new Map<string, number>();
  let samples = 0;
  let backends = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const now = await pg<{ state: string | null; w: string | null; query: string }[]>`
        select state, wait_event_type || ':' || wait_event as w, left(query, 200) as query from pg_stat_activity
        where datname = ${dbName} and backend_type = 'client backend' and pid <> pg_backend_pid()`;
      samples += 1;
      backends = Math.max(backends, now.length);
      for (const r of now) {
        // A lock wait names the statement waiting: the table written, or the function called.
        const statement = r.query
          .replace(/\s+/g, ' ')
          .match(/^\s*(insert into "?\w+|update "?\w+|delete from "?\w+|select \w+\(|select)/i)?.[1]
          ?.replaceAll('"', '');
        const k =
          r.state === 'active'
            ? r.w
              ? `waiting on ${r.w}${r.w.startsWith('Lock:') && statement ? ` in \`${statement}\`` : ''}`
              : 'running'
            : r.state?.startsWith('idle in transaction')
              ? 'idle in a transaction (waiting for the server)'
              : null;
        if (k) tally.set(k, (tally.get(k) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    await pg.end();
    return { samples, backends, tally };
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// `npm run bench:scale`: the catalogue and the back office at scale (issues 5 and 7), on PostgreSQL.
// A fresh database, migrated and filled by seed:scale (10,000 shops x 100 products by default), plus one shop
// grown to 50,000 products with generate_series. Measures under 20 connections with the built server as a child
// process: the storefront listing with search + filter + sort, the product page's calls, the back-office
// inventory list on the 50,000-product shop, and the time of a 10,000-row CSV import. SQL statements per request
// are counted in-process on one warmed request (directory cache warm). Prints a markdown block for
// docs/benchmarks.md. BENCH_STORES, BENCH_PRODUCTS, BENCH_BIG_SHOP and BENCH_IMPORT_ROWS shrink it for a try-out.
import { openDatabase } from '@haat/db';
import { seedScale } from '@haat/db/seed';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords.ts';
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
  waitForQuiet,
} from './bench-kit.ts';

const STORES = Number(process.env.BENCH_STORES ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100);
const BIG = Number(process.env.BENCH_BIG_SHOP ?? 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** A shop's back office at its busiest: two or three people, each screen sending the list and the tiles at once. */
const ADMIN_CONNECTIONS = Number(process.env.BENCH_ADMIN_CONNECTIONS ?? 4);
const PASSWORD = 'bench-scale-2026';
/** Shops n % 5 == 0 are fashion shops in the scale seed (Kurtas, Sarees, Dupattas, Accessories). */
const LIST_SHOP = 'scale-000005';
const BIG_SHOP = 'scale-000010';
const LISTING = '/api/store/stores/product?search=kurta&min_price=100&max_price=5000&sort=price_asc&limit=24';

const log = (line: string) => console.error(line);
const rows = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];

async function main() {
  if (STORES < 10) throw new Error('BENCH_STORES must be at least 10');
  const db = await freshDatabase('haat_bench_scale');
  let server: Server | undefined;
  const out: string[] = [];
  try {
    // 1. Data: the scale seed, then one shop grown to BIG products.
    const setup = await openDatabase({ url: db.url });
    await setup.migrate();
    let t0 = performance.now();
    await seedScale(setup.owner, { stores: STORES, products: PRODUCTS, log });
    const seedS = (performance.now() - t0) / 1000;
    const owner = setup.owner;
    t0 = performance.now();
    await owner.execute(sql`
      insert into products (store_id, id, slug, product_name, product_description, sku, price_paise, sale_price_paise,
                            cost_paise, quantity, low_stock_threshold, free_shipping, tax_percent, images, category_id,
                            units_sold, created_at, updated_at)
      select s.id, gen_random_uuid(), 'big-' || i, nm, 'Quality ' || lower(nm) || ' from ' || s.store_name || '.',
             'BG-' || lpad(i::text, 6, '0'), price, case when i % 4 = 1 then price * 9 / 10 end, price * 45 / 100,
             case when i % 17 = 0 then 0 when i % 7 = 0 then 1 + i % 5 else 6 + (i * 37) % 300 end, 5,
             i % 3 = 0, (array[5, 12, 18])[1 + i % 3],
             array['/media/demo/product/' || s.slug || '-big-' || i || '.svg?t=' || replace(nm, ' ', '%20')],
             md5(s.id::text || '-cat-' || (i % 4))::uuid, (i * 13) % 2000,
             now() - ((i * 7) % 700) * interval '1 day', now() - ((i * 11) % 9000) * interval '1 hour'
      from stores s, generate_series(${PRODUCTS + 1}::int, ${BIG}::int) i,
           lateral (select (99 + (i * 37) % 4901) * 100 as price,
                           (array['Classic','Premium','Everyday','Handmade','Organic','Festive','Deluxe','Essential'])[1 + i % 8]
                           || ' ' || (array['Red','Blue','Green','Mustard','Maroon','Black','White','Pink','Teal','Ivory'])[1 + i / 8 % 10]
                           || ' ' || (array[array['Cotton Kurta','Printed Kurti','Festive Kurta Set'],
                                            array['Silk Saree','Cotton Saree','Georgette Saree'],
                                            array['Printed Dupatta','Chanderi Dupatta','Cotton Stole'],
                                            array['Embroidered Jutti','Potli Bag','Canvas Tote']])[1 + i % 4][1 + i / 4 % 3]
                           || ' ' || i as nm) x
      where s.slug = ${BIG_SHOP}`);
    // Settle the new rows as autovacuum would (visibility map, statistics) before anything is measured.
    await owner.execute(sql`vacuum analyze products`);
    const bigS = (performance.now() - t0) / 1000;
    const [bigShop] = rows<{ id: string; owner_id: string; n: number }>(
      await owner.execute(
        sql`select s.id, s.owner_id, (select count(*)::int from products p where p.store_id = s.id) as n from stores s where s.slug = ${BIG_SHOP}`,
      ),
    );
    const [kurtas] = rows<{ id: string }>(
      await owner.execute(
        sql`select c.id from product_categories c join stores s on s.id = c.store_id where s.slug = ${BIG_SHOP} and c.name = 'Kurtas'`,
      ),
    );
    // The product whose page is measured: a kurta of the listing shop, with 40 reviews.
    const [product] = rows<{ id: string; store_id: string }>(
      await owner.execute(
        sql`select p.id, p.store_id from products p join stores s on s.id = p.store_id where s.slug = ${LIST_SHOP} and p.product_name ilike '%kurta%' order by p.slug limit 1`,
      ),
    );
    if (!bigShop || !kurtas || !product) throw new Error('scale data is missing the measured shops');
    await owner.execute(sql`
      insert into reviews (store_id, product_id, name, rating, description, created_at)
      select ${product.store_id}::uuid, ${product.id}::uuid, 'Shopper ' || g, 1 + g % 5, 'Review number ' || g,
             now() - g * interval '1 day'
      from generate_series(1, 40) g`);
    await owner.execute(
      sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${bigShop.owner_id}::uuid`,
    );
    const [vendor] = rows<{ email: string }>(
      await owner.execute(sql`select email from users where id = ${bigShop.owner_id}::uuid`),
    );
    const [sizes] = rows<{ products: number; stores: number; db: string }>(
      await owner.execute(
        sql`select (select count(*)::int from products) as products, (select count(*)::int from stores) as stores, pg_size_pretty(pg_database_size(current_database())) as db`,
      ),
    );
    await setup.close();
    log(
      `data: ${sizes?.stores} shops, ${sizes?.products} products, ${sizes?.db}; seed ${seedS.toFixed(0)} s`,
    );

    // 2. The server, and a vendor signed in through the back-office sign-in.
    server = await startServer(db.url);
    // Access tokens last 15 minutes and a run waits for a quiet machine between measurements, so the vendor
    // signs in again before each back-office measurement (the headers object is shared with autocannon's options).
    const vendorHeaders = { authorization: '', 'store-origin': BIG_SHOP };
    const signIn = async (origin: string) => {
      const login = await fetch(`${origin}/api/admin/admin-login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: vendor?.email, password: PASSWORD, role_name: 'VENDOR' }),
      });
      if (login.status !== 200) throw new Error(`admin-login: ${login.status} ${await login.text()}`);
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      vendorHeaders.authorization = `Bearer ${token}`;
    };
    await signIn(server.origin);
    const shopper = { 'store-origin': LIST_SHOP };
    const productPath = `/api/store/stores/product/${product.id}`;
    const adminSearch = `/api/admin/stores/product/?search=kurta&stock=low_stock&category=${kurtas.id}&sort=price_asc&limit=10`;
    // The back office at 20 connections on one shop (the target), and at ADMIN_CONNECTIONS: a few people of one
    // shop at work at once, each screen asking for the list and the tiles together.
    const adminTargets = (connections: number) => {
      const at = connections === 20 ? '' : `, ${connections} connections`;
      return [
        {
          name: `GET /api/admin/stores/product/?search=kurta&stock=low_stock&category={Kurtas}&sort=price_asc (${BIG.toLocaleString('en')} products${at})`,
          path: adminSearch,
          headers: vendorHeaders,
          target: 'p95 <= 50 ms',
          connections,
        },
        {
          name: `GET /api/admin/stores/product/ (first page, newest changes first, ${BIG.toLocaleString('en')} products${at})`,
          path: '/api/admin/stores/product/?limit=10',
          headers: vendorHeaders,
          target: 'p95 <= 50 ms',
          connections,
        },
        {
          name: `GET /api/admin/stores/product/?stock=low_stock&sort=stock_asc${at ? ` (${at.slice(2)})` : ''}`,
          path: '/api/admin/stores/product/?stock=low_stock&sort=stock_asc&limit=10',
          headers: vendorHeaders,
          target: 'p95 <= 50 ms',
          connections,
        },
        {
          name: `GET /api/admin/product/stats/ (the tiles${at})`,
          path: '/api/admin/product/stats/',
          headers: vendorHeaders,
          connections,
        },
      ];
    };

    const targets: {
      name: string;
      path: string;
      headers: Record<string, string>;
      target?: string;
      connections?: number;
    }[] = [
      {
        name: `GET ${LISTING.replace('/api/store/stores/product', '…/product')}`,
        path: LISTING,
        headers: shopper,
        target: 'p95 <= 50 ms, <= 3 statements',
      },
      {
        name: 'GET …/product?category=Sarees&min_price=500&sort=newest&limit=24 (no search)',
        path: '/api/store/stores/product?category=Sarees&min_price=500&sort=newest&limit=24',
        headers: shopper,
      },
      {
        // One shopper only: at 20 connections every request times out (see docs/benchmarks.md).
        name: `GET …/product?search=kurta&min_price=100&max_price=5000&sort=price_asc&limit=24 in the ${BIG.toLocaleString('en')}-product shop, 1 connection`,
        path: LISTING,
        headers: { 'store-origin': BIG_SHOP },
        connections: 1,
      },
      {
        name: 'GET …/product/{id} (product page)',
        path: productPath,
        headers: shopper,
        target: '<= 3 statements',
      },
      {
        name: 'GET …/product/{id}/product-reviews/?limit=10&offset=0',
        path: `${productPath}/product-reviews/?limit=10&offset=0`,
        headers: shopper,
        target: '<= 3 statements',
      },
      {
        name: 'GET …/product/{id}/product-reviews-analytic/',
        path: `${productPath}/product-reviews-analytic/`,
        headers: shopper,
        target: '<= 3 statements',
      },
      {
        name: 'GET …/product/{id}/similar-product/?limit=8',
        path: `${productPath}/similar-product/?limit=8`,
        headers: shopper,
        target: '<= 3 statements',
      },
      ...adminTargets(20),
      ...adminTargets(ADMIN_CONNECTIONS),
    ];

    // 3. Statements per request, counted in-process on the same database (one warmed request each).
    let statements: string[] = [];
    const counted = await openDatabase({ url: db.url, onQuery: (q) => statements.push(q) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_SECRET, RATE_LIMITS: 'off' }),
      logger: false,
    });
    const counts = new Map<string, ReturnType<typeof classify>>();
    const samples = new Map<string, string>();
    for (const t of targets) {
      await app.inject({ url: t.path, headers: t.headers });
      statements = [];
      const res = await app.inject({ url: t.path, headers: t.headers });
      if (res.statusCode !== 200) throw new Error(`${t.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      counts.set(t.name, classify(statements));
      const body = res.json();
      const data = body.data;
      samples.set(
        t.name,
        Array.isArray(data)
          ? `${data.length} rows, total ${res.headers['x-total-count'] ?? '-'}`
          : data?.results
            ? `${data.results.length} rows, count ${data.count}`
            : 'one object',
      );
      if (process.env.BENCH_SQL) log(`${t.name}\n  ${statements.join('\n  ')}`);
    }
    await app.close();
    await counted.close();

    // 4. Load: 20 connections, 3 s warm-up, DURATION s measured, each after the machine is quiet.
    const results: [string, Measured][] = [];
    const restarts: string[] = [];
    let lastName = '';
    const live = async () => {
      if (server?.alive()) return server;
      restarts.push(`before "${lastName}"`);
      log('  the server is gone: starting it again');
      server = await startServer(db.url);
      return server;
    };
    for (const t of targets) {
      log(`measuring ${t.name}`);
      lastName = t.name;
      const srv = await live();
      const m = await measure(
        {
          url: `${srv.origin}${t.path}`,
          connections: t.connections ?? 20,
          duration: DURATION,
          headers: t.headers,
          timeout: 30,
        },
        {
          pid: srv.pid,
          db: db.name,
          warmup: t.connections === 1 ? 0 : 3,
          prepare: t.headers === vendorHeaders ? () => signIn(srv.origin) : undefined,
        },
      );
      if (m.errors || Object.keys(m.statuses).some((s) => s !== '200'))
        log(`  ${t.name}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
      results.push([t.name, m]);
    }

    // 5. CSV import of IMPORT_ROWS new products into the big shop: dry run, apply, then the same file again
    // with other stock figures (every row an update).
    const csv = (stockOf: (i: number) => number) =>
      [
        'sku,product_name,category,unit,cost_price,selling_price,stock,gst_percent',
        ...Array.from({ length: IMPORT_ROWS }, (_, k) => {
          const i = k + 1;
          const category = ['Kurtas', 'Sarees', 'Dupattas', 'Imported'][i % 4];
          return `IMP-${String(i).padStart(6, '0')},Imported ${['Cotton Kurta', 'Silk Saree', 'Chanderi Dupatta', 'Jute Bag'][i % 4]} ${i},${category},Piece,${100 + (i % 500)},${199 + (i % 900)}.50,${stockOf(i)},${[5, 12, 18][i % 3]}`;
        }),
      ].join('\n');
    const upload = async (body: string, dryRun: boolean) => {
      lastName = 'CSV import';
      const srv = await live();
      const quiet = await waitForQuiet();
      await signIn(srv.origin);
      const started = performance.now();
      const res = await fetch(`${srv.origin}/api/admin/product/import/?dry_run=${dryRun}`, {
        method: 'POST',
        headers: { ...vendorHeaders, 'content-type': 'text/csv' },
        body,
      });
      const seconds = (performance.now() - started) / 1000;
      const json = (await res.json()) as {
        data: { valid_rows: number; created: number; updated: number; issues: unknown[] };
      };
      if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return { seconds, report: json.data, ...quiet };
    };
    const first = csv((i) => i % 50);
    const dry = await upload(first, true);
    const created = await upload(first, false);
    const updated = await upload(
      csv((i) => (i % 50) + 7),
      false,
    );

    // 6. The block for docs/benchmarks.md.
    const withTotal = (name: string) => {
      const c = counts.get(name);
      return c ? `${c.queries} (+1 context, +${c.tx} BEGIN/COMMIT)` : '-';
    };
    out.push(`### ${new Date().toISOString().slice(0, 10)}, at scale: ${await machine()}\n`);
    out.push(
      `Data: ${sizes?.stores.toLocaleString('en')} shops, ${sizes?.products.toLocaleString('en')} products (${STORES.toLocaleString('en')} x ${PRODUCTS} from seed:scale in ${seedS.toFixed(0)} s, plus ${BIG_SHOP} grown to ${bigShop.n.toLocaleString('en')} products in ${bigS.toFixed(0)} s), database ${sizes?.db}. Listing shop ${LIST_SHOP} (${PRODUCTS} products), back office on ${BIG_SHOP}.\n`,
    );
    out.push(
      `| Request (20 connections, ${DURATION} s) | rows answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | SQL statements/req | load avg at start |`,
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, m] of results) {
      out.push(
        `| ${name} | ${samples.get(name)}${m.errors || Object.keys(m.statuses).some((s) => s !== '200') ? ` (statuses ${JSON.stringify(m.statuses)}, ${m.errors} errors)` : ''} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${withTotal(name)} | ${loadNote(m)} |`,
      );
    }
    out.push('');
    const r = (x: { report: { created: number; updated: number; valid_rows: number } }) =>
      `${x.report.valid_rows} valid, ${x.report.created} created, ${x.report.updated} updated`;
    out.push(
      `- CSV import of ${IMPORT_ROWS.toLocaleString('en')} rows into ${BIG_SHOP} (one request each): dry run ${dry.seconds.toFixed(1)} s (${r(dry)}); apply ${created.seconds.toFixed(1)} s (${r(created)}); the same file again with new stock ${updated.seconds.toFixed(1)} s (${r(updated)}). Load average at start: ${loadNote(dry)}, ${loadNote(created)}, ${loadNote(updated)}.`,
    );
    if (restarts.length) out.push(`- The server had exited and was started again ${restarts.join(', ')}.`);
    console.log(`\n${out.join('\n')}`);
  } finally {
    await server?.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

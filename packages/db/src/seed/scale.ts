import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { storeCategories } from '../schema/index.ts';
import { DEMO_STORE_CATEGORIES, type DemoShop } from './demo-data.ts';
import { demoSections } from './demo-sections.ts';

/**
 * Benchmark data: many generated shops, written with set-based SQL (INSERT … SELECT over generate_series),
 * one transaction per batch of shops. Shops are `scale-000001` … with deterministic ids, so a rerun skips
 * the ones that exist. Row-level security is forced on tenant tables, so this needs a connection that
 * bypasses it (a superuser, as the owner is on PGlite and local PostgreSQL).
 */
export interface SeedScaleOptions {
  stores: number;
  products: number;
  /** Shops per transaction; by default about 200,000 products per batch, at most 1,000 shops. */
  batchSize?: number;
  log?: (line: string) => void;
}

/** Per shop category (same order as DEMO_STORE_CATEGORIES): shop name suffix, four product categories with three nouns each. */
const KINDS: { shop: string; categories: [string, [string, string, string]][] }[] = [
  {
    shop: 'Fashion House',
    categories: [
      ['Kurtas', ['Cotton Kurta', 'Printed Kurti', 'Festive Kurta Set']],
      ['Sarees', ['Silk Saree', 'Cotton Saree', 'Georgette Saree']],
      ['Dupattas', ['Printed Dupatta', 'Chanderi Dupatta', 'Cotton Stole']],
      ['Accessories', ['Embroidered Jutti', 'Potli Bag', 'Canvas Tote']],
    ],
  },
  {
    shop: 'Electronics',
    categories: [
      ['Audio', ['Wireless Earbuds', 'Bluetooth Speaker', 'Headphones']],
      ['Chargers', ['Fast Charger', 'Power Bank', 'USB-C Cable']],
      ['Smart Home', ['Smart Plug', 'Smart Bulb', 'Security Camera']],
      ['Computer Accessories', ['Wireless Mouse', 'Keyboard', 'Pen Drive']],
    ],
  },
  {
    shop: 'Foods',
    categories: [
      ['Tea', ['Masala Chai', 'Assam Tea', 'Green Tea']],
      ['Spices', ['Black Pepper', 'Cardamom', 'Garam Masala']],
      ['Snacks', ['Banana Chips', 'Bhujia', 'Roasted Makhana']],
      ['Sweets', ['Halwa', 'Soan Papdi', 'Kaju Katli']],
    ],
  },
  {
    shop: 'Beauty Store',
    categories: [
      ['Skincare', ['Face Wash', 'Face Serum', 'Moisturiser']],
      ['Haircare', ['Hair Oil', 'Herbal Shampoo', 'Conditioner']],
      ['Bath & Body', ['Herbal Soap', 'Body Scrub', 'Ubtan']],
      ['Makeup', ['Kajal', 'Lip Balm', 'Lipstick']],
    ],
  },
  {
    shop: 'Home Decor',
    categories: [
      ['Decor', ['Wall Hanging', 'Cushion Cover', 'Brass Diya']],
      ['Bed & Bath', ['Bedsheet', 'Towel Set', 'Cotton Dohar']],
      ['Kitchen', ['Copper Bottle', 'Serving Platter', 'Chai Mugs']],
      ['Lighting', ['Table Lamp', 'Metal Lantern', 'LED Fairy Lights']],
    ],
  },
];
const PREFIXES = ['Shree', 'Lakshmi', 'Apna', 'Royal', 'Sai', 'Ganesh', 'Bharat', 'Nandi', 'Sagar', 'Kaveri'];
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
const CITIES: [string, string, string, number, number][] = [
  ['Jaipur', 'Rajasthan', '302001', 26.9124, 75.7873],
  ['Bengaluru', 'Karnataka', '560001', 12.9716, 77.5946],
  ['Kolkata', 'West Bengal', '700001', 22.5726, 88.3639],
  ['Lucknow', 'Uttar Pradesh', '226001', 26.8467, 80.9462],
  ['Kochi', 'Kerala', '682001', 9.9312, 76.2673],
  ['Pune', 'Maharashtra', '411001', 18.5204, 73.8567],
  ['Ahmedabad', 'Gujarat', '380001', 23.0225, 72.5714],
  ['Hyderabad', 'Telangana', '500001', 17.385, 78.4867],
  ['Chennai', 'Tamil Nadu', '600001', 13.0827, 80.2707],
  ['Indore', 'Madhya Pradesh', '452001', 22.7196, 75.8577],
];

/** Placeholders in the section JSON, replaced per shop in SQL. */
const SLUG = 'scale-slug-placeholder';
const NAME = 'ScaleNamePlaceholder';

/** Section configs for a shop of each kind, built by the same code as the demo shops. */
function sectionTemplates() {
  return KINDS.map((kind, i) => {
    const shop: DemoShop = {
      slug: SLUG,
      name: NAME,
      category: DEMO_STORE_CATEGORIES[i] ?? 'Home',
      status: 'PUBLISHED',
      owner: ['Scale', 'Owner', '9000000000'],
      phone: '9100000000',
      description: '',
      short: '',
      ageDays: 100,
      location: { line1: 'Market Road', city: 'Pune', state: 'Maharashtra', pin: '411001', lat: 0, lng: 0 },
      contacts: [],
      settings: { payments: ['COD', 'UPI'], returnDays: 7, warranty: '' },
      categories: Object.fromEntries(kind.categories.map(([c]) => [c, []])),
      products: '',
      deals: [],
      theme: {
        bg: ['#1e3a8a', '#7c3aed'],
        text: ['#ffffff', '#fde68a'],
        accent: '#7c3aed',
        banner: {
          heading: `Welcome to ${NAME}`,
          highlight: `The best of ${DEMO_STORE_CATEGORIES[i] ?? 'Home'}`,
          description: 'Quality products at honest prices, delivered across India.',
          primary: 'Shop Now',
          secondary: 'View All Products',
        },
        featured: ['Featured Products', 'Handpicked for you'],
        deals: ['Deals of the Day', 'Special prices for a short time'],
        sales: ['Upcoming Sale', 'Set a reminder so you do not miss it'],
        newsletter: 'New arrivals and offers in your inbox.',
      },
    };
    return demoSections(shop, [], new Date());
  });
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

export async function seedScale(db: Db, opts: SeedScaleOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const total = opts.stores;
  const perStore = opts.products;
  if (!Number.isInteger(total) || total < 0 || total > 999_999) throw new Error('stores must be 0 to 999999');
  if (!Number.isInteger(perStore) || perStore < 0 || perStore > 10_000)
    throw new Error('products must be 0 to 10000');
  const batch = opts.batchSize ?? Math.max(1, Math.min(1000, Math.floor(200_000 / Math.max(perStore, 1))));

  const [role] = rowsOf<{ bypass: boolean }>(
    await db.execute(
      sql`select (rolsuper or rolbypassrls) as bypass from pg_roles where rolname = current_user`,
    ),
  );
  if (!role?.bypass) {
    throw new Error(
      'seed:scale needs a superuser connection: it writes tenant tables in bulk, which row-level security forbids otherwise',
    );
  }

  await db
    .insert(storeCategories)
    .values(DEMO_STORE_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const categoryRows = await db
    .select({ id: storeCategories.id, name: storeCategories.name })
    .from(storeCategories)
    .where(inArray(storeCategories.name, [...DEMO_STORE_CATEGORIES]));
  const categoryIds = DEMO_STORE_CATEGORIES.map(
    (name) => categoryRows.find((c) => c.name === name)?.id ?? null,
  );

  const j = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const kinds = KINDS.length;
  const started = performance.now();
  let createdStores = 0;

  for (let first = 1; first <= total; first += batch) {
    const last = Math.min(total, first + batch - 1);
    const created = await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table scale_batch (
        n int primary key, store_id uuid not null, slug text not null, store_name text not null, kind int not null
      ) on commit drop`);
      await tx.execute(sql`
        insert into users (id, role, email, first_name, last_name, phone, email_verified_at)
        select md5('haat-scale-owner-' || g)::uuid, 'VENDOR', 'owner@scale-' || lpad(g::text, 6, '0') || '.scale.haat.in',
               ${j(['Ravi', 'Anita', 'Suresh', 'Priya', 'Imran', 'Kavya', 'Joseph', 'Meena'])} ->> (g % 8),
               ${j(['Sharma', 'Patel', 'Iyer', 'Khan', 'Nair', 'Das', 'Reddy'])} ->> (g % 7),
               (9000000000 + g)::text, now()
        from generate_series(${first}::int, ${last}::int) g
        on conflict do nothing`);
      await tx.execute(sql`
        with ins as (
          insert into stores (id, slug, store_name, store_category_id, owner_id, phone_number, description,
                              short_description, contact_type, image, plan, online_status, created_at)
          select md5('haat-scale-store-' || g)::uuid, 'scale-' || lpad(g::text, 6, '0'), nm,
                 (${j(categoryIds)} ->> (g % ${kinds}::int))::uuid, md5('haat-scale-owner-' || g)::uuid,
                 (9100000000 + g)::text, 'A generated ' || lower(${j(DEMO_STORE_CATEGORIES)} ->> (g % ${kinds}::int)) || ' shop for benchmarks.',
                 'Generated shop', 'Primary',
                 '/media/demo/store/scale-' || lpad(g::text, 6, '0') || '.svg?t=' || replace(nm, ' ', '%20'),
                 'professional', 'PUBLISHED', now() - (g % 365) * interval '1 day'
          from generate_series(${first}::int, ${last}::int) g,
               lateral (select (${j(PREFIXES)} ->> (g % ${PREFIXES.length}::int)) || ' '
                         || (${j(KINDS.map((k) => k.shop))} ->> (g % ${kinds}::int)) || ' ' || g as nm) x
          on conflict do nothing
          returning id, slug, store_name
        )
        insert into scale_batch (n, store_id, slug, store_name, kind)
        select substr(slug, 7)::int, id, slug, store_name, substr(slug, 7)::int % ${kinds}::int from ins`);
      const [count] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from scale_batch`),
      );
      if (!count?.n) return 0;

      await tx.execute(sql`
        insert into store_locations (store_id, address_line_1, city, state, country, postal_code, latitude, longitude)
        select b.store_id, (b.n % 300 + 1) || ', Main Market Road', c ->> 0, c ->> 1, 'India', c ->> 2,
               (c ->> 3)::float8 + (b.n % 101 - 50) / 1000.0, (c ->> 4)::float8 + (b.n % 97 - 48) / 1000.0
        from scale_batch b, lateral (select ${j(CITIES)} -> (b.n % ${CITIES.length}::int) as c) x`);
      // The marketplace lists shops by city from the directory row.
      await tx.execute(sql`
        update stores s set city = c ->> 0, state = c ->> 1
        from scale_batch b, lateral (select ${j(CITIES)} -> (b.n % ${CITIES.length}::int) as c) x
        where s.id = b.store_id`);
      await tx.execute(sql`
        insert into store_settings (store_id, payment_methods, upi_id, return_days, warranty_text)
        select store_id, '{COD,UPI}'::text[], replace(slug, '-', '') || '@okaxis', 7, 'Replacement within 7 days.'
        from scale_batch`);
      await tx.execute(sql`
        insert into store_contacts (store_id, contact_type, phone_number, position)
        select store_id, 'Primary', (9100000000 + n)::text, 0 from scale_batch`);
      await tx.execute(sql`
        insert into store_sections (store_id, name, position, config)
        select b.store_id, s ->> 'name', (s ->> 'position')::smallint,
               replace(replace(replace((s -> 'config')::text, ${SLUG}, b.slug),
                       ${`?t=${NAME}`}, '?t=' || replace(b.store_name, ' ', '%20')), ${NAME}, b.store_name)::jsonb
        from scale_batch b, lateral jsonb_array_elements(${j(sectionTemplates())} -> b.kind) s`);
      await tx.execute(sql`
        insert into product_categories (store_id, id, name)
        select b.store_id, md5(b.store_id::text || '-cat-' || k)::uuid, ${j(KINDS.map((k) => k.categories.map(([c]) => c)))} -> b.kind ->> k
        from scale_batch b, generate_series(0, 3) k`);
      if (perStore > 0) {
        await tx.execute(sql`
          insert into products (store_id, id, slug, product_name, product_description, sku, price_paise, sale_price_paise,
                                cost_paise, quantity, free_shipping, tax_percent, images, category_id, is_featured,
                                units_sold, created_at, updated_at)
          select b.store_id, gen_random_uuid(), 'product-' || i, nm, 'Quality ' || lower(nm) || ' from ' || b.store_name || '.',
                 'SC-' || lpad(i::text, 5, '0'), price,
                 case when h % 4 = 0 then price * 4 / 500 * 100 - 100 end, price * 45 / 100,
                 case when h % 17 = 0 then 0 when h % 13 = 0 then 1 + h % 5 else 6 + h % 194 end,
                 h % 3 = 0, (array[5, 12, 18])[1 + h % 3],
                 array['/media/demo/product/' || b.slug || '-' || i || '.svg?t=' || replace(nm, ' ', '%20')],
                 md5(b.store_id::text || '-cat-' || (i % 4))::uuid, i % 10 = 1, (h * 13) % 2000,
                 now() - ((h * 7) % 300) * interval '1 day', now()
          from scale_batch b, generate_series(1, ${perStore}::int) i,
               lateral (select ((b.n::bigint * 7919 + i * 104729) % 1000)::int as h) hh,
               lateral (select (99 + (h * 37) % 4901) * 100 as price,
                               (${j(ADJECTIVES)} ->> (h % ${ADJECTIVES.length}::int)) || ' '
                               || (${j(KINDS.map((k) => k.categories.map(([, nouns]) => nouns)))} -> b.kind -> (i % 4) ->> (i / 4 % 3))
                               || ' ' || i as nm) pp`);
        await tx.execute(sql`
          insert into deals (store_id, product_id, title, deal_price_paise, starts_at, ends_at)
          select p.store_id, p.id, d.title, coalesce(p.sale_price_paise, p.price_paise) * 7 / 10,
                 now() + d.start_h * interval '1 hour', now() + (d.start_h + d.hours) * interval '1 hour'
          from scale_batch b
          join products p on p.store_id = b.store_id
          join (values ('product-3', 'Deal of the Day', -6, 30), ('product-7', 'Weekend Flash Deal', -20, 72),
                       ('product-9', 'Upcoming Festive Sale', 36, 48)) d(slug, title, start_h, hours) on p.slug = d.slug`);
      }
      return count.n;
    });
    createdStores += created;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`seed:scale shops ${first}-${last} of ${total}: ${created} new (${seconds}s)`);
  }

  await db.execute(
    sql`analyze users, stores, store_locations, store_settings, store_contacts, store_sections, product_categories, products, deals`,
  );
  log(`seed:scale done: ${createdStores} new shops, ${createdStores * perStore} products`);
}

// The storefront listing's baseline (issue 18): the smallest server that answers the same product cards from the
// same database with one SQL statement per request: Fastify + postgres-js, no auth, no row-level security (it
// connects as DATABASE_URL's user), no zod, a minimal envelope. scripts/bench-baseline.ts runs it interleaved with
// Haat. Shop slugs are looked up once and kept (Haat keeps its directory rows for 10 s).
import Fastify from 'fastify';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });
const shops = new Map();
const shopOf = async (slug) => {
  let shop = shops.get(slug);
  if (!shop) {
    [shop] = await sql`select id, price_display from stores where slug = ${slug}`;
    shops.set(slug, shop);
  }
  return shop;
};
const NEW_MS = 30 * 86_400_000;
const rupees = (p) => Math.round(p) / 100;
const percent = (price, sale) =>
  sale >= price || price <= 0 ? 0 : Math.round(((price - sale) / price) * 100);
const ORDER = {
  relevance: 'p.is_featured desc, p.units_sold desc, p.created_at desc',
  price_asc: 'pays asc',
  price_desc: 'pays desc',
  newest: 'p.created_at desc',
  best_selling: 'p.units_sold desc',
};
const card = (r, now, display) => {
  const price = rupees(r.price_paise);
  const pays = rupees(r.pays);
  const discounted = r.pays < r.price_paise;
  const base = Math.min(r.price_paise, r.sale_price_paise ?? r.price_paise);
  const maxPaise = r.price_max_paise == null ? null : r.price_max_paise - Math.max(0, base - r.pays);
  const max = maxPaise != null && maxPaise > r.pays ? rupees(maxPaise) : null;
  return {
    id: r.id,
    slug: r.slug,
    product_name: r.name,
    product_price: price,
    discount_price: discounted ? pays : null,
    discount_percentage: discounted ? percent(price, pays) : 0,
    max_price: display === 'RANGE' ? max : null,
    has_variants: r.has_variants,
    price_from: display === 'FROM' && max !== null,
    average_rating: Number(r.rating),
    total_reviews: r.review_count,
    product_quantity: r.quantity,
    stock_status:
      r.quantity <= 0 ? 'OUT_OF_STOCK' : r.quantity <= r.low_stock_threshold ? 'LOW_STOCK' : 'IN_STOCK',
    free_shipping: r.free_shipping,
    shipping_charge: r.free_shipping ? 0 : rupees(r.shipping_charge_paise),
    thumbnail: r.images[0] ?? null,
    is_new: now - r.created_at.getTime() < NEW_MS,
    category: r.category_id && r.category_name ? { id: r.category_id, name: r.category_name } : null,
    sub_category:
      r.sub_category_id && r.sub_category_name ? { id: r.sub_category_id, name: r.sub_category_name } : null,
  };
};

app.get('/api/store/stores/product', async (req, reply) => {
  const shop = await shopOf(req.headers['store-origin']);
  if (!shop) return reply.code(404).send({ success: false, message: 'Not found' });
  const q = req.query;
  const limit = Math.min(100, Number(q.limit ?? 20));
  const offset = Number(q.offset ?? 0);
  const search = q.search ? String(q.search) : null;
  const category = q.category ? String(q.category) : null;
  const order =
    search && (q.sort ?? 'relevance') === 'relevance'
      ? 'rank desc, p.units_sold desc'
      : ORDER[q.sort ?? 'relevance'];
  const rows = await sql`
    select p.id, p.slug, p.product_name as name, p.price_paise, p.sale_price_paise, p.price_max_paise, p.options <> '[]'::jsonb as has_variants,
      least(p.price_paise, coalesce(p.sale_price_paise, p.price_paise), coalesce(live.price, p.price_paise)) as pays,
      p.quantity, p.low_stock_threshold, p.free_shipping, p.shipping_charge_paise, p.images, p.created_at,
      case when p.review_count = 0 then 0 else round(p.rating_sum::numeric / p.review_count, 1) end as rating,
      p.review_count, p.category_id, c.name as category_name, p.sub_category_id, sc.name as sub_category_name,
      ${search ? sql`ts_rank(p.search_vector, (select websearch_to_tsquery('simple', ${search}))) + word_similarity(${search}, p.product_name)` : sql`0`} as rank,
      count(*) over() as total
    from products p
    left join product_categories c on c.store_id = p.store_id and c.id = p.category_id
    left join product_sub_categories sc on sc.store_id = p.store_id and sc.id = p.sub_category_id
    left join (select product_id, min(deal_price_paise) as price from deals
               where store_id = ${shop.id} and now() >= starts_at and now() < ends_at group by product_id) live
      on live.product_id = p.id
    where p.store_id = ${shop.id} and p.status = 'ACTIVE'
      ${search ? sql`and (p.search_vector @@ (select websearch_to_tsquery('simple', ${search})) or word_similarity(${search}, p.product_name) >= 0.45 or p.sku ilike ${`%${search}%`} or p.product_name ilike ${`%${search}%`})` : sql``}
      ${category ? sql`and p.category_id = ${category}` : sql``}
    order by ${sql.unsafe(order)}, p.id asc
    limit ${limit} offset ${offset}`;
  const now = Date.now();
  reply.header('x-total-count', String(rows[0]?.total ?? 0));
  return {
    success: true,
    data: rows.map((r) => card(r, now, shop.price_display)),
    message: 'Products fetched',
  };
});

app.get('/api/health', async () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });

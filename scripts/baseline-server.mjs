// Issue 18's baselines: the smallest server that answers the same storefront data as Haat from the same database
// with one SQL statement per request: Fastify + postgres-js, no auth, no row-level security (it connects as
// DATABASE_URL's user, so every statement names the shop), no zod, a minimal envelope. It answers the listing
// (GET /api/store/stores/product), the product page (…/product/:id), similar products (…/product/:id/similar-product/)
// and the uncached home (GET /api/store/stores/home/), each with the same JSON `data` as Haat; scripts/bench-baseline.ts
// checks that and runs it interleaved with Haat. A shop is looked up once by its slug and kept (Haat keeps its
// directory rows for 10 s). Where Haat checks something in code rather than in SQL, the baseline copies it when it
// shapes the answer and leaves it out when it only refuses bad input: a closed shop answers 403 (the home has no owner
// mode), and the home's stored sections are answered as stored, where Haat drops one whose config no longer parses and
// leaves out keys its schema does not name (the demo shops' sections parse as stored).
import Fastify from 'fastify';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });
const shops = new Map();
const shopOf = async (slug) => {
  let shop = shops.get(slug);
  if (!shop) {
    // The directory row: what the listing needs (id, price_display) and what the home describes.
    [shop] = await sql`
      select s.id, s.slug, s.store_name, s.store_category_id, sc.name as category_name, s.description,
        s.short_description, s.phone_number, s.contact_type, s.image, s.plan, s.online_status, s.price_display,
        s.status_note, s.status_until, u.first_name, u.last_name,
        s.five_star_count + s.four_star_count + s.three_star_count + s.two_star_count + s.one_star_count as reviews,
        case when (s.five_star_count + s.four_star_count + s.three_star_count + s.two_star_count + s.one_star_count) = 0 then 0
          else round((5.0 * s.five_star_count + 4 * s.four_star_count + 3 * s.three_star_count + 2 * s.two_star_count + s.one_star_count)
            / (s.five_star_count + s.four_star_count + s.three_star_count + s.two_star_count + s.one_star_count), 1) end as rating,
        (select d.domain_name from store_domains d where d.store_id = s.id and d.domain_type = 'custom' and d.verified_at is not null
          order by d.created_at limit 1) as custom_domain
      from stores s join users u on u.id = s.owner_id left join store_categories sc on sc.id = s.store_category_id
      where s.slug = ${slug}`;
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

// What the product page, similar products and the home read of a product card: the same columns as the listing's,
// from `products p` joined to `live` (its lowest live deal: price, and id, title and end for the product page).
const CARD =
  sql.unsafe(`p.id, p.slug, p.product_name as name, p.price_paise, p.sale_price_paise, p.price_max_paise,
  p.options <> '[]'::jsonb as has_variants,
  least(p.price_paise, coalesce(p.sale_price_paise, p.price_paise), coalesce(live.price, p.price_paise)) as pays,
  p.quantity, p.low_stock_threshold, p.free_shipping, p.shipping_charge_paise, p.images, p.created_at,
  case when p.review_count = 0 then 0 else round(p.rating_sum::numeric / p.review_count, 1) end as rating,
  p.review_count, p.category_id, c.name as category_name, p.sub_category_id, sc.name as sub_category_name`);
const CARD_FROM = sql.unsafe(`products p
  left join product_categories c on c.store_id = p.store_id and c.id = p.category_id
  left join product_sub_categories sc on sc.store_id = p.store_id and sc.id = p.sub_category_id
  left join lateral (select d.id, d.title, d.deal_price_paise as price, d.ends_at from deals d
    where d.store_id = p.store_id and d.product_id = p.id and now() >= d.starts_at and now() < d.ends_at
    order by d.deal_price_paise limit 1) live on true`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPEN = ['PUBLISHED', 'ONLINE'];
const stock = (quantity, threshold) =>
  quantity <= 0 ? 'OUT_OF_STOCK' : quantity <= threshold ? 'LOW_STOCK' : 'IN_STOCK';
/** The shop of a storefront call, or the reply already sent: unknown 404, closed 403. */
const openShop = async (req, reply) => {
  const shop = await shopOf(req.headers['store-origin']);
  if (!shop) reply.code(404).send({ success: false, message: 'Store not found' });
  else if (!OPEN.includes(shop.online_status))
    reply.code(403).send({ success: false, message: `Store is currently ${shop.online_status}` });
  else return shop;
};
const noProduct = (reply) => reply.code(404).send({ success: false, message: 'Product not found' });

app.get('/api/store/stores/product/:id', async (req, reply) => {
  const shop = await openShop(req, reply);
  if (!shop) return reply;
  if (!UUID.test(req.params.id)) return noProduct(reply);
  // The product with its lowest live deal, its variants priced now (the deal takes the same amount off each), and
  // the offers from the shop's settings (none without a settings row) and its active delivery options.
  const [r] = await sql`
    select ${CARD}, p.product_description, p.sku, p.tax_percent, p.options,
      live.id as deal_id, live.title as deal_title, live.price as deal_price, live.ends_at as deal_ends,
      case when p.options = '[]'::jsonb then '[]'::jsonb else (
        select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'options', v.option_values, 'sku', v.sku,
          'price', v.price_paise, 'quantity', v.quantity, 'threshold', v.low_stock_threshold, 'image', v.image,
          'now', least(v.price_paise, coalesce(v.sale_price_paise, v.price_paise),
                       greatest(coalesce(v.price_paise - (p.price_paise - live.price), v.price_paise), 0)))
          order by v.position, v.id), '[]'::jsonb)
        from product_variants v where v.store_id = p.store_id and v.product_id = p.id) end as variants,
      s.store_id is not null as has_settings, s.return_days, s.warranty_text, s.payment_methods,
      case when s.store_id is not null then (select min(case when o.charge_paise = 0 then 0 else o.free_above_paise end)
        from delivery_options o where o.store_id = p.store_id and o.active) end as free_above
    from ${CARD_FROM}
    left join store_settings s on s.store_id = p.store_id
    where p.store_id = ${shop.id} and p.id = ${req.params.id} and p.status = 'ACTIVE'`;
  if (!r) return noProduct(reply);
  return {
    success: true,
    data: {
      ...card(r, Date.now(), shop.price_display),
      product_description: r.product_description,
      images: r.images,
      sku: r.sku,
      tax_percentage: Number(r.tax_percent),
      low_stock_threshold: r.low_stock_threshold,
      options: r.options,
      variants: r.variants.map((v) => ({
        id: v.id,
        options: v.options,
        label: v.options.length ? v.options.join(' / ') : null,
        sku: v.sku,
        price: rupees(v.price),
        price_now: rupees(v.now),
        quantity: v.quantity,
        stock_status: stock(v.quantity, v.threshold),
        image: v.image,
      })),
      deal: r.deal_id
        ? {
            id: r.deal_id,
            title: r.deal_title,
            discount_price: rupees(r.deal_price),
            end_time: r.deal_ends.toISOString(),
          }
        : null,
      offers: {
        free_shipping_above: r.free_above == null ? null : rupees(r.free_above),
        return_days: r.has_settings ? r.return_days : null,
        warranty: r.has_settings ? r.warranty_text : null,
        payment_methods: r.has_settings ? r.payment_methods : ['COD'],
      },
    },
    message: 'Product fetched',
  };
});

app.get('/api/store/stores/product/:id/similar-product/', async (req, reply) => {
  const shop = await openShop(req, reply);
  if (!shop) return reply;
  if (!UUID.test(req.params.id)) return noProduct(reply);
  const limit = Math.min(24, Number(req.query.limit ?? 8));
  // Active products of the same category (any category when the product has none), closest names first, then
  // best sellers; no row at all: no such product (a row with a null id: no similar ones).
  const rows = await sql`
    with me as (select id, category_id, product_name from products
                where store_id = ${shop.id} and id = ${req.params.id} and status = 'ACTIVE')
    select x.* from me left join lateral (
      select ${CARD}, similarity(p.product_name, me.product_name) as near, p.units_sold from ${CARD_FROM}
      where p.store_id = ${shop.id} and p.id <> me.id and p.status = 'ACTIVE'
        and (p.category_id = me.category_id or me.category_id is null)
      order by near desc, p.units_sold desc limit ${limit}) x on true
    order by x.near desc, x.units_sold desc`;
  if (!rows.length) return noProduct(reply);
  const now = Date.now();
  return {
    success: true,
    data: rows.filter((r) => r.id).map((r) => card(r, now, shop.price_display)),
    message: 'Similar products fetched',
  };
});

const FEATURED = 8;
const SECTION_RANK = { banner: 1, featured: 2, deals: 3 };
const rank = (name) => SECTION_RANK[name] ?? 999;
const iso = (d) => (d ? d.toISOString() : null);

app.get('/api/store/stores/home/', async (req, reply) => {
  const shop = await openShop(req, reply);
  if (!shop) return reply;
  // One row per product that is featured (the 8 best-selling) or carries a deal running now or to come (a product
  // with two deals: two rows), with the shop's sections, address and contacts on every row (at least one row).
  const rows = await sql`
    select b.*, x.* from (select
      coalesce((select jsonb_agg(jsonb_build_object('name', s.name, 'position', s.position, 'config', s.config) order by s.position)
        from store_sections s where s.store_id = ${shop.id}), '[]'::jsonb) as sections,
      (select to_jsonb(l) from store_locations l where l.store_id = ${shop.id}) as location,
      coalesce((select jsonb_agg(jsonb_build_object('contact_type', k.contact_type, 'phone_number', k.phone_number) order by k.position)
        from store_contacts k where k.store_id = ${shop.id}), '[]'::jsonb) as contacts) b
    left join lateral (
      select ${CARD}, p.is_featured, p.units_sold, d.id as deal_id, d.title as deal_title, d.deal_price_paise,
        d.starts_at as deal_starts, d.ends_at as deal_ends
      from ${CARD_FROM}
      left join deals d on d.store_id = p.store_id and d.product_id = p.id and d.ends_at > now()
      where p.store_id = ${shop.id} and p.status = 'ACTIVE' and (d.id is not null or p.id in (
        select f.id from products f where f.store_id = ${shop.id} and f.is_featured and f.status = 'ACTIVE'
        order by f.units_sold desc, f.created_at desc limit ${FEATURED}))) x on true
    order by x.deal_starts asc, x.units_sold desc`;
  const now = Date.now();
  const display = shop.price_display;
  const featured = new Map();
  const deals = [];
  const upcoming = [];
  for (const r of rows) {
    if (!r.id) continue;
    if (r.is_featured && featured.size < FEATURED && !featured.has(r.id))
      featured.set(r.id, card(r, now, display));
    if (!r.deal_id) continue;
    const price = rupees(r.price_paise);
    const dealPrice = rupees(r.deal_price_paise);
    const deal = {
      id: r.deal_id,
      title: r.deal_title,
      deal: { start_time: r.deal_starts.toISOString(), end_time: r.deal_ends.toISOString() },
      product: card(r, now, display),
      discount_price: dealPrice,
      discount_percentage: percent(price, dealPrice),
    };
    (r.deal_starts.getTime() > now ? upcoming : deals).push(deal);
  }
  deals.sort((a, b) => a.deal.end_time.localeCompare(b.deal.end_time));
  const b = rows[0];
  const l = b.location;
  const str = (k) => (l?.[k] == null ? null : String(l[k]));
  const num = (k) => (l?.[k] == null ? null : Number(l[k]));
  const domain = process.env.PLATFORM_DOMAIN ?? 'localhost';
  const port = req.port && ![80, 443].includes(req.port) ? `:${req.port}` : '';
  const domains = [];
  if (shop.plan !== 'basic')
    domains.push({ domain_name: `${shop.slug}.${domain}`, domain_type: 'subdomain' });
  if (shop.custom_domain) domains.push({ domain_name: shop.custom_domain, domain_type: 'custom' });
  return {
    success: true,
    data: {
      store: {
        id: shop.id,
        slug: shop.slug,
        store_name: shop.store_name,
        store_category_id: shop.store_category_id,
        description: shop.description,
        short_description: shop.short_description,
        phone_number: shop.phone_number,
        contact_type: shop.contact_type,
        image: shop.image,
        rating: Number(shop.rating),
        total_reviews: shop.reviews,
        online_status: shop.online_status,
        plan: shop.plan,
        location: l
          ? {
              address_line_1: str('address_line_1'),
              address_line_2: str('address_line_2'),
              city: str('city'),
              state: str('state'),
              country: str('country'),
              postal_code: str('postal_code'),
              latitude: num('latitude'),
              longitude: num('longitude'),
            }
          : null,
        category:
          shop.store_category_id && shop.category_name
            ? { id: shop.store_category_id, name: shop.category_name }
            : null,
        store_owner: { first_name: shop.first_name, last_name: shop.last_name },
        domains,
        contacts: b.contacts,
        store_url:
          shop.plan === 'enterprise' && shop.custom_domain
            ? `${req.protocol}://${shop.custom_domain}${port}/`
            : shop.plan !== 'basic'
              ? `${req.protocol}://${shop.slug}.${domain}${port}/`
              : `${req.protocol}://${domain}${port}/store/${shop.slug}`,
        status_note: shop.status_note,
        status_until: iso(shop.status_until),
      },
      sections: b.sections.toSorted((x, y) => rank(x.name) - rank(y.name) || x.position - y.position),
      featured: [...featured.values()],
      deals,
      upcoming_sales: upcoming,
    },
    message: 'Store home fetched',
  };
});

app.get('/api/health', async () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });

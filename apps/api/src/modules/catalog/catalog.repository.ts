import type { ProductListQuery } from '@haat/contracts';
import { preparedSelect, schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { isUuid } from '../../lib/ids.ts';

import { addressBookColumns, escapeLike } from '../stores/index.ts';

const { products: p, productCategories: c, productSubCategories: sc, deals: d, storeSections } = schema;

/** The lowest live deal price of a product, if a deal is running now. */
export const liveDealPrice = sql<
  number | null
>`(select min(dn.deal_price_paise) from deals dn where dn.store_id = ${p.storeId} and dn.product_id = ${p.id} and now() >= dn.starts_at and now() < dn.ends_at)`;
/** What a shopper pays per unit now: the lowest of list price, sale price and a live deal price. */
export const effectivePricePaise =
  sql<number>`least(${p.pricePaise}, coalesce(${p.salePricePaise}, ${p.pricePaise}), coalesce(${liveDealPrice}, ${p.pricePaise}))`.mapWith(
    Number,
  );
const averageRating =
  sql<number>`case when ${p.reviewCount} = 0 then 0 else round(${p.ratingSum}::numeric / ${p.reviewCount}, 1) end`.mapWith(
    Number,
  );

/**
 * Units of the product shoppers hold at checkout now (decision 0030), and its stock without them: what shop pages
 * show. One raw fragment with qualified names, like variantsJson (drizzle walks a query's fragments per request).
 */
export const heldUnitsSql = sql.raw(
  `(select coalesce(sum(hq.quantity), 0)::int from stock_holds hq where hq.store_id = products.store_id and hq.product_id = products.id and hq.expires_at > now())`,
) as SQL<number>;
const stockShownSql = sql.raw(
  `greatest(products.quantity - (select coalesce(sum(hq.quantity), 0)::int from stock_holds hq where hq.store_id = products.store_id and hq.product_id = products.id and hq.expires_at > now()), 0)`,
) as SQL<number>;

export const productCardColumns = {
  id: p.id,
  slug: p.slug,
  name: p.name,
  pricePaise: p.pricePaise,
  salePricePaise: p.salePricePaise,
  priceMaxPaise: p.priceMaxPaise,
  hasVariants: sql.raw(`products.options <> '[]'::jsonb`) as SQL<boolean>,
  effectivePricePaise,
  quantity: stockShownSql,
  lowStockThreshold: p.lowStockThreshold,
  freeShipping: p.freeShipping,
  shippingChargePaise: p.shippingChargePaise,
  images: p.images,
  createdAt: p.createdAt,
  averageRating,
  reviewCount: p.reviewCount,
  categoryId: p.categoryId,
  categoryName: c.name,
  subCategoryId: p.subCategoryId,
  subCategoryName: sc.name,
};
export interface ProductCardRow {
  id: string;
  slug: string;
  name: string;
  pricePaise: number;
  salePricePaise: number | null;
  priceMaxPaise: number | null;
  hasVariants: boolean;
  effectivePricePaise: number;
  quantity: number;
  lowStockThreshold: number;
  freeShipping: boolean;
  shippingChargePaise: number;
  images: string[];
  createdAt: Date;
  averageRating: number;
  reviewCount: number;
  categoryId: string | null;
  categoryName: string | null;
  subCategoryId: string | null;
  subCategoryName: string | null;
}

export const cardsFrom = <T extends SelectedFields>(tx: Tx, extra: T) =>
  tx
    .select({ ...productCardColumns, ...extra })
    .from(p)
    .leftJoin(c, and(eq(c.storeId, p.storeId), eq(c.id, p.categoryId)))
    .leftJoin(sc, and(eq(sc.storeId, p.storeId), eq(sc.id, p.subCategoryId)));

/**
 * A product with a variant in stock whose values match every filter (Size M and Colour Blue in one variant). An
 * option is found by name in the product's own options, since each product lists its options in its own order.
 */
function hasVariantWith(filters: { name: unknown; value: unknown }[]): SQL {
  const matches = filters.map(
    (f) =>
      sql`lower(fv.option_values[(select e.i from jsonb_array_elements(${p.options}) with ordinality e(o, i) where lower(e.o->>'name') = lower(${f.name}) limit 1)]) = lower(${f.value})`,
  );
  return sql`exists (select 1 from product_variants fv where fv.store_id = ${p.storeId} and fv.product_id = ${p.id} and fv.quantity > 0 and ${sql.join(matches, sql` and `)})`;
}

/** The options the shop's products come in (names and values in the order the shop first lists them). */
export async function listShopOptions(tx: Tx) {
  const rows = await tx
    .select({ options: p.options })
    .from(p)
    .where(and(eq(p.status, 'ACTIVE'), sql`${p.options} <> '[]'::jsonb`))
    .orderBy(asc(p.createdAt));
  const merged = new Map<string, { name: string; values: string[] }>();
  for (const o of rows.flatMap((r) => r.options)) {
    const key = o.name.toLowerCase();
    const into = merged.get(key) ?? { name: o.name, values: [] };
    for (const v of o.values)
      if (!into.values.some((x) => x.toLowerCase() === v.toLowerCase())) into.values.push(v);
    merged.set(key, into);
  }
  return [...merged.values()];
}

/** How close a search word must be to a word of the name (0..1); 0.45 lets "kurtha" find "Kurta". */
const SIMILARITY = 0.45;

/**
 * Active products of the shop in context, filtered, sorted and paged, with the total count. The live deal prices
 * are read once for the query (a grouped join) rather than once per product and per use: a listing computes
 * the price it filters and sorts by for every match, which is every product of the shop without a search.
 *
 * The statement is built once per shape (which filters are present, the sort; issue 18) with placeholders for
 * every value, and kept: building it again on every request cost more CPU than the rest of the request.
 */
export async function listProductCards(tx: Tx, storeId: string, q: ProductListQuery) {
  const shape = listingShape(q);
  let statement = listingStatements.get(shape.key);
  if (!statement) {
    statement = buildListing(shape);
    if (listingStatements.size < 1000) listingStatements.set(shape.key, statement);
  }
  const values: Record<string, unknown> = { storeId, limit: q.limit, offset: q.offset };
  if (q.search) {
    values.search = q.search;
    values.term = `%${escapeLike(q.search)}%`;
  }
  if (q.category) values.category = shape.category === 'id' ? q.category : escapeLike(q.category);
  if (q.sub_category)
    values.subCategory = shape.subCategory === 'id' ? q.sub_category : escapeLike(q.sub_category);
  if (q.min_price != null) values.minPrice = Math.round(q.min_price * 100);
  if (q.max_price != null) values.maxPrice = Math.round(q.max_price * 100);
  if (q.rating) values.rating = q.rating;
  q.option?.forEach((f, i) => {
    values[`optionName${i}`] = f.name;
    values[`optionValue${i}`] = f.value;
  });
  const rows = await statement.run(tx, values);
  return { rows, total: rows[0]?.total ?? 0 };
}

type ListingRow = ProductCardRow & { total: number };
const listingStatements = new Map<string, ReturnType<typeof preparedSelect<ListingRow>>>();

/** What decides the listing statement's text: which filters are present and how, and the sort. */
function listingShape(q: ProductListQuery) {
  const kind = (v: string | undefined) => (!v ? null : isUuid(v) ? ('id' as const) : ('name' as const));
  const shape = {
    search: !!q.search,
    category: kind(q.category),
    subCategory: kind(q.sub_category),
    minPrice: q.min_price != null,
    maxPrice: q.max_price != null,
    rating: !!q.rating,
    options: q.option?.length ?? 0,
    sort: q.sort,
  };
  return { ...shape, key: JSON.stringify(shape) };
}

function buildListing(shape: ReturnType<typeof listingShape>) {
  const v = sql.placeholder;
  return preparedSelect<ListingRow>((qb) => {
    const live = qb
      .select({ productId: d.productId, pricePaise: sql<number>`min(${d.dealPricePaise})`.as('live_price') })
      .from(d)
      .where(and(eq(d.storeId, v('storeId')), sql`now() >= ${d.startsAt} and now() < ${d.endsAt}`))
      .groupBy(d.productId)
      .as('live');
    const pays = sql<number>`least(${p.pricePaise}, coalesce(${p.salePricePaise}, ${p.pricePaise}), coalesce(${live.pricePaise}, ${p.pricePaise}))`;
    const conds: SQL[] = [eq(p.storeId, v('storeId')), eq(p.status, 'ACTIVE')];
    let rank: SQL | undefined;
    if (shape.search) {
      // Full-text on name and description, trigram word similarity on the name (a typo still matches), or the SKU.
      // A subquery, so the query is parsed once per execution however the statement is planned.
      const tsq = sql`(select websearch_to_tsquery('simple', ${v('search')}))`;
      const near = sql`word_similarity(${v('search')}, ${p.name})`;
      const cond = or(
        sql`${sql.raw('products.search_vector')} @@ ${tsq}`,
        sql`${near} >= ${SIMILARITY}`,
        ilike(p.sku, v('term') as never),
        ilike(p.name, v('term') as never),
      );
      if (cond) conds.push(cond);
      rank = sql`(ts_rank(${sql.raw('products.search_vector')}, ${tsq}) + ${near})`;
    }
    if (shape.category)
      conds.push(
        shape.category === 'id' ? eq(p.categoryId, v('category')) : ilike(c.name, v('category') as never),
      );
    if (shape.subCategory)
      conds.push(
        shape.subCategory === 'id'
          ? eq(p.subCategoryId, v('subCategory'))
          : ilike(sc.name, v('subCategory') as never),
      );
    if (shape.minPrice) conds.push(gte(pays, v('minPrice')));
    if (shape.maxPrice) conds.push(lte(pays, v('maxPrice')));
    if (shape.rating) conds.push(gte(averageRating, v('rating')));
    if (shape.options)
      conds.push(
        hasVariantWith(
          Array.from({ length: shape.options }, (_, i) => ({
            name: v(`optionName${i}`),
            value: v(`optionValue${i}`),
          })),
        ),
      );
    const order: Record<ProductListQuery['sort'], SQL[]> = {
      relevance: rank
        ? [desc(rank), desc(p.unitsSold)]
        : [desc(p.isFeatured), desc(p.unitsSold), desc(p.createdAt)],
      price_asc: [asc(pays)],
      price_desc: [desc(pays)],
      rating: [desc(averageRating), desc(p.reviewCount)],
      newest: [desc(p.createdAt)],
      best_selling: [desc(p.unitsSold)],
    };
    return qb
      .select({
        ...productCardColumns,
        effectivePricePaise: pays.mapWith(Number),
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(p)
      .leftJoin(c, and(eq(c.storeId, p.storeId), eq(c.id, p.categoryId)))
      .leftJoin(sc, and(eq(sc.storeId, p.storeId), eq(sc.id, p.subCategoryId)))
      .leftJoin(live, eq(live.productId, p.id))
      .where(and(...conds))
      .orderBy(...order[shape.sort], asc(p.id))
      .limit(v('limit') as never)
      .offset(v('offset') as never);
  });
}

/**
 * Featured products and current or upcoming deals in one statement: each row is a product, with the
 * deal it carries (if any). The home page splits them.
 */
export async function listFeaturedAndDeals(tx: Tx, featuredLimit: number) {
  return cardsFrom(tx, {
    isFeatured: p.isFeatured,
    dealId: d.id,
    dealTitle: d.title,
    dealPricePaise: d.dealPricePaise,
    dealStartsAt: d.startsAt,
    dealEndsAt: d.endsAt,
  })
    .leftJoin(d, and(eq(d.storeId, p.storeId), eq(d.productId, p.id), sql`${d.endsAt} > now()`))
    .where(
      and(
        eq(p.status, 'ACTIVE'),
        or(
          sql`${d.id} is not null`,
          sql`${p.id} in (select f.id from ${p} f where f.is_featured and f.status = 'ACTIVE' order by f.units_sold desc, f.created_at desc limit ${featuredLimit})`,
        ),
      ),
    )
    .orderBy(asc(d.startsAt), desc(p.unitsSold));
}

/** Live deals of the shop in context, ending soonest first. */
export async function listLiveDeals(tx: Tx) {
  return cardsFrom(tx, {
    dealId: d.id,
    dealTitle: d.title,
    dealPricePaise: d.dealPricePaise,
    dealStartsAt: d.startsAt,
    dealEndsAt: d.endsAt,
  })
    .innerJoin(d, and(eq(d.storeId, p.storeId), eq(d.productId, p.id)))
    .where(and(eq(p.status, 'ACTIVE'), sql`now() >= ${d.startsAt} and now() < ${d.endsAt}`))
    .orderBy(asc(d.endsAt));
}

/** The shop's sections with its address and contacts: one statement for the storefront home. */
export async function findSectionsAndAddressBook(tx: Tx) {
  const [row] = await tx
    .select({
      sections: sql<
        { name: string; position: number; config: unknown }[]
      >`coalesce((select jsonb_agg(jsonb_build_object('name', s.name, 'position', s.position, 'config', s.config) order by s.position) from ${storeSections} s), '[]'::jsonb)`,
      ...addressBookColumns,
    })
    .from(sql`(select 1) as one`);
  return row ?? { sections: [], location: null, contacts: [] };
}

/** Product categories of the shop in context with their sub-categories. */
export async function listProductCategories(tx: Tx) {
  const [cats, subs] = await Promise.all([
    tx.select({ id: c.id, name: c.name }).from(c).orderBy(asc(c.name)),
    tx.select({ id: sc.id, name: sc.name, categoryId: sc.categoryId }).from(sc).orderBy(asc(sc.name)),
  ]);
  return cats.map((cat) => ({
    ...cat,
    sub_categories: subs.filter((s) => s.categoryId === cat.id).map(({ id, name }) => ({ id, name })),
  }));
}

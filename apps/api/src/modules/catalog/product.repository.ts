import { preparedSelect, schema, type Tx } from '@haat/db';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { cardsFrom, heldUnitsSql, type ProductCardRow } from './catalog.repository.ts';
import { variantsJson } from './variants.repository.ts';

const { products: p, reviews: r } = schema;

/**
 * One product of the shop in context with its live deal and the shop's offer settings, with the order value
 * above which some active delivery option ships free (0 when one always does): one statement, built once
 * (issue 18).
 */
const detailColumns = {
  description: p.description,
  sku: p.sku,
  taxPercent: p.taxPercent,
  options: p.options,
  variants: variantsJson,
  held: heldUnitsSql,
  deal: sql<{
    id: string;
    title: string;
    price: number;
    ends: string;
  } | null>`(select jsonb_build_object('id', d.id, 'title', d.title, 'price', d.deal_price_paise, 'ends', d.ends_at) from deals d where d.store_id = ${p.storeId} and d.product_id = ${p.id} and now() >= d.starts_at and now() < d.ends_at order by d.deal_price_paise limit 1)`,
  settings: sql<{
    free_shipping_threshold_paise: number | null;
    return_days: number | null;
    warranty_text: string | null;
    payment_methods: string[];
  } | null>`(select to_jsonb(s) || jsonb_build_object('free_shipping_threshold_paise', (select min(case when o.charge_paise = 0 then 0 else o.free_above_paise end) from delivery_options o where o.active)) from store_settings s)`,
};
type ProductDetailRow = ProductCardRow & SelectResultFields<typeof detailColumns>;

const productDetail = preparedSelect<ProductDetailRow>((qb) =>
  cardsFrom(qb as unknown as Tx, detailColumns)
    .where(and(eq(p.id, sql.placeholder('id')), eq(p.status, 'ACTIVE')))
    .limit(1),
);

export async function findProductDetail(tx: Tx, id: string) {
  const [row] = await productDetail.run(tx, { id });
  return row ?? null;
}

/** Whether the shop in context sells this product (active); built once (issue 18). */
const activeProduct = preparedSelect<{ id: string }>((qb) =>
  (qb as unknown as Tx)
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.id, sql.placeholder('id')), eq(p.status, 'ACTIVE')))
    .limit(1),
);

export async function productExists(tx: Tx, id: string) {
  const [row] = await activeProduct.run(tx, { id });
  return !!row;
}

/** Reviews of a product, newest first, with the total for paging. */
export async function listReviews(tx: Tx, productId: string, limit: number, offset: number) {
  return tx
    .select({
      id: r.id,
      name: r.name,
      rating: r.rating,
      description: r.description,
      createdAt: r.createdAt,
      verified: r.isVerifiedCustomer,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(r)
    .where(eq(r.productId, productId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Per-star counts of a product's reviews; null when the product is not in this shop. (The outer columns are
 * written qualified: in a one-table select Drizzle leaves them bare, and inside the subquery they would bind to
 * the review.)
 */
export async function reviewCounts(tx: Tx, productId: string) {
  const [row] = await tx
    .select({
      five: sql<number>`(select count(*) from reviews x where x.store_id = products.store_id and x.product_id = products.id and x.rating = 5)`.mapWith(
        Number,
      ),
      four: sql<number>`(select count(*) from reviews x where x.store_id = products.store_id and x.product_id = products.id and x.rating = 4)`.mapWith(
        Number,
      ),
      three:
        sql<number>`(select count(*) from reviews x where x.store_id = products.store_id and x.product_id = products.id and x.rating = 3)`.mapWith(
          Number,
        ),
      two: sql<number>`(select count(*) from reviews x where x.store_id = products.store_id and x.product_id = products.id and x.rating = 2)`.mapWith(
        Number,
      ),
      one: sql<number>`(select count(*) from reviews x where x.store_id = products.store_id and x.product_id = products.id and x.rating = 1)`.mapWith(
        Number,
      ),
    })
    .from(p)
    .where(and(eq(p.id, productId), eq(p.status, 'ACTIVE')));
  return row ?? null;
}

/** Products of the same category, closest names first (trigram similarity), then best sellers; built once. */
const similar = preparedSelect<ProductCardRow>((qb) => {
  const id = sql.placeholder('id');
  const me = sql`(select m.category_id from products m where m.id = ${id})`;
  const myName = sql`(select m.product_name from products m where m.id = ${id})`;
  return cardsFrom(qb as unknown as Tx, {})
    .where(and(ne(p.id, id), eq(p.status, 'ACTIVE'), sql`(${p.categoryId} = ${me} or ${me} is null)`))
    .orderBy(desc(sql`similarity(${p.name}, ${myName})`), desc(p.unitsSold))
    .limit(sql.placeholder('limit') as never);
});

export const listSimilar = (tx: Tx, productId: string, limit: number) =>
  similar.run(tx, { id: productId, limit });

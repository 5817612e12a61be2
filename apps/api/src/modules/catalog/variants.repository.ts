import { schema, type Tx } from '@haat/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { liveDealPrice } from './catalog.repository.ts';

const { products: p, productVariants: v } = schema;

/**
 * What a shopper pays for one variant now: the lowest of its price, its sale price, and the product's live deal
 * taken as the same amount off every variant (a product without options: exactly the deal price).
 */
export const variantPriceNow = sql<number>`least(${v.pricePaise}, coalesce(${v.salePricePaise}, ${v.pricePaise}), greatest(coalesce(${v.pricePaise} - (${p.pricePaise} - ${liveDealPrice}), ${v.pricePaise}), 0))`;

/** "M / Blue", or null for a default variant. */
export const variantLabelSql = sql<string | null>`nullif(array_to_string(${v.optionValues}, ' / '), '')`;

/**
 * A product's variants with their price now, as one JSON array: a column of the product page's one statement. A
 * product without options answers an empty list without reading its default variant, and the live deal is read
 * once per product, not once per variant. One raw fragment (qualified names, no parameters): drizzle walks a
 * query's fragments on every request, and this one would otherwise add a dozen (measured: the product page's CPU).
 * A variant's quantity is without the units shoppers hold at checkout, which are `held` (decision 0030).
 */
export const variantsJson = sql.raw(`(case when products.options = '[]'::jsonb then '[]'::jsonb else (
  select coalesce(jsonb_agg(jsonb_build_object('id', pv.id, 'options', pv.option_values, 'sku', pv.sku,
    'price', pv.price_paise, 'quantity', greatest(pv.quantity - hv.held, 0), 'held', hv.held,
    'threshold', pv.low_stock_threshold, 'image', pv.image,
    'now', least(pv.price_paise, coalesce(pv.sale_price_paise, pv.price_paise),
                 greatest(coalesce(pv.price_paise - (products.price_paise - ld.deal), pv.price_paise), 0)))
    order by pv.position, pv.id), '[]'::jsonb)
  from product_variants pv
  cross join (select min(dn.deal_price_paise) as deal from deals dn where dn.store_id = products.store_id
    and dn.product_id = products.id and now() >= dn.starts_at and now() < dn.ends_at) ld
  cross join lateral (select coalesce(sum(hv.quantity), 0)::int as held from stock_holds hv
    where hv.store_id = pv.store_id and hv.variant_id = pv.id and hv.expires_at > now()) hv
  where pv.store_id = products.store_id and pv.product_id = products.id) end)`) as SQL<
  {
    id: string;
    options: string[];
    sku: string | null;
    price: number;
    now: number;
    quantity: number;
    held: number;
    threshold: number;
    image: string | null;
  }[]
>;

/**
 * The variant a shopper asked for, or the product's default one when none was named: with its product's options,
 * so the caller can tell "choose a size" from "no such product". Null: no such active product or variant.
 */
export async function findVariantToSell(tx: Tx, productId: string, variantId: string | undefined) {
  const [row] = await tx
    .select({ id: v.id, productId: v.productId, options: p.options, optionValues: v.optionValues })
    .from(v)
    .innerJoin(p, and(eq(p.storeId, v.storeId), eq(p.id, v.productId)))
    .where(
      and(
        eq(v.productId, productId),
        eq(p.status, 'ACTIVE'),
        variantId ? eq(v.id, variantId) : sql`${v.optionValues} = '{}'::text[]`,
      ),
    )
    .orderBy(asc(v.position))
    .limit(1);
  return row ?? null;
}

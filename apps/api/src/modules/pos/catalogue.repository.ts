import { rowsOf, type Tx } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';

import { variantLabelSql, variantPriceNow } from '../catalog/index.ts';

/*
 * The counter's offline catalogue (issue 43): products in keyset order of (updated_at, id), the order of the index
 * products_inv_updated_idx (migration 0014), with every variant of each. A change to a product, or to one of its
 * variants (the rollup trigger rewrites the product's row), moves the product to the end of that order, so a
 * refresh from a time reads only what changed. One statement per page.
 */

export interface CatalogueRow {
  product_id: string;
  variant_id: string;
  name: string;
  variant_label: string | null;
  sku: string | null;
  barcode: string | null;
  price_paise: number;
  tax_percentage: string;
  stock: number;
  unit: string | null;
  image: string | null;
  active: boolean;
  updated_at: string;
  /** The product's place in the order: microseconds since 1970 (exact, unlike a JS Date). */
  at_micros: string;
}

/**
 * A time in microseconds since 1970 as a timestamp parameter, exactly (ISO with six decimals). A parameter, not an
 * expression: a condition of only leakproof comparisons can use the index under row-level security.
 */
function micros(us: bigint) {
  const seconds = us / 1_000_000n;
  const fraction = String(us % 1_000_000n).padStart(6, '0');
  const iso = new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, `.${fraction}Z`);
  return sql`${iso}::timestamptz`;
}

/**
 * A page of products after `after` (updated_at, id), every variant of each with its price now (the catalogue's
 * own expression, deals included). `activeOnly`: a first download skips archived products.
 */
export async function cataloguePage(
  tx: Tx,
  q: { after: { micros: bigint; id: string } | null; activeOnly: boolean; limit: number },
) {
  const conditions: SQL[] = [];
  if (q.after) {
    conditions.push(
      sql`(products.updated_at, products.id) > (${micros(q.after.micros)}, ${q.after.id}::uuid)`,
    );
  }
  if (q.activeOnly) conditions.push(sql`products.status = 'ACTIVE'`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return itemsOf(
    tx,
    sql`select products.id, products.updated_at from products ${where}
         order by products.updated_at, products.id limit ${q.limit}::int`,
  );
}

/**
 * Products whose price moved by the clock since a time: a deal that started or ended since, which writes no product
 * row (a refresh's first page adds them).
 */
export function dealsMovedSince(tx: Tx, since: bigint, limit: number) {
  const from = micros(since);
  return itemsOf(
    tx,
    sql`select products.id, products.updated_at from products
         where products.id in (select d.product_id from deals d
                                where (d.starts_at > ${from} and d.starts_at <= now())
                                   or (d.ends_at > ${from} and d.ends_at <= now()))
         order by products.updated_at, products.id limit ${limit}::int`,
  );
}

/** Every variant of the page's products (`page`: their id and updated_at, in order), with its price now. */
async function itemsOf(tx: Tx, page: SQL) {
  const r = await tx.execute(sql`
    with page as (${page})
    select products.id as product_id, product_variants.id as variant_id, products.product_name as name,
           ${variantLabelSql} as variant_label,
           coalesce(product_variants.sku, products.sku) as sku,
           coalesce(product_variants.barcode,
                    case when products.options = '[]'::jsonb then products.barcode end) as barcode,
           (${variantPriceNow})::int as price_paise,
           products.tax_percent::text as tax_percentage, product_variants.quantity as stock, products.unit,
           coalesce(product_variants.image, products.images[1]) as image,
           products.status = 'ACTIVE' as active,
           to_char(products.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
           (extract(epoch from page.updated_at) * 1000000)::bigint::text as at_micros
      from page
      join products on products.id = page.id
      join product_variants on product_variants.store_id = products.store_id
                           and product_variants.product_id = products.id
     order by page.updated_at, page.id, product_variants.position, product_variants.id`);
  return rowsOf<CatalogueRow>(r);
}

/** Variants deleted at or after a time (a refresh's first page). */
export async function removedSince(tx: Tx, since: bigint, limit: number) {
  const r = await tx.execute(sql`
    select product_id, variant_id from pos_catalogue_removals
     where removed_at >= ${micros(since)} order by removed_at limit ${limit}::int`);
  return rowsOf<{ product_id: string; variant_id: string }>(r);
}

/** The database's time in microseconds since 1970. */
export async function nowMicros(tx: Tx) {
  const [row] = rowsOf<{ us: string }>(
    await tx.execute(sql`select (extract(epoch from now()) * 1000000)::bigint::text as us`),
  );
  return BigInt(row?.us ?? '0');
}

/** Whether the shop has a GSTIN (its counters' offline sales are tax invoices, else bills of supply). */
export async function gstRegistered(tx: Tx) {
  const [row] = rowsOf<{ yes: boolean }>(
    await tx.execute(sql`select coalesce(bool_or(gstin is not null), false) as yes from store_settings`),
  );
  return !!row?.yes;
}

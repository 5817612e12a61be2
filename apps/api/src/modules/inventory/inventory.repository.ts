import type { InventoryQuery } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { missingHsn, missingHsnCount } from './inventory-hsn.ts';
import { adminVariantsJson } from './variants.repository.ts';

const { products: p, productCategories: c, suppliers: s, orderItems: oi, stockLedger: sl, users } = schema;

export type ProductRow = typeof p.$inferSelect;
export type SupplierRow = typeof s.$inferSelect;
export type ProductValues = Omit<typeof p.$inferInsert, 'storeId' | 'id'>;

/** Profit on units sold: (price paid - cost) x quantity over lines of orders not cancelled, returned or RTO'd. */
const totalProfit = sql<number>`coalesce((
  select sum((li.unit_price_paise - li.cost_paise) * li.quantity) from order_items li
    join orders lo on lo.store_id = li.store_id and lo.id = li.order_id
   where li.store_id = products.store_id and li.product_id = products.id and li.cost_paise is not null
     and lo.status not in ('CANCELLED', 'RETURNED', 'RTO')), 0)`.mapWith(Number);

/** Units sold over the same order lines. */
const unitsSold = sql<number>`coalesce((
  select sum(li.quantity) from order_items li
    join orders lo on lo.store_id = li.store_id and lo.id = li.order_id
   where li.store_id = products.store_id and li.product_id = products.id
     and lo.status not in ('CANCELLED', 'RETURNED', 'RTO')), 0)`.mapWith(Number);

/** The cheapest deal running now for the product (what shoppers pay when it beats the list and sale price). */
const liveDeal = sql<{ title: string; price_paise: number; ends_at: string } | null>`(
  select json_build_object('title', dn.title, 'price_paise', dn.deal_price_paise, 'ends_at', dn.ends_at)
    from deals dn
   where dn.store_id = products.store_id and dn.product_id = products.id
     and now() >= dn.starts_at and now() < dn.ends_at
   order by dn.deal_price_paise limit 1)`;

export const adminColumns = {
  product: p,
  liveDeal,
  variants: adminVariantsJson,
  categoryName: c.name,
  supplierName: s.name,
  totalProfitPaise: totalProfit,
  unitsSold,
};

const base = (tx: Tx) =>
  tx
    .select(adminColumns)
    .from(p)
    .leftJoin(c, and(eq(c.storeId, p.storeId), eq(c.id, p.categoryId)))
    .leftJoin(s, and(eq(s.storeId, p.storeId), eq(s.id, p.supplierId)));
export type AdminRow = Awaited<ReturnType<typeof base>>[number];

const { productStockCounts: counts } = schema;

/** products.stock_state (a stored column): 0 out of stock, 1 low (at or below the product's threshold), 2 in stock. */
const STOCK_STATE = { out_of_stock: 0, low_stock: 1, in_stock: 2 } as const;

/**
 * The stock filter. `quantity` is implied by the state (out means 0, low and in stock mean above 0) and is said
 * again so a list sorted by stock starts its index range past the products the filter leaves out.
 */
function stockFilter(stock: Exclude<InventoryQuery['stock'], 'all'>): SQL {
  const state = eq(p.stockState, STOCK_STATE[stock]);
  return stock === 'out_of_stock'
    ? sql`${state} and ${p.quantity} <= 0`
    : sql`${state} and ${p.quantity} > 0`;
}

/**
 * Name contains the term, SKU starts with it, or the barcode is it. `lower(a) like lower(b)` is what ILIKE does
 * in a UTF-8 database, written out so that the name matches the inventory name index's `lower(product_name)`
 * entries (a search is evaluated on index entries without reading rows: products_inv_name_idx, _filter_idx).
 */
function searchMatch(search: string): SQL {
  const term = search.replace(/[\\%_]/g, (m) => `\\${m}`);
  // A variant's SKU or barcode finds its product: one uncorrelated subquery (hashed once per search).
  const variant = sql`${p.id} in (select sv.product_id from product_variants sv where lower(sv.sku) like lower(${`${term}%`}) or sv.barcode = ${search})`;
  return sql`(lower(${p.name}) like lower(${`%${term}%`}) or lower(${p.sku}) like lower(${`${term}%`}) or ${p.barcode} = ${search} or ${variant})`;
}

function filters(q: InventoryQuery): SQL[] {
  const where: SQL[] = [];
  if (q.status !== 'all') where.push(eq(p.status, q.status));
  if (q.search) where.push(searchMatch(q.search));
  if (q.category) where.push(eq(p.categoryId, q.category));
  if (q.stock !== 'all') where.push(stockFilter(q.stock));
  if (q.missing_hsn) where.push(missingHsn);
  if (q.updated_from) where.push(gte(p.updatedAt, new Date(`${q.updated_from}T00:00:00+05:30`)));
  if (q.updated_to) {
    const end = new Date(`${q.updated_to}T00:00:00+05:30`);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(p.updatedAt, end));
  }
  return where;
}

const SORT_KEYS: Record<InventoryQuery['sort'], SQL> = {
  updated_desc: sql`${p.updatedAt}`,
  updated_asc: sql`${p.updatedAt}`,
  name_asc: sql`lower(${p.name})`,
  name_desc: sql`lower(${p.name})`,
  price_asc: sql`${p.pricePaise}`,
  price_desc: sql`${p.pricePaise}`,
  stock_asc: sql`${p.quantity}`,
  stock_desc: sql`${p.quantity}`,
  sku_asc: sql`${p.sku}`,
  sku_desc: sql`${p.sku}`,
};

/** Each order is the key of one covering index (migrations/0014_inventory_counts.sql), read forwards or backwards. */
const SORTS: Record<InventoryQuery['sort'], SQL[]> = {
  updated_desc: [desc(p.updatedAt), desc(p.id)],
  updated_asc: [asc(p.updatedAt), asc(p.id)],
  name_asc: [asc(sql`lower(${p.name})`), asc(p.id)],
  name_desc: [desc(sql`lower(${p.name})`), desc(p.id)],
  price_asc: [asc(p.pricePaise), asc(p.id)],
  price_desc: [desc(p.pricePaise), desc(p.id)],
  stock_asc: [asc(p.quantity), asc(p.id)],
  stock_desc: [desc(p.quantity), desc(p.id)],
  sku_asc: [asc(p.sku), asc(p.id)],
  sku_desc: [desc(p.sku), desc(p.id)],
};

/**
 * How many products match, without a search. With no date range the answer is a sum over product_stock_counts (a
 * few rows per shop, kept exact by triggers); with one, a count over the updated index's entries in the range.
 */
function total(q: InventoryQuery): SQL<number> {
  if (q.updated_from || q.updated_to || q.missing_hsn) {
    const where = and(...filters(q));
    return sql<number>`(select count(*) from ${p} where ${where ?? sql`true`})`;
  }
  const where = and(
    q.status !== 'all' ? eq(counts.status, q.status) : undefined,
    q.category ? eq(counts.categoryId, q.category) : undefined,
    q.stock !== 'all' ? eq(counts.stockState, STOCK_STATE[q.stock]) : undefined,
  );
  return sql<number>`(select coalesce(sum(${counts.products}), 0) from ${counts} where ${where ?? sql`true`})`;
}

/**
 * One page of the inventory and the total matching, in one statement; only the page's rows are read in full.
 * Without a search the page's ids come from an index-only scan in the requested order (filters checked on the
 * index entries) that stops after the page, and the total is its own subquery (above). A search has to look at
 * every candidate to count them anyway, so one index-only pass over the candidates' entries (the filter index's
 * slice for a stock state or category, the name index otherwise) counts them with a window and keeps the page's
 * ids by the sort key. A page past the end has no row to carry the total: it is then asked on its own.
 */
export async function listProducts(tx: Tx, q: InventoryQuery) {
  const where = and(...filters(q));
  const rows = q.search ? await searchPage(tx, q, where) : await browsePage(tx, q, where);
  if (rows.length || q.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  const [n] = await tx.select({ n: count() }).from(p).where(where);
  return { rows, count: n?.n ?? 0 };
}

/**
 * The page size is written into the statement (a validated integer), and so is the offset of a first page (every
 * new filter, sort or search starts there). The app's statements are prepared, and with them as parameters the
 * generic plan cannot know the page is 10 rows from the start and sorts every product, so PostgreSQL would plan
 * each request anew (about 0.7 ms, more than the page costs to read); as literals, the generic plan is the
 * index-only scan that stops after the page. Later pages take the offset as a parameter and are planned per
 * request, so a connection does not keep a statement for every page number anyone opened.
 */
const pageClause = (q: InventoryQuery) =>
  q.offset === 0
    ? sql.raw(`limit ${Math.trunc(q.limit)}`)
    : sql`${sql.raw(`limit ${Math.trunc(q.limit)}`)} offset ${q.offset}`;

function browsePage(tx: Tx, q: InventoryQuery, where: SQL | undefined) {
  const page = sql`(
    select ${p.id} as id from ${p} where ${where ?? sql`true`}
     order by ${sql.join(SORTS[q.sort], sql`, `)} ${pageClause(q)}) page`;
  return tx
    .select({ ...adminColumns, total: total(q).mapWith(Number) })
    .from(page)
    .innerJoin(p, sql`${p.id} = page.id`)
    .leftJoin(c, and(eq(c.storeId, p.storeId), eq(c.id, p.categoryId)))
    .leftJoin(s, and(eq(s.storeId, p.storeId), eq(s.id, p.supplierId)))
    .orderBy(...SORTS[q.sort]);
}

/**
 * The matches go through a subquery fenced with `offset 0`, so PostgreSQL picks its cheapest scan for the filters
 * alone (index-only, above) instead of walking the sort order's index and reading every row to check the search.
 */
function searchPage(tx: Tx, q: InventoryQuery, where: SQL | undefined) {
  const dir = q.sort.endsWith('_desc') ? sql`desc` : sql`asc`;
  const page = sql`(
    select id, count(*) over () as total
      from (select ${p.id} as id, ${SORT_KEYS[q.sort]} as sort_key from ${p} where ${where ?? sql`true`} offset 0) matches
     order by sort_key ${dir}, id ${dir} ${pageClause(q)}) page`;
  return tx
    .select({ ...adminColumns, total: sql<number>`page.total`.mapWith(Number) })
    .from(page)
    .innerJoin(p, sql`${p.id} = page.id`)
    .leftJoin(c, and(eq(c.storeId, p.storeId), eq(c.id, p.categoryId)))
    .leftJoin(s, and(eq(s.storeId, p.storeId), eq(s.id, p.supplierId)))
    .orderBy(...SORTS[q.sort]);
}

/** All matching products for an export, in the list's order. */
export function exportProducts(tx: Tx, q: InventoryQuery) {
  return base(tx)
    .where(and(...filters(q)))
    .orderBy(...SORTS[q.sort]);
}

/**
 * The tiles: products per stock state from product_stock_counts; units and their value over the active
 * products' entries in the filter index (it carries quantity, cost and price), without reading the rows.
 */
export async function stats(tx: Tx) {
  const n = (state: number) =>
    sql<number>`(select coalesce(sum(${counts.products}), 0) from ${counts} where ${counts.status} = 'ACTIVE' and ${counts.stockState} = ${state})`.mapWith(
      Number,
    );
  const stock = tx
    .select({
      units: sql<number>`coalesce(sum(${p.quantity}), 0)`.as('units'),
      valuePaise:
        sql<number>`coalesce(sum(${p.quantity}::bigint * coalesce(${p.costPaise}, ${p.pricePaise})), 0)`.as(
          'value_paise',
        ),
      /** Products in stock without a cost price: valued at their selling price. */
      valuedAtPrice: sql<number>`count(*) filter (where ${p.costPaise} is null and ${p.quantity} > 0)`.as(
        'valued_at_price',
      ),
    })
    .from(p)
    .where(eq(p.status, 'ACTIVE'))
    .as('stock');
  const [row] = await tx
    .select({
      outOfStock: n(STOCK_STATE.out_of_stock),
      low: n(STOCK_STATE.low_stock),
      inStock: n(STOCK_STATE.in_stock),
      units: sql<number>`${stock.units}`.mapWith(Number),
      valuePaise: sql<number>`${stock.valuePaise}`.mapWith(Number),
      valuedAtPrice: sql<number>`${stock.valuedAtPrice}`.mapWith(Number),
      missingHsn: missingHsnCount.mapWith(Number),
    })
    .from(stock);
  const r = row ?? {
    outOfStock: 0,
    low: 0,
    inStock: 0,
    units: 0,
    valuePaise: 0,
    valuedAtPrice: 0,
    missingHsn: 0,
  };
  return { ...r, total: r.outOfStock + r.low + r.inStock };
}

export async function findProduct(tx: Tx, id: string) {
  const [row] = await base(tx).where(eq(p.id, id));
  return row ?? null;
}

/**
 * A product about to be changed, locked with its variants in the one order every stock writer takes them: the
 * variants by id, then the product (a sale's take_sale_stock and a goods receipt lock the variant, and the rollup
 * trigger then writes the product). Locking the product first, and its variants through the edit's writes, made
 * an edit and a receipt of the same product wait for each other until PostgreSQL killed one (a deadlock).
 */
export async function lockProduct(tx: Tx, id: string) {
  await tx
    .select({ id: schema.productVariants.id })
    .from(schema.productVariants)
    .where(eq(schema.productVariants.productId, id))
    .orderBy(asc(schema.productVariants.id))
    .for('update');
  const [row] = await tx.select().from(p).where(eq(p.id, id)).for('update');
  return row ?? null;
}

export async function findBySku(tx: Tx, sku: string) {
  const [row] = await tx.select({ id: p.id }).from(p).where(eq(p.sku, sku));
  return row ?? null;
}

export async function slugTaken(tx: Tx, slug: string) {
  const [row] = await tx.select({ id: p.id }).from(p).where(eq(p.slug, slug)).limit(1);
  return !!row;
}

export async function insertProduct(tx: Tx, storeId: string, v: ProductValues) {
  const [row] = await tx
    .insert(p)
    .values({ ...v, storeId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProduct(tx: Tx, id: string, v: Partial<ProductValues>) {
  const [row] = await tx
    .update(p)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(p.id, id))
    .returning();
  return row ?? null;
}

export async function hasOrders(tx: Tx, id: string) {
  const [row] = await tx.select({ id: oi.id }).from(oi).where(eq(oi.productId, id)).limit(1);
  return !!row;
}

export async function deleteProduct(tx: Tx, id: string) {
  await tx.delete(schema.stockLedger).where(eq(schema.stockLedger.productId, id));
  const rows = await tx.delete(p).where(eq(p.id, id)).returning({ id: p.id });
  return rows.length === 1;
}

export async function insertLedger(tx: Tx, rows: (typeof sl.$inferInsert)[]) {
  if (rows.length) await tx.insert(sl).values(rows);
}

export async function ledger(
  tx: Tx,
  productId: string,
  q: { reason?: string; variant_id?: string; limit: number; offset: number },
) {
  const { limit, offset } = q;
  const where = and(
    eq(sl.productId, productId),
    q.reason ? eq(sl.reason, q.reason as (typeof sl.$inferSelect)['reason']) : undefined,
    q.variant_id ? eq(sl.variantId, q.variant_id) : undefined,
  );
  const rows = await tx
    .select({
      entry: sl,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      variant: sql<
        string | null
      >`(select nullif(array_to_string(lv.option_values, ' / '), '') from product_variants lv where lv.store_id = ${sl.storeId} and lv.id = ${sl.variantId})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sl)
    .leftJoin(users, eq(users.id, sl.actorId))
    .where(where)
    .orderBy(desc(sl.createdAt), desc(sl.id))
    .limit(limit)
    .offset(offset);
  if (rows.length || offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  const [n] = await tx.select({ n: count() }).from(sl).where(where);
  return { rows, count: n?.n ?? 0 };
}

// Categories and suppliers: categories-suppliers.repository.ts.
export {
  categoryExists,
  findCategoryByName,
  insertCategory,
  insertSupplier,
  listCategories,
  listSuppliers,
  supplierExists,
} from './categories-suppliers.repository.ts';

export async function usedUnits(tx: Tx) {
  const rows = await tx.selectDistinct({ unit: p.unit }).from(p);
  return rows.map((r) => r.unit);
}

/** Existing products by SKU, for an import (create or update by SKU). */
export async function productsBySku(tx: Tx, skus: string[]) {
  if (!skus.length) return [];
  return tx.select().from(p).where(inArray(p.sku, skus));
}

import type { InventoryQuery } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';

const { products: p, productCategories: c, suppliers: s, orderItems: oi, stockLedger: sl, users } = schema;

export type ProductRow = typeof p.$inferSelect;
export type SupplierRow = typeof s.$inferSelect;
export type ProductValues = Omit<typeof p.$inferInsert, 'storeId' | 'id'>;

/** Profit on units sold: (price paid - cost) x quantity over lines of orders that were not cancelled. */
const totalProfit = sql<number>`coalesce((
  select sum((li.unit_price_paise - li.cost_paise) * li.quantity) from order_items li
    join orders lo on lo.store_id = li.store_id and lo.id = li.order_id
   where li.store_id = products.store_id and li.product_id = products.id and li.cost_paise is not null
     and lo.status not in ('CANCELLED', 'RETURNED')), 0)`.mapWith(Number);

/** Units sold over the same order lines. */
const unitsSold = sql<number>`coalesce((
  select sum(li.quantity) from order_items li
    join orders lo on lo.store_id = li.store_id and lo.id = li.order_id
   where li.store_id = products.store_id and li.product_id = products.id
     and lo.status not in ('CANCELLED', 'RETURNED')), 0)`.mapWith(Number);

export const adminColumns = {
  product: p,
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

const lowStock = sql`${p.quantity} > 0 and ${p.quantity} <= ${p.lowStockThreshold}`;

function filters(q: InventoryQuery): SQL[] {
  const where: SQL[] = [];
  if (q.status !== 'all') where.push(eq(p.status, q.status));
  if (q.search) {
    const term = q.search.replace(/[\\%_]/g, (m) => `\\${m}`);
    const match = or(
      ilike(p.name, `%${term}%`),
      ilike(p.sku, `${term.toUpperCase()}%`),
      eq(p.barcode, q.search),
    );
    if (match) where.push(match);
  }
  if (q.category) where.push(eq(p.categoryId, q.category));
  if (q.stock === 'out_of_stock') where.push(sql`${p.quantity} <= 0`);
  if (q.stock === 'low_stock') where.push(lowStock);
  if (q.stock === 'in_stock') where.push(sql`${p.quantity} > ${p.lowStockThreshold}`);
  if (q.updated_from) where.push(gte(p.updatedAt, new Date(`${q.updated_from}T00:00:00+05:30`)));
  if (q.updated_to) {
    const end = new Date(`${q.updated_to}T00:00:00+05:30`);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(p.updatedAt, end));
  }
  return where;
}

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
 * One page of the inventory and the total matching, in one statement. A search has to read every match anyway
 * (the sort cannot come from an index), so the count rides along as a window over the matches' ids only and the
 * wide rows are read for the page alone. Without a search the count is its own subquery, which PostgreSQL answers
 * from an index, and the page reads just its rows in index order: a window there would hold every product of the
 * shop (50,000 wide rows for a large shop) to count them.
 */
export async function listProducts(tx: Tx, q: InventoryQuery) {
  const where = and(...filters(q));
  const rows = q.search ? await searchPage(tx, q, where) : await browsePage(tx, q, where);
  if (rows.length || q.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  const [n] = await tx.select({ n: count() }).from(p).where(where);
  return { rows, count: n?.n ?? 0 };
}

function browsePage(tx: Tx, q: InventoryQuery, where: SQL | undefined) {
  const total = where
    ? sql<number>`(select count(*) from ${p} where ${where})`
    : sql<number>`(select count(*) from ${p})`;
  return tx
    .select({ ...adminColumns, total: total.mapWith(Number) })
    .from(p)
    .leftJoin(c, and(eq(c.storeId, p.storeId), eq(c.id, p.categoryId)))
    .leftJoin(s, and(eq(s.storeId, p.storeId), eq(s.id, p.supplierId)))
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.limit)
    .offset(q.offset);
}

function searchPage(tx: Tx, q: InventoryQuery, where: SQL | undefined) {
  const page = tx
    .select({ id: p.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(p)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.limit)
    .offset(q.offset)
    .as('page');
  return tx
    .select({ ...adminColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(p, eq(p.id, page.id))
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

export async function stats(tx: Tx) {
  const [row] = await tx
    .select({
      total: count(),
      outOfStock: sql<number>`count(*) filter (where ${p.quantity} <= 0)`.mapWith(Number),
      low: sql<number>`count(*) filter (where ${lowStock})`.mapWith(Number),
      units: sql<number>`coalesce(sum(greatest(${p.quantity}, 0)), 0)`.mapWith(Number),
      valuePaise:
        sql<number>`coalesce(sum(greatest(${p.quantity}, 0)::bigint * coalesce(${p.costPaise}, ${p.pricePaise})), 0)`.mapWith(
          Number,
        ),
    })
    .from(p)
    .where(eq(p.status, 'ACTIVE'));
  return row ?? { total: 0, outOfStock: 0, low: 0, units: 0, valuePaise: 0 };
}

export async function findProduct(tx: Tx, id: string) {
  const [row] = await base(tx).where(eq(p.id, id));
  return row ?? null;
}

export async function lockProduct(tx: Tx, id: string) {
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
  reason: string | undefined,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(sl.productId, productId),
    reason ? eq(sl.reason, reason as (typeof sl.$inferSelect)['reason']) : undefined,
  );
  const rows = await tx
    .select({
      entry: sl,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
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

// Categories, suppliers, units.

export function listCategories(tx: Tx) {
  return tx
    .select({
      id: c.id,
      name: c.name,
      productCount:
        sql<number>`(select count(*) from products cp where cp.store_id = product_categories.store_id and cp.category_id = product_categories.id and cp.status = 'ACTIVE')`.mapWith(
          Number,
        ),
    })
    .from(c)
    .orderBy(asc(sql`lower(${c.name})`));
}

export async function findCategoryByName(tx: Tx, name: string) {
  const [row] = await tx
    .select({ id: c.id, name: c.name })
    .from(c)
    .where(sql`lower(${c.name}) = lower(${name})`);
  return row ?? null;
}

export async function categoryExists(tx: Tx, id: string) {
  const [row] = await tx.select({ id: c.id }).from(c).where(eq(c.id, id));
  return !!row;
}

export async function insertCategory(tx: Tx, storeId: string, name: string) {
  const rows = await tx
    .insert(c)
    .values({ storeId, name })
    .onConflictDoNothing()
    .returning({ id: c.id, name: c.name });
  return rows[0] ?? null;
}

export function listSuppliers(tx: Tx) {
  return tx
    .select({
      supplier: s,
      productCount:
        sql<number>`(select count(*) from products sp where sp.store_id = suppliers.store_id and sp.supplier_id = suppliers.id and sp.status = 'ACTIVE')`.mapWith(
          Number,
        ),
    })
    .from(s)
    .orderBy(asc(sql`lower(${s.name})`));
}

export async function supplierExists(tx: Tx, id: string) {
  const [row] = await tx.select({ id: s.id }).from(s).where(eq(s.id, id));
  return !!row;
}

export async function insertSupplier(tx: Tx, v: typeof s.$inferInsert) {
  const rows = await tx.insert(s).values(v).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function usedUnits(tx: Tx) {
  const rows = await tx.selectDistinct({ unit: p.unit }).from(p);
  return rows.map((r) => r.unit);
}

/** Existing products by SKU, for an import (create or update by SKU). */
export async function productsBySku(tx: Tx, skus: string[]) {
  if (!skus.length) return [];
  return tx.select().from(p).where(inArray(p.sku, skus));
}

import { schema, type Tx } from '@haat/db';
import { asc, eq, sql } from 'drizzle-orm';

/* A shop's product categories and suppliers: the inventory's pick lists, with how many active products use each. */

const { productCategories: c, suppliers: s } = schema;

export function listCategories(tx: Tx) {
  return tx
    .select({
      id: c.id,
      name: c.name,
      productCount:
        sql<number>`(select coalesce(sum(k.products), 0) from product_stock_counts k where k.store_id = product_categories.store_id and k.category_id = product_categories.id and k.status = 'ACTIVE')`.mapWith(
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

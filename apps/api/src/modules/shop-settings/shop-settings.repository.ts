import { schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';

const { deliveryOptions: dopt, coupons } = schema;

export type DeliveryOptionRow = typeof dopt.$inferSelect;
export type DeliveryOptionValues = Omit<typeof dopt.$inferInsert, 'storeId' | 'id' | 'createdAt'>;
export type CouponRow = typeof coupons.$inferSelect;
export type CouponValues = Omit<typeof coupons.$inferInsert, 'storeId' | 'id' | 'createdAt' | 'usedCount'>;

// Delivery options (run in the shop's tenant context: row-level security keeps other shops' rows out).

/** Every option of the shop, inactive ones too, in checkout order. */
export function listDeliveryOptions(tx: Tx) {
  return tx.select().from(dopt).orderBy(asc(dopt.position), asc(dopt.createdAt), asc(dopt.id));
}

export async function findDeliveryOption(tx: Tx, id: string) {
  const [row] = await tx.select().from(dopt).where(eq(dopt.id, id));
  return row ?? null;
}

/**
 * Locks the shop's active options for the rest of the transaction, so two concurrent changes cannot each
 * remove a different one of the last two.
 */
export async function lockActiveOptions(tx: Tx) {
  return tx.select({ id: dopt.id }).from(dopt).where(eq(dopt.active, true)).for('update');
}

export async function countActiveOptions(tx: Tx) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(dopt).where(eq(dopt.active, true));
  return row?.n ?? 0;
}

export async function nextOptionPosition(tx: Tx) {
  const [row] = await tx.select({ n: sql<number>`coalesce(max(${dopt.position}) + 1, 0)::int` }).from(dopt);
  return Math.min(row?.n ?? 0, 999);
}

/** Only one option is recommended: clears the flag on the others and names the ones it was on. */
export async function clearRecommended(tx: Tx, exceptId?: string) {
  const rows = await tx
    .update(dopt)
    .set({ isRecommended: false })
    .where(and(eq(dopt.isRecommended, true), exceptId ? ne(dopt.id, exceptId) : undefined))
    .returning({ name: dopt.name });
  return rows.map((r) => r.name);
}

export async function insertDeliveryOption(tx: Tx, storeId: string, v: DeliveryOptionValues) {
  const [row] = await tx
    .insert(dopt)
    .values({ ...v, storeId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateDeliveryOption(tx: Tx, id: string, v: DeliveryOptionValues) {
  const [row] = await tx.update(dopt).set(v).where(eq(dopt.id, id)).returning();
  return row ?? null;
}

export async function deleteDeliveryOption(tx: Tx, id: string) {
  const [row] = await tx.delete(dopt).where(eq(dopt.id, id)).returning();
  return row ?? null;
}

/**
 * The lowest order value (paise) at which an active option ships free: 0 when one is always free, null when
 * none is ever free by amount (product pages compute the same in their query).
 */
export async function freeShippingThreshold(tx: Tx) {
  const [row] = await tx
    .select({
      paise: sql<
        number | null
      >`min(case when ${dopt.chargePaise} = 0 then 0 else ${dopt.freeAbovePaise} end)::int`,
    })
    .from(dopt)
    .where(eq(dopt.active, true));
  return row?.paise ?? null;
}

// Coupons

export function listCoupons(tx: Tx) {
  return tx.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code));
}

/** One coupon; `lock` holds it against a concurrent order counting a use until the transaction ends. */
export async function findCoupon(tx: Tx, id: string, lock = false) {
  const query = tx.select().from(coupons).where(eq(coupons.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function codeTaken(tx: Tx, code: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        sql`upper(${coupons.code}) = ${code.toUpperCase()}`,
        exceptId ? ne(coupons.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Inserts a coupon; null when its code is already the shop's (the unique index decides, so races are safe). */
export async function insertCoupon(tx: Tx, storeId: string, v: CouponValues) {
  const [row] = await tx
    .insert(coupons)
    .values({ ...v, storeId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateCoupon(tx: Tx, id: string, v: CouponValues) {
  const [row] = await tx.update(coupons).set(v).where(eq(coupons.id, id)).returning();
  return row ?? null;
}

export async function deleteCoupon(tx: Tx, id: string) {
  const [row] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
  return row ?? null;
}

/** How the shop shows a price range (its directory row: every storefront call has read it already). */
export async function priceDisplay(tx: Tx, storeId: string) {
  const [row] = await tx
    .select({ display: schema.stores.priceDisplay })
    .from(schema.stores)
    .where(eq(schema.stores.id, storeId));
  return row?.display ?? 'RANGE';
}

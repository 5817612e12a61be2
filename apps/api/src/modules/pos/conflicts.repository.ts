import { schema, type Tx } from '@haat/db';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';

/*
 * Stock conflicts (issue 43): lines of offline sales that took a variant's stock below zero, with the sale, the
 * counter and the product as the order line recorded them, and the variant's stock now.
 */

const { posStockConflicts: sc, orders: o, orderItems: oi, posCounters: c, posOfflineReceipts: r } = schema;
const { productVariants: v, users: u } = schema;

export type ConflictStatus = 'OPEN' | 'RESOLVED' | 'ALL';

const listed = {
  id: sc.id,
  orderId: sc.orderId,
  orderNumber: o.number,
  receiptSeries: r.series,
  receiptFy: r.fy,
  receiptSeq: r.seq,
  counterName: c.name,
  counterNumber: c.number,
  productId: sc.productId,
  variantId: sc.variantId,
  name: oi.name,
  variantLabel: oi.variantLabel,
  sku: oi.sku,
  quantitySold: sc.quantitySold,
  stockAfter: sc.stockAfter,
  stockNow: sql<number | null>`${v.quantity}`,
  soldAt: o.createdAt,
  createdAt: sc.createdAt,
  resolvedAt: sc.resolvedAt,
  resolution: sc.resolution,
  resolvedBy: sql<
    string | null
  >`nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), '')`,
  note: sc.note,
};

function conflicts(tx: Tx) {
  return tx
    .select(listed)
    .from(sc)
    .innerJoin(o, and(eq(o.storeId, sc.storeId), eq(o.id, sc.orderId)))
    .leftJoin(oi, and(eq(oi.storeId, sc.storeId), eq(oi.orderId, sc.orderId), eq(oi.variantId, sc.variantId)))
    .leftJoin(r, and(eq(r.storeId, sc.storeId), eq(r.orderId, sc.orderId)))
    .leftJoin(c, and(eq(c.storeId, sc.storeId), eq(c.id, sc.counterId)))
    .leftJoin(v, and(eq(v.storeId, sc.storeId), eq(v.id, sc.variantId)))
    .leftJoin(u, eq(u.id, sc.resolvedBy));
}
export type ConflictRow = Awaited<ReturnType<typeof conflictById>>;

export function listConflicts(tx: Tx, status: ConflictStatus, limit: number) {
  const where =
    status === 'OPEN' ? isNull(sc.resolvedAt) : status === 'RESOLVED' ? isNotNull(sc.resolvedAt) : undefined;
  return conflicts(tx).where(where).orderBy(desc(sc.createdAt), desc(sc.id)).limit(limit);
}

export async function conflictById(tx: Tx, id: string) {
  const [row] = await conflicts(tx).where(eq(sc.id, id));
  return row ?? null;
}

/** Locks the conflict's row (two owners resolving at once: the second sees it resolved). */
export async function lockConflict(tx: Tx, id: string) {
  const [row] = await tx.select().from(sc).where(eq(sc.id, id)).for('update');
  return row ?? null;
}

/** Resolves the conflict; a count resolves every open conflict of its variant (the stock is right again). */
export function markResolved(
  tx: Tx,
  row: { id: string; variantId: string },
  how: { resolution: 'COUNTED' | 'ACCEPTED'; by: string; note: string | null },
) {
  const which =
    how.resolution === 'COUNTED'
      ? or(eq(sc.id, row.id), and(eq(sc.variantId, row.variantId), isNull(sc.resolvedAt)))
      : eq(sc.id, row.id);
  return tx
    .update(sc)
    .set({ resolvedAt: sql`now()`, resolution: how.resolution, resolvedBy: how.by, note: how.note })
    .where(which);
}

/** The variant's stock locked, then set to what was counted: the stock before and after (null: no such variant). */
export async function setCountedStock(tx: Tx, variantId: string, counted: number) {
  const [before] = await tx
    .select({ quantity: v.quantity, productId: v.productId })
    .from(v)
    .where(eq(v.id, variantId))
    .for('update');
  if (!before) return null;
  await tx.update(v).set({ quantity: counted, updatedAt: new Date() }).where(eq(v.id, variantId));
  return { before: before.quantity, productId: before.productId };
}

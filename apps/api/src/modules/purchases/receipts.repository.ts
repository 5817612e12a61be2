import { schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { supplierColumns } from './purchases.repository.ts';

/*
 * Goods receipts' reads and writes (issue 38): stock and cost of the variants received, in the receipt's
 * transaction. A variant's row is written, and migration 0022's triggers keep its product's stock and cost in step
 * (the product's row follows its variants; a product sold as one item has one default variant).
 */

const {
  goodsReceipts: g,
  goodsReceiptLines: gl,
  purchaseOrders: po,
  purchaseOrderLines: pol,
  suppliers: s,
} = schema;
const v = schema.productVariants;

/**
 * The variants a receipt adds to, locked in id order (a counter sale locks the variant first too, so the two queue
 * on the variant's row and each sees the other's stock).
 */
export function lockVariants(tx: Tx, ids: string[]) {
  return tx
    .select({ id: v.id, quantity: v.quantity, costPaise: v.costPaise })
    .from(v)
    .where(inArray(v.id, ids))
    .orderBy(asc(v.id))
    .for('update');
}

/** Stock received and the new average cost, on the variant (its product follows by trigger); the stock after. */
export async function addStock(tx: Tx, variantId: string, quantity: number, costPaise: number) {
  const [row] = await tx
    .update(v)
    .set({ quantity: sql`${v.quantity} + ${quantity}`, costPaise, updatedAt: new Date() })
    .where(eq(v.id, variantId))
    .returning({ quantity: v.quantity });
  if (!row) throw new Error('variant not found');
  return row.quantity;
}

/** The order's lines, locked (a receipt raises what they received). */
export const lockOrderLines = (tx: Tx, orderId: string) =>
  tx.select().from(pol).where(eq(pol.purchaseOrderId, orderId)).orderBy(asc(pol.id)).for('update');

export const raiseReceived = (tx: Tx, lineId: string, quantity: number) =>
  tx
    .update(pol)
    .set({ receivedQuantity: sql`${pol.receivedQuantity} + ${quantity}` })
    .where(eq(pol.id, lineId));

export async function insertReceipt(tx: Tx, row: typeof g.$inferInsert) {
  const [out] = await tx.insert(g).values(row).returning();
  if (!out) throw new Error('receipt not inserted');
  return out;
}

export const insertReceiptLines = (tx: Tx, rows: (typeof gl.$inferInsert)[]) =>
  tx.insert(gl).values(rows).returning();

export const insertLedger = (tx: Tx, rows: (typeof schema.stockLedger.$inferInsert)[]) =>
  tx.insert(schema.stockLedger).values(rows);

/**
 * Receipts with their supplier, order number and lines: one by id, an order's, a supplier's, or those with a line of
 * a product (newest first).
 */
export async function findReceipts(
  tx: Tx,
  by: { id?: string; orderId?: string; supplierId?: string; productId?: string },
) {
  const heads = await tx
    .select({ receipt: g, supplier: supplierColumns, orderNumber: po.number })
    .from(g)
    .innerJoin(s, and(eq(s.storeId, g.storeId), eq(s.id, g.supplierId)))
    .leftJoin(po, and(eq(po.storeId, g.storeId), eq(po.id, g.purchaseOrderId)))
    .where(
      and(
        by.id ? eq(g.id, by.id) : undefined,
        by.orderId ? eq(g.purchaseOrderId, by.orderId) : undefined,
        by.supplierId ? eq(g.supplierId, by.supplierId) : undefined,
        by.productId
          ? sql`exists (select 1 from ${gl} where ${gl.storeId} = ${g.storeId}
              and ${gl.goodsReceiptId} = ${g.id} and ${gl.productId} = ${by.productId})`
          : undefined,
      ),
    )
    .orderBy(desc(g.receivedAt), desc(g.number))
    .limit(100);
  const lines = heads.length
    ? await tx
        .select()
        .from(gl)
        .where(
          inArray(
            gl.goodsReceiptId,
            heads.map((h) => h.receipt.id),
          ),
        )
        .orderBy(asc(gl.name), asc(gl.id))
    : [];
  return heads.map((h) => ({ ...h, lines: lines.filter((l) => l.goodsReceiptId === h.receipt.id) }));
}

import { schema, type Tx } from '@haat/db';
import { and, eq } from 'drizzle-orm';

const { returnRequests: rr } = schema;

export type ReturnRequestRow = typeof rr.$inferSelect;

/** The order's return request still waiting for the shop, locked for its decision; null when there is none. */
export async function lockOpenReturn(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(rr)
    .where(and(eq(rr.orderId, orderId), eq(rr.status, 'REQUESTED')))
    .for('update');
  return row ?? null;
}

/** The shop's answer to a request: its status, each line's answer and what is due back. */
export async function settleReturn(
  tx: Tx,
  id: string,
  v: Pick<ReturnRequestRow, 'status' | 'lines' | 'refundPaise' | 'decidedBy' | 'decisionNote'>,
) {
  const [row] = await tx
    .update(rr)
    .set({ ...v, decidedAt: new Date() })
    .where(eq(rr.id, id))
    .returning();
  return row ?? null;
}

/** The request already made for an order (any status), for the refusal of a second one. */
export async function returnOf(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(rr).where(eq(rr.orderId, orderId));
  return row ?? null;
}

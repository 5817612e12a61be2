import type { CounterReturnMethod } from '@haat/contracts';
import { openRegisterSession, schema, type Tx } from '@haat/db';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';

/*
 * Returns at the counter (issue 38): the sale a receipt names, a customer's recent counter sales, the return's own
 * row (claimed first by its Idempotency-Key), and the money's rows: the payment's refunded amount, the refund, the
 * khata entry of a sale on credit. Every statement runs in the shop's context (withStore).
 */

const {
  orders: o,
  orderItems: oi,
  paymentTransactions: pt,
  refunds: rf,
  taxDocuments: td,
  counterReturns: cr,
  posCustomers: pc,
  khataEntries: ke,
} = schema;

export type CounterReturnRow = typeof cr.$inferSelect;

/** A sale by its number, with its lines in a fixed order. */
export async function saleByNumber(tx: Tx, number: number) {
  const [order] = await tx.select().from(o).where(eq(o.number, number)).limit(1);
  if (!order) return null;
  const items = await tx.select().from(oi).where(eq(oi.orderId, order.id)).orderBy(oi.name, oi.id);
  return { order, items };
}

/** The customer's last counter sales by phone, newest first. */
export function recentSalesByPhone(tx: Tx, phone: string, limit = 10) {
  return tx
    .select({
      id: o.id,
      number: o.number,
      createdAt: o.createdAt,
      totalPaise: o.totalPaise,
      items: o.totalItems,
      name: o.shipName,
    })
    .from(o)
    .where(and(eq(o.channel, 'POS'), inArray(o.contactPhone, [phone, `+91${phone}`])))
    .orderBy(desc(o.createdAt))
    .limit(limit);
}

/** The returns made against a sale, with their credit notes' numbers. */
export function returnsOf(tx: Tx, orderId: string) {
  return tx
    .select({
      id: cr.id,
      kind: cr.kind,
      returnedPaise: cr.returnedPaise,
      creditNote: td.number,
      createdAt: cr.createdAt,
    })
    .from(cr)
    .leftJoin(td, and(eq(td.storeId, cr.storeId), eq(td.id, cr.creditNoteId)))
    .where(eq(cr.orderId, orderId))
    .orderBy(cr.createdAt);
}

/**
 * Claims the return's key: the row goes in now (its amounts at the end of the same transaction), so a resent
 * return waits on the key's index for the first and then finds it. Null when the key was taken.
 */
export async function claimReturn(tx: Tx, v: typeof cr.$inferInsert) {
  const [row] = await tx.insert(cr).values(v).onConflictDoNothing().returning({ id: cr.id });
  return row?.id ?? null;
}

export async function returnByKey(tx: Tx, key: string) {
  const [row] = await tx.select().from(cr).where(eq(cr.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export async function returnById(tx: Tx, id: string) {
  const [row] = await tx.select().from(cr).where(eq(cr.id, id)).limit(1);
  return row ?? null;
}

export function updateReturn(tx: Tx, id: string, v: Partial<typeof cr.$inferInsert>) {
  return tx.update(cr).set(v).where(eq(cr.id, id));
}

/** The sale's counter payment (the first one), locked. */
export async function salePayment(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(pt)
    .where(eq(pt.orderId, orderId))
    .orderBy(pt.createdAt)
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Counts a refund against the payment in one conditional statement; null when it would pass what was paid. */
export async function takeRefund(tx: Tx, paymentId: string, amountPaise: number) {
  const [row] = await tx
    .update(pt)
    .set({
      refundedPaise: sql`${pt.refundedPaise} + ${amountPaise}`,
      paymentStatus: sql`case when ${pt.refundedPaise} + ${amountPaise} >= ${pt.amountPaise} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(pt.id, paymentId),
        inArray(pt.paymentStatus, ['SUCCESS', 'PARTIALLY_REFUNDED']),
        sql`${pt.refundedPaise} + ${amountPaise} <= ${pt.amountPaise}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The refund's row; a cash refund names the drawer the cashier has open (`openRegisterSession`). */
export async function insertRefund(
  tx: Tx,
  v: {
    storeId: string;
    orderId: string;
    amountPaise: number;
    reason: string;
    method: Exclude<CounterReturnMethod, 'KHATA'>;
    reference: string | null;
    restocked: { product_id: string; quantity: number }[];
    userId: string;
  },
) {
  const [row] = await tx
    .insert(rf)
    .values({
      storeId: v.storeId,
      orderId: v.orderId,
      amountPaise: v.amountPaise,
      reason: v.reason,
      method: v.method,
      reference: v.reference,
      restocked: v.restocked,
      createdBy: v.userId,
      registerSessionId: v.method === 'CASH' ? openRegisterSession(v.storeId, v.userId) : null,
    })
    .returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/**
 * A return of a sale on credit lowers what the customer owes: the customer's balance and a RETURN entry (negative)
 * with the balance after, in one statement each, the customer's row locked by the update.
 */
export async function khataReturn(
  tx: Tx,
  v: {
    storeId: string;
    customerId: string;
    orderId: string;
    amountPaise: number;
    note: string;
    userId: string;
  },
) {
  const [c] = await tx
    .update(pc)
    .set({ balancePaise: sql`${pc.balancePaise} - ${v.amountPaise}`, updatedAt: new Date() })
    .where(eq(pc.id, v.customerId))
    .returning({ balance: pc.balancePaise });
  if (!c) return null;
  await tx.insert(ke).values({
    storeId: v.storeId,
    customerId: v.customerId,
    kind: 'RETURN',
    amountPaise: -v.amountPaise,
    balanceAfterPaise: c.balance,
    orderId: v.orderId,
    note: v.note,
    createdBy: v.userId,
  });
  return c.balance;
}

/** The sale's invoice (or bill of supply). */
export async function invoiceOf(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(td)
    .where(and(eq(td.orderId, orderId), ne(td.kind, 'CREDIT_NOTE')))
    .limit(1);
  return row ?? null;
}

export async function documentById(tx: Tx, id: string) {
  const [row] = await tx.select().from(td).where(eq(td.id, id)).limit(1);
  return row ?? null;
}

import { schema, type Tx } from '@haat/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GatewayPayment } from './provider.ts';

const { storeGateways: sg, gatewayEvents: ge, paymentTransactions: pt, orders: o } = schema;

// The gateway's rows: the shop's account, the webhook inbox, and the gateway columns of a payment (migration 0063).

export type GatewayRow = typeof sg.$inferSelect;

export async function findGateway(tx: Tx) {
  const [row] = await tx.select().from(sg);
  return row ?? null;
}

export async function saveGateway(tx: Tx, v: typeof sg.$inferInsert) {
  const { storeId: _, ...set } = v;
  await tx
    .insert(sg)
    .values(v)
    .onConflictDoUpdate({ target: sg.storeId, set: { ...set, updatedAt: new Date() } });
}

export async function removeGateway(tx: Tx) {
  const rows = await tx.delete(sg).returning({ storeId: sg.storeId });
  return rows.length > 0;
}

/** Takes an event id into the inbox; false when it was there already (a repeated delivery). */
export async function claimEvent(
  tx: Tx,
  v: {
    storeId: string;
    eventId: string;
    event: string;
    gatewayOrderId: string | null;
    paymentId: string | null;
  },
) {
  const rows = await tx
    .insert(ge)
    .values({
      storeId: v.storeId,
      eventId: v.eventId,
      event: v.event,
      gatewayOrderId: v.gatewayOrderId,
      gatewayPaymentId: v.paymentId,
      outcome: 'RECEIVED',
    })
    .onConflictDoNothing()
    .returning({ eventId: ge.eventId });
  return rows.length > 0;
}

export async function setEventOutcome(tx: Tx, eventId: string, outcome: string) {
  await tx.update(ge).set({ outcome }).where(eq(ge.eventId, eventId));
}

const paymentColumns = {
  id: pt.id,
  orderId: pt.orderId,
  amountPaise: pt.amountPaise,
  paymentStatus: pt.paymentStatus,
  paymentMode: pt.paymentMode,
  gatewayOrderId: pt.gatewayOrderId,
  gatewayPaymentId: pt.gatewayPaymentId,
  orderStatus: o.status,
  orderNumber: o.number,
  customerId: o.customerId,
  totalPaise: o.totalPaise,
};

/** The payment a gateway order was made for, with its order; locked for a change when asked. */
export async function paymentByGatewayOrder(tx: Tx, gatewayOrderId: string, lock = false) {
  const q = tx
    .select(paymentColumns)
    .from(pt)
    .innerJoin(o, and(eq(o.storeId, pt.storeId), eq(o.id, pt.orderId)))
    .where(eq(pt.gatewayOrderId, gatewayOrderId));
  const [row] = lock ? await q.for('update', { of: [pt, o] }) : await q;
  return row ?? null;
}

/** An order's online payment, for its customer (null: not theirs, or not paid online). */
export async function onlinePaymentOf(tx: Tx, orderId: string, customerId: string | null, lock = false) {
  const q = tx
    .select(paymentColumns)
    .from(pt)
    .innerJoin(o, and(eq(o.storeId, pt.storeId), eq(o.id, pt.orderId)))
    .where(
      and(
        eq(pt.orderId, orderId),
        eq(pt.paymentMode, 'ONLINE'),
        customerId ? eq(o.customerId, customerId) : undefined,
      ),
    );
  const [row] = lock ? await q.for('update', { of: [pt, o] }) : await q;
  return row ?? null;
}
export type OnlinePaymentRow = NonNullable<Awaited<ReturnType<typeof onlinePaymentOf>>>;

export async function setGatewayOrder(
  tx: Tx,
  paymentId: string,
  v: { gateway: string; gatewayOrderId: string },
) {
  await tx
    .update(pt)
    .set({ gateway: v.gateway, gatewayOrderId: v.gatewayOrderId, updatedAt: new Date() })
    .where(and(eq(pt.id, paymentId), isNull(pt.gatewayOrderId)));
}

const details = (p: GatewayPayment) => ({
  gatewayPaymentId: p.id,
  gatewayMethod: p.method,
  cardNetwork: p.cardNetwork,
  cardLast4: p.cardLast4,
  bank: p.bank,
  vpa: p.vpa,
  wallet: p.wallet,
  authCode: p.authCode,
  rrn: p.rrn,
  gatewayFeePaise: p.feePaise,
  gatewayTaxPaise: p.taxPaise,
});

/** The payment and its order are paid, with what the gateway reported. */
export async function markPaid(tx: Tx, row: OnlinePaymentRow, p: GatewayPayment) {
  const at = new Date();
  await tx
    .update(pt)
    .set({
      ...details(p),
      paymentStatus: 'SUCCESS',
      receivedAt: at,
      externalReference: p.rrn ?? p.id,
      failureReason: null,
      updatedAt: at,
    })
    .where(eq(pt.id, row.id));
  await tx
    .update(o)
    .set({ paymentStatus: 'SUCCESS', version: sql`${o.version} + 1`, updatedAt: at })
    .where(eq(o.id, row.orderId));
}

/** The attempt failed: the payment (and order) show it until a later attempt succeeds. */
export async function markFailed(tx: Tx, row: OnlinePaymentRow, p: GatewayPayment) {
  const at = new Date();
  await tx
    .update(pt)
    .set({
      ...details(p),
      paymentStatus: 'FAILED',
      failureReason: p.error ?? 'The payment failed',
      updatedAt: at,
    })
    .where(and(eq(pt.id, row.id), inArray(pt.paymentStatus, ['PENDING', 'FAILED'])));
  await tx
    .update(o)
    .set({ paymentStatus: 'FAILED', version: sql`${o.version} + 1`, updatedAt: at })
    .where(and(eq(o.id, row.orderId), inArray(o.paymentStatus, ['PENDING', 'FAILED'])));
}

/** A payment that came in for an order no longer waiting for it (cancelled): kept on the record to refund. */
export async function noteLatePayment(tx: Tx, row: OnlinePaymentRow, p: GatewayPayment, why: string) {
  await tx
    .update(pt)
    .set({ ...details(p), failureReason: why, updatedAt: new Date() })
    .where(eq(pt.id, row.id));
}

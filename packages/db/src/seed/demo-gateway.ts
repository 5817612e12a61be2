import { createHash, randomBytes } from 'node:crypto';
import { formatPaise, ONLINE_PAYMENT_MINUTES } from '@haat/contracts';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { withStore } from '../context.ts';
import {
  gatewayEvents,
  gatewayMismatches,
  orderEvents,
  orders,
  paymentTransactions,
  refunds,
  stockLedger,
  storeGateways,
  stores,
  taxDocuments,
} from '../schema/index.ts';

/*
 * Online payments in the demo (issue 44), for development: one shop connected to the built-in test gateway (the
 * secrets sealed by the caller, the API's key), and what the real flows would have written for a few of its
 * orders, paid online instead of by UPI to the shop: the gateway's order, payment and event ids, the method's
 * details (card network and last 4, bank, VPA, wallet, auth code, RRN), the fee and its tax, the signed webhook
 * taken once (the inbox), the timeline's "paid online" line and the settlement each was paid out in (T+2). One of
 * them was returned and refunded through the gateway (completed by its webhook, debited in a settlement), and one
 * order cancelled unpaid after ONLINE_PAYMENT_MINUTES was paid at the gateway later: reconciliation lists it.
 * Ids are derived from the order's, so a run is repeatable; a shop with a gateway or an online payment is left.
 */

export const DEMO_GATEWAY_SHOP = 'namma-gadgets';
const MINUTE = 60_000;
const DAY = 86_400_000;
type Payment = typeof paymentTransactions.$inferSelect;
type Order = typeof orders.$inferSelect;

/** A Razorpay-shaped id (`pay_` and 14 characters) derived from a seed string. */
const rzpId = (prefix: string, seed: string) =>
  `${prefix}_${createHash('sha256').update(seed).digest('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const digits = (seed: string, n: number) =>
  String(BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`))
    .slice(-n)
    .padStart(n, '7');

/** What the gateway reported for the n-th demo payment (Razorpay's values: networks, bank codes, wallets). */
function methodOf(n: number, o: Order) {
  const none = {
    cardNetwork: null,
    cardLast4: null,
    bank: null,
    vpa: null,
    wallet: null,
    authCode: null,
    rrn: null,
  };
  const name = (o.shipName ?? 'customer')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
  switch (n % 4) {
    case 0:
      return { ...none, method: 'upi', vpa: `${name}@okhdfcbank`, rrn: digits(`rrn${o.id}`, 12) };
    case 1:
      return {
        ...none,
        method: 'card',
        cardNetwork: ['Visa', 'MasterCard', 'RuPay'][n % 3] ?? 'Visa',
        cardLast4: digits(`card${o.id}`, 4),
        authCode: digits(`auth${o.id}`, 6),
        rrn: digits(`rrn${o.id}`, 12),
      };
    case 2:
      return { ...none, method: 'netbanking', bank: ['HDFC', 'ICIC', 'SBIN'][n % 3] ?? 'HDFC' };
    default:
      return { ...none, method: 'wallet', wallet: 'amazonpay' };
  }
}

/** How payment-events.ts describes a payment on the timeline. */
function described(m: ReturnType<typeof methodOf>) {
  if (m.method === 'card') return `${m.cardNetwork} card ending ${m.cardLast4}`;
  if (m.method === 'upi') return `UPI ${m.vpa}`;
  return m.method === 'netbanking' ? `net banking (${m.bank})` : `wallet (${m.wallet})`;
}

/** Razorpay's fee with its GST (18 %) inside, as the payment entity reports them: 2 % plus tax. */
function feeOf(amountPaise: number) {
  const tax = Math.round(Math.round(amountPaise * 0.02) * 0.18);
  return { gatewayFeePaise: Math.round(amountPaise * 0.02) + tax, gatewayTaxPaise: tax };
}

/** The settlement a payment captured (or a refund processed) at `at` went out in: Razorpay's T+2, one a day. */
const settlementOf = (storeId: string, at: Date) => {
  const day = new Date(Math.floor(+at / DAY) * DAY + 2 * DAY);
  return { id: rzpId('setl', `${storeId}${day.toISOString().slice(0, 10)}`), at: day };
};
/** Orders placed (or refunded) before this many days ago were paid out by a settlement read already. */
const SETTLED_DAYS = 4;

interface Captured {
  storeId: string;
  order: Order;
  payment: Payment;
  n: number;
  at: Date;
}

/** The gateway columns of a payment captured at `at`, as markPaid writes them (or noteLatePayment). */
function capturedColumns({ storeId, order, payment, n, at }: Captured) {
  const m = methodOf(n, order);
  const paymentId = rzpId('pay', `pay${order.id}`);
  const { method, ...details } = m;
  return {
    paymentId,
    m,
    columns: {
      paymentMode: 'ONLINE' as const,
      gateway: 'RAZORPAY',
      gatewayOrderId: rzpId('order', `order${order.id}`),
      gatewayPaymentId: paymentId,
      gatewayMethod: method,
      ...details,
      ...feeOf(payment.amountPaise),
      settlementId: settlementOf(storeId, at).id,
      updatedAt: at,
    },
  };
}

/** One signed webhook taken into the inbox, with what it did. */
async function inbox(
  tx: Tx,
  storeId: string,
  v: { event: string; order: Order; paymentId: string; outcome: string; at: Date },
) {
  await tx.insert(gatewayEvents).values({
    storeId,
    eventId: rzpId('evt', `${v.event}${v.order.id}`),
    event: v.event,
    gatewayOrderId: rzpId('order', `order${v.order.id}`),
    gatewayPaymentId: v.paymentId,
    outcome: v.outcome,
    receivedAt: v.at,
  });
}

/** An order paid by UPI to the shop becomes one paid online: captured two minutes after it was placed. */
async function paidOnline(tx: Tx, c: Omit<Captured, 'at'>) {
  const { storeId, order, payment } = c;
  const at = new Date(+order.createdAt + 2 * MINUTE);
  const { paymentId, m, columns } = capturedColumns({ ...c, at });
  await tx
    .update(paymentTransactions)
    .set({
      ...columns,
      paymentStatus: payment.paymentStatus,
      receivedAt: at,
      receivedBy: null,
      externalReference: m.rrn ?? paymentId,
    })
    .where(and(eq(paymentTransactions.storeId, storeId), eq(paymentTransactions.id, payment.id)));
  await tx
    .update(orders)
    .set({ paymentMethod: 'ONLINE' })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
  await tx
    .update(taxDocuments)
    .set({ snapshot: sql`jsonb_set(${taxDocuments.snapshot}, '{paymentMethod}', '"ONLINE"')` })
    .where(and(eq(taxDocuments.storeId, storeId), eq(taxDocuments.orderId, order.id)));
  // The shop's "UPI received" line gives way to the gateway's, from no one (the webhook).
  await tx
    .delete(orderEvents)
    .where(
      and(
        eq(orderEvents.storeId, storeId),
        eq(orderEvents.orderId, order.id),
        eq(orderEvents.status, 'PAYMENT_RECEIVED'),
      ),
    );
  await tx.insert(orderEvents).values({
    storeId,
    orderId: order.id,
    status: 'PAYMENT_RECEIVED',
    note: `${formatPaise(payment.amountPaise)} paid online by ${described(m)} (${paymentId})`,
    actorId: null,
    createdAt: at,
  });
  await inbox(tx, storeId, { event: 'payment.captured', order, paymentId, outcome: 'PAID', at });
  return paymentId;
}

/** The returned order's refund went back through the gateway: completed by refund.processed, then debited. */
async function refundedOnline(tx: Tx, c: Omit<Captured, 'at'>) {
  const paymentId = await paidOnline(tx, c);
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.storeId, c.storeId), eq(refunds.orderId, c.order.id)))
    .limit(1);
  if (!refund) return;
  const refundId = rzpId('rfnd', `rfnd${c.order.id}`);
  const processed = new Date(+refund.createdAt + 3 * 60 * MINUTE);
  await tx
    .update(refunds)
    .set({
      method: 'GATEWAY',
      status: 'COMPLETED',
      gatewayRefundId: refundId,
      reference: refundId,
      settlementId: settlementOf(c.storeId, processed).id,
    })
    .where(and(eq(refunds.storeId, c.storeId), eq(refunds.id, refund.id)));
  await tx
    .update(paymentTransactions)
    .set({ updatedAt: refund.createdAt })
    .where(and(eq(paymentTransactions.storeId, c.storeId), eq(paymentTransactions.id, c.payment.id)));
  await tx.insert(orderEvents).values({
    storeId: c.storeId,
    orderId: c.order.id,
    status: 'REFUNDED',
    note: `${formatPaise(refund.amountPaise)} by gateway: ${refund.reason}`,
    actorId: refund.createdBy,
    createdAt: refund.createdAt,
  });
  await inbox(tx, c.storeId, {
    event: 'refund.processed',
    order: c.order,
    paymentId,
    outcome: 'REFUND_COMPLETED',
    at: processed,
  });
}

/**
 * An order placed to be paid online and never paid: cancelled by the sweep after ONLINE_PAYMENT_MINUTES (its
 * stock back then), and paid at the gateway ten minutes later. Kept on the cancelled order to refund; the
 * settlement that carried it makes reconciliation list it (captured, the order not paid).
 */
async function paidTooLate(tx: Tx, c: Omit<Captured, 'at'>) {
  const { storeId, order, payment } = c;
  const cancelledAt = new Date(+order.createdAt + ONLINE_PAYMENT_MINUTES * MINUTE);
  const at = new Date(+cancelledAt + 10 * MINUTE);
  const reason = `The online payment was not completed within ${ONLINE_PAYMENT_MINUTES} minutes`;
  const { paymentId, columns } = capturedColumns({ ...c, at });
  await tx
    .update(paymentTransactions)
    .set({ ...columns, failureReason: 'Paid after the order was cancelled: refund it' })
    .where(and(eq(paymentTransactions.storeId, storeId), eq(paymentTransactions.id, payment.id)));
  await tx
    .update(orders)
    .set({ paymentMethod: 'ONLINE', cancelledAt, cancelReason: reason, updatedAt: cancelledAt })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
  await tx
    .update(orderEvents)
    .set({ note: reason, actorId: null, createdAt: cancelledAt })
    .where(
      and(
        eq(orderEvents.storeId, storeId),
        eq(orderEvents.orderId, order.id),
        eq(orderEvents.status, 'CANCELLED'),
      ),
    );
  await tx
    .update(stockLedger)
    .set({ createdAt: cancelledAt, actorId: null })
    .where(
      and(
        eq(stockLedger.storeId, storeId),
        eq(stockLedger.orderId, order.id),
        eq(stockLedger.reason, 'CANCELLATION'),
      ),
    );
  await inbox(tx, storeId, { event: 'payment.captured', order, paymentId, outcome: 'ORDER_CANCELLED', at });
  const settled = settlementOf(storeId, at);
  await tx.insert(gatewayMismatches).values({
    storeId,
    gatewayPaymentId: paymentId,
    kind: 'CAPTURED_NOT_PAID',
    orderId: order.id,
    gatewayAmountPaise: payment.amountPaise,
    ourAmountPaise: payment.amountPaise,
    settlementId: settled.id,
    foundAt: new Date(+settled.at + DAY + 30 * MINUTE),
  });
}

/** The shop's orders paid by UPI to it, with their payment: of a status, placed before `before`, newest first. */
function upiOrders(
  tx: Tx,
  storeId: string,
  status: Order['status'][],
  before: Date,
  limit: number,
  paid: Payment['paymentStatus'],
  placedOr = orders.createdAt,
) {
  return tx
    .select({ order: orders, payment: paymentTransactions })
    .from(orders)
    .innerJoin(
      paymentTransactions,
      and(eq(paymentTransactions.storeId, orders.storeId), eq(paymentTransactions.orderId, orders.id)),
    )
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.channel, 'ONLINE'),
        eq(orders.paymentMethod, 'UPI'),
        inArray(orders.status, status),
        eq(paymentTransactions.paymentStatus, paid),
        lt(placedOr, before),
      ),
    )
    .orderBy(
      status.includes('CANCELLED')
        ? asc(sql`${orders.cancelledAt} - ${orders.createdAt}`)
        : desc(orders.createdAt),
    )
    .limit(limit);
}

/**
 * Connects the demo shop to the test gateway (its secrets sealed with `seal`) and writes its online payments;
 * false when the shop is missing or has a gateway or an online payment already.
 */
export async function seedDemoGateway(db: Db, opts: { now?: Date; seal: (plain: string) => string }) {
  const now = opts.now ?? new Date();
  const [shop] = await db.select({ id: stores.id }).from(stores).where(eq(stores.slug, DEMO_GATEWAY_SHOP));
  if (!shop) return false;
  const storeId = shop.id;
  return withStore(db, storeId, async (tx) => {
    const [gateway] = await tx
      .select({ id: storeGateways.storeId })
      .from(storeGateways)
      .where(eq(storeGateways.storeId, storeId));
    const [online] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.storeId, storeId), eq(paymentTransactions.paymentMode, 'ONLINE')))
      .limit(1);
    if (gateway || online) return false;
    await tx.insert(storeGateways).values({
      storeId,
      provider: 'RAZORPAY',
      mode: 'TEST',
      keyId: rzpId('rzp_test', `key${storeId}`),
      keySecretEnc: opts.seal(randomBytes(18).toString('base64url')),
      webhookSecretEnc: opts.seal(randomBytes(18).toString('base64url')),
      verifiedAt: now,
      reconciledThrough: new Date(+now - DAY).toISOString().slice(0, 10),
    });
    const before = new Date(+now - SETTLED_DAYS * DAY);
    const paid = await upiOrders(tx, storeId, ['PROCESSING', 'SHIPPED', 'DELIVERED'], before, 5, 'SUCCESS');
    for (const [n, { order, payment }] of paid.entries())
      await paidOnline(tx, { storeId, order, payment, n });
    // Refunded before `before` too (the refund's row is made when the order is returned): its debit settled.
    const [returned] = await upiOrders(tx, storeId, ['RETURNED'], before, 1, 'REFUNDED', orders.updatedAt);
    if (returned) await refundedOnline(tx, { storeId, ...returned, n: 5 });
    const [late] = await upiOrders(tx, storeId, ['CANCELLED'], before, 1, 'CANCELLED');
    if (late) await paidTooLate(tx, { storeId, ...late, n: 6 });
    return true;
  });
}

import { schema, type Tx } from '@haat/db';
import { isNotNull } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import type { GatewayRow } from './gateway.repository.ts';
import type { PaymentProvider } from './provider.ts';
import { callTestGateway, openKeys, providerFor, testGatewayOrigin, webhookPath } from './registry.ts';

/*
 * The development test gateway keeps its books in memory (fake-razorpay.ts): after a restart of the server or of
 * the gateway it would refuse the demo's seeded payments and the shop's keys (a 409 on Process Refund). So before a
 * TEST shop first uses a run of the test gateway (whichever process started it), the shop's account (its keys, its
 * webhooks to this server) and what the database says the gateway holds (its orders, payments and refunds) are
 * told to it again, as Razorpay's entities; what it knows already is kept.
 */

const { paymentTransactions: pt, refunds: rf } = schema;
/** The run of the test gateway each shop was last told to. */
const restored = new Map<string, string>();
const secs = (d: Date) => Math.floor(+d / 1000);
const CAPTURED = new Set(['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED']);

type PaymentRow = typeof pt.$inferSelect;
type RefundRow = typeof rf.$inferSelect;

/** Captured: a paid payment, or one kept on a cancelled order (the gateway charged a fee for it). */
const capturedRow = (p: PaymentRow) =>
  CAPTURED.has(p.paymentStatus) || (p.gatewayPaymentId !== null && p.gatewayFeePaise !== null);

function orderOf(p: PaymentRow, storeId: string) {
  const paid = capturedRow(p);
  return {
    id: p.gatewayOrderId as string,
    entity: 'order',
    amount: p.amountPaise,
    amount_paid: paid ? p.amountPaise : 0,
    amount_due: paid ? 0 : p.amountPaise,
    currency: 'INR',
    receipt: null,
    offer_id: null,
    status: paid ? 'paid' : p.gatewayPaymentId ? 'attempted' : 'created',
    attempts: p.gatewayPaymentId ? 1 : 0,
    notes: { order_id: p.orderId, store_id: storeId },
    created_at: secs(p.createdAt),
  };
}

function paymentOf(p: PaymentRow, refunded: number) {
  const captured = capturedRow(p);
  const card = p.cardLast4
    ? { entity: 'card', last4: p.cardLast4, network: p.cardNetwork, type: null }
    : null;
  return {
    id: p.gatewayPaymentId as string,
    entity: 'payment',
    amount: p.amountPaise,
    currency: 'INR',
    status: captured ? (refunded >= p.amountPaise ? 'refunded' : 'captured') : 'failed',
    order_id: p.gatewayOrderId,
    international: false,
    method: p.gatewayMethod ?? 'upi',
    amount_refunded: refunded,
    refund_status: refunded === 0 ? null : refunded >= p.amountPaise ? 'full' : 'partial',
    captured,
    card,
    bank: p.bank,
    wallet: p.wallet,
    vpa: p.vpa,
    acquirer_data: { auth_code: p.authCode, rrn: p.rrn },
    fee: p.gatewayFeePaise,
    tax: p.gatewayTaxPaise,
    error_description: captured ? null : p.failureReason,
    created_at: secs(p.receivedAt ?? p.updatedAt),
  };
}

function refundOf(r: RefundRow, paymentId: string) {
  const status = r.status === 'COMPLETED' ? 'processed' : r.status === 'FAILED' ? 'failed' : 'pending';
  return {
    id: r.gatewayRefundId as string,
    entity: 'refund',
    amount: r.amountPaise,
    currency: 'INR',
    payment_id: paymentId,
    notes: {},
    receipt: null,
    acquirer_data: { arn: null },
    created_at: secs(r.createdAt),
    status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

/** Tells the test gateway the shop's account and gateway payments (see above); once per run of the gateway. */
export async function restoreTestShop(deps: Pick<Deps, 'config'>, tx: Tx, row: GatewayRow) {
  if (row.mode !== 'TEST') return;
  const { instance } = await callTestGateway<{ instance: string }>(deps, '/_fake/instance');
  if (restored.get(row.storeId) === instance) return;
  const payments = await tx.select().from(pt).where(isNotNull(pt.gatewayOrderId));
  const refunds = await tx.select().from(rf).where(isNotNull(rf.gatewayRefundId));
  const paymentIdOfOrder = new Map(payments.map((p) => [p.orderId, p.gatewayPaymentId]));
  const refundLines = refunds.flatMap((r) => {
    const paymentId = paymentIdOfOrder.get(r.orderId);
    return paymentId ? [{ r, paymentId }] : [];
  });
  const refundedOf = (paymentId: string) =>
    refundLines
      .filter((l) => l.paymentId === paymentId && l.r.status !== 'FAILED')
      .reduce((sum, l) => sum + l.r.amountPaise, 0);
  const origin = testGatewayOrigin();
  await callTestGateway(deps, '/_fake/restore', {
    account: {
      ...openKeys(deps, row),
      webhookUrl: origin ? `${origin}${webhookPath(row.storeId)}` : undefined,
    },
    orders: payments.map((p) => orderOf(p, row.storeId)),
    payments: payments.flatMap((p) =>
      p.gatewayPaymentId ? [paymentOf(p, refundedOf(p.gatewayPaymentId))] : [],
    ),
    refunds: refundLines.map((l) => refundOf(l.r, l.paymentId)),
  });
  restored.set(row.storeId, instance);
}

/** The shop's provider, the test gateway told what it holds first (in the caller's transaction). */
export async function restoredProvider(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  row: GatewayRow,
): Promise<PaymentProvider> {
  await restoreTestShop(deps, tx, row);
  return providerFor(deps, row);
}

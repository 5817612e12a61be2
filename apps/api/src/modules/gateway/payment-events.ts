import { formatPaise } from '@haat/contracts';
import type { Tx } from '@haat/db';
import { enqueueMail } from '../mail/index.ts';
import { findOrder, insertEvent, orderUpdateMail } from '../orders/index.ts';
import * as repo from './gateway.repository.ts';
import type { GatewayPayment } from './provider.ts';

/*
 * What a verified signal from the gateway does to a payment (the shopper's signed return and the signed webhook
 * alike), in the caller's shop transaction, the payment and order locked: a captured payment of the order's amount
 * makes both paid once (and the shopper's "payment received" mail goes into the outbox in that transaction); a
 * failure shows as failed until another attempt succeeds; anything else changes nothing.
 */

/** The shop a signal is applied in: its id and the name its mails carry. */
export interface PaymentShop {
  id: string;
  storeName: string;
}

export type PaymentOutcome =
  | 'PAID'
  | 'ALREADY_PAID'
  | 'FAILED'
  | 'PENDING'
  | 'UNKNOWN_ORDER'
  | 'AMOUNT_MISMATCH'
  | 'ORDER_CANCELLED'
  | 'IGNORED';

const METHOD_NAMES: Record<string, string> = {
  upi: 'UPI',
  card: 'card',
  netbanking: 'net banking',
  wallet: 'wallet',
  emi: 'EMI',
};

/** "UPI gaurav@okhdfc", "Visa card ending 1111", "net banking (HDFC)", for the order's timeline. */
export function describePayment(p: GatewayPayment) {
  const method = METHOD_NAMES[p.method ?? ''] ?? p.method ?? 'online';
  if (p.method === 'card' && p.cardLast4) return `${p.cardNetwork ?? ''} card ending ${p.cardLast4}`.trim();
  if (p.method === 'upi' && p.vpa) return `UPI ${p.vpa}`;
  const via = p.bank ?? p.wallet;
  return via ? `${method} (${via})` : method;
}

export async function applyPayment(tx: Tx, shop: PaymentShop, p: GatewayPayment): Promise<PaymentOutcome> {
  const storeId = shop.id;
  const row = p.orderId ? await repo.paymentByGatewayOrder(tx, p.orderId, true) : null;
  if (!row) return 'UNKNOWN_ORDER';
  if (p.status === 'captured') return captured(tx, shop, row, p);
  if (p.status === 'failed') {
    if (row.paymentStatus !== 'PENDING' && row.paymentStatus !== 'FAILED') return 'IGNORED';
    await repo.markFailed(tx, row, p);
    await insertEvent(tx, {
      storeId,
      orderId: row.orderId,
      status: 'PAYMENT_FAILED',
      note: `${describePayment(p)}: ${p.error ?? 'failed'}`.slice(0, 300),
    });
    return 'FAILED';
  }
  return 'PENDING';
}

async function captured(tx: Tx, shop: PaymentShop, row: repo.OnlinePaymentRow, p: GatewayPayment) {
  if (p.amountPaise !== row.amountPaise) return 'AMOUNT_MISMATCH' as const;
  if (row.gatewayPaymentId === p.id && row.paymentStatus === 'SUCCESS') return 'ALREADY_PAID' as const;
  if (row.orderStatus === 'CANCELLED' && row.paymentStatus !== 'SUCCESS') {
    await repo.noteLatePayment(tx, row, p, 'Paid after the order was cancelled: refund it');
    return 'ORDER_CANCELLED' as const;
  }
  if (row.paymentStatus !== 'PENDING' && row.paymentStatus !== 'FAILED') {
    return row.gatewayPaymentId === p.id ? ('ALREADY_PAID' as const) : ('IGNORED' as const);
  }
  await repo.markPaid(tx, row, p);
  await insertEvent(tx, {
    storeId: shop.id,
    orderId: row.orderId,
    status: 'PAYMENT_RECEIVED',
    note: `${formatPaise(p.amountPaise)} paid online by ${describePayment(p)} (${p.id})`,
  });
  await mailPaymentReceived(tx, shop, row.orderId, p);
  return 'PAID' as const;
}

/** The shopper's "payment received" mail, in the transaction that marked the order paid (so once). */
async function mailPaymentReceived(tx: Tx, shop: PaymentShop, orderId: string, p: GatewayPayment) {
  const order = await findOrder(tx, orderId);
  if (!order?.contactEmail) return;
  const mail = orderUpdateMail({
    kind: 'PAYMENT_RECEIVED',
    to: order.contactEmail,
    shopName: shop.storeName,
    storeId: shop.id,
    order,
    note: describePayment(p),
  });
  await enqueueMail(tx, mail);
}

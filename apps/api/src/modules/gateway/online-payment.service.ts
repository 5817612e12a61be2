import type { OnlinePayment, PaymentResult } from '@haat/contracts';
import { paiseToRupees } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { requireCustomer } from '../cart/index.ts';
import * as repo from './gateway.repository.ts';
import { applyPayment, type PaymentOutcome } from './payment-events.ts';
import { GatewayError, type PaymentProvider } from './provider.ts';
import { openKeys, registerTestAccount } from './registry.ts';
import { restoredProvider } from './test-gateway-restore.ts';

/*
 * A shopper pays a placed order online: the gateway order is made for the amount the server computed when the order
 * was placed (one per order, reused by a retry), and the checkout's signed answer on return is verified, the
 * payment read back from the gateway and applied (payment-events.ts). The order becomes paid only that way or by
 * the signed webhook, whichever comes first.
 */

/** Links the test gateway needs: its page for a gateway order, and where the shop's webhooks are received. */
export interface PayLinks {
  testPage: (gatewayOrderId: string) => string;
  /** The webhook URL the test gateway calls (this server, as it reaches itself). */
  localWebhookUrl: string;
}

/** A gateway's failure as the shopper or merchant sees it: 409 with the reason, never a secret. */
export function gatewayFailure(e: unknown): unknown {
  if (!(e instanceof GatewayError)) return e;
  const reason = e.reason === 'UNREACHABLE' ? 'GATEWAY_UNREACHABLE' : 'GATEWAY_REFUSED';
  return new AppError(409, 'CONFLICT', e.message, { reason });
}

export async function shopProvider(deps: Pick<Deps, 'db' | 'config'>, storeId: string) {
  // The test gateway is told what the shop holds (after a restart) in the same transaction as the row is read.
  const found = await withStore(deps.db, storeId, async (tx) => {
    const row = await repo.findGateway(tx);
    return row ? { row, provider: await restoredProvider(deps, tx, row) } : null;
  });
  if (!found) throw conflict('This shop does not take online payments.', 'NO_GATEWAY');
  return found;
}

export async function startOnlinePayment(
  ctx: ShopContext,
  orderId: string,
  links: PayLinks,
): Promise<OnlinePayment> {
  const { store, deps } = ctx;
  const customerId = requireCustomer(ctx.actor, store);
  const row = await withStore(deps.db, store.id, (tx) => repo.onlinePaymentOf(tx, orderId, customerId));
  if (!row) throw notFound('Order not found');
  const answer = (gatewayOrderId: string, keyId: string, mode: 'LIVE' | 'TEST', paid: boolean) => ({
    provider: 'RAZORPAY' as const,
    key_id: keyId,
    gateway_order_id: gatewayOrderId,
    amount: paiseToRupees(row.amountPaise),
    amount_paise: row.amountPaise,
    currency: 'INR' as const,
    shop_name: store.storeName,
    order_id: row.orderId,
    order_number: `ORD-${row.orderNumber}`,
    test_checkout_url: mode === 'TEST' && !paid ? links.testPage(gatewayOrderId) : null,
    paid,
  });
  const { row: gateway, provider } = await shopProvider(deps, store.id);
  if (gateway.mode === 'TEST')
    await registerTestAccount(deps, openKeys(deps, gateway), links.localWebhookUrl);
  const paid = ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(row.paymentStatus);
  if (row.orderStatus === 'CANCELLED' && !paid)
    throw conflict('This order was cancelled.', 'ORDER_CANCELLED');
  if (row.gatewayOrderId) return answer(row.gatewayOrderId, gateway.keyId, gateway.mode, paid);
  if (paid || row.paymentStatus === 'CANCELLED')
    throw conflict(`This order's payment is ${row.paymentStatus.toLowerCase()} already.`, 'PAYMENT_SETTLED');
  const made = await createGatewayOrder(provider, row, store.id);
  // Two tabs at once: the first gateway order kept wins, the other is never paid.
  const kept = await withStore(deps.db, store.id, async (tx) => {
    await repo.setGatewayOrder(tx, row.id, { gateway: 'RAZORPAY', gatewayOrderId: made });
    return (await repo.onlinePaymentOf(tx, orderId, customerId))?.gatewayOrderId ?? made;
  });
  return answer(kept, gateway.keyId, gateway.mode, false);
}

async function createGatewayOrder(provider: PaymentProvider, row: repo.OnlinePaymentRow, storeId: string) {
  try {
    const order = await provider.createOrder({
      amountPaise: row.amountPaise,
      receipt: `ORD-${row.orderNumber}`,
      notes: { order_id: row.orderId, store_id: storeId },
    });
    if (order.amountPaise !== row.amountPaise)
      throw conflict('The gateway changed the amount.', 'GATEWAY_REFUSED');
    return order.id;
  } catch (e) {
    throw gatewayFailure(e);
  }
}

const RESULT_MESSAGES: Record<PaymentResult['status'], string> = {
  PAID: 'Payment received. Your order is confirmed.',
  PENDING: 'We are waiting for the payment to be confirmed. This page updates when it is.',
  FAILED: 'The payment did not go through. You can try again.',
};

const statusOf = (o: PaymentOutcome, current: string): PaymentResult['status'] => {
  if (o === 'PAID' || o === 'ALREADY_PAID') return 'PAID';
  if (o === 'FAILED') return 'FAILED';
  return current === 'SUCCESS' ? 'PAID' : 'PENDING';
};

/** The shopper is back from the gateway's checkout with its signed answer. */
export async function paymentReturn(
  ctx: ShopContext,
  orderId: string,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<PaymentResult> {
  const { store, deps } = ctx;
  const customerId = requireCustomer(ctx.actor, store);
  const row = await withStore(deps.db, store.id, (tx) => repo.onlinePaymentOf(tx, orderId, customerId));
  if (!row) throw notFound('Order not found');
  if (!row.gatewayOrderId || row.gatewayOrderId !== body.razorpay_order_id) {
    const message = 'This payment is not for this order';
    throw badRequest(message, [{ path: 'razorpay_order_id', message }]);
  }
  const { provider } = await shopProvider(deps, store.id);
  const signed = provider.paymentSignatureOk({
    orderId: row.gatewayOrderId,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!signed) {
    const message = 'The payment signature does not match';
    throw badRequest(message, [{ path: 'razorpay_signature', message }]);
  }
  let outcome: PaymentOutcome = 'PENDING';
  try {
    const payment = await provider.fetchPayment(body.razorpay_payment_id);
    if (payment.orderId !== row.gatewayOrderId) {
      const message = 'This payment is not for this order';
      throw badRequest(message, [{ path: 'razorpay_payment_id', message }]);
    }
    outcome = await withStore(deps.db, store.id, (tx) => applyPayment(tx, store, payment));
  } catch (e) {
    // The gateway could not be asked now: its webhook will settle the payment.
    if (!(e instanceof GatewayError)) throw e;
  }
  const status = statusOf(outcome, row.paymentStatus);
  return { order_id: row.orderId, status, message: RESULT_MESSAGES[status] };
}

/** The payment's state for the shopper's page (after a return answered PENDING). */
export async function paymentStatus(ctx: ShopContext, orderId: string): Promise<PaymentResult> {
  const customerId = requireCustomer(ctx.actor, ctx.store);
  const row = await withStore(ctx.deps.db, ctx.store.id, (tx) =>
    repo.onlinePaymentOf(tx, orderId, customerId),
  );
  if (!row) throw notFound('Order not found');
  const status = row.paymentStatus === 'FAILED' ? 'FAILED' : statusOf('PENDING', row.paymentStatus);
  return { order_id: row.orderId, status, message: RESULT_MESSAGES[status] };
}

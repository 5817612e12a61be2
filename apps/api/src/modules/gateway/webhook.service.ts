import { createHash } from 'node:crypto';
import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findStoreById } from '../stores/index.ts';
import * as repo from './gateway.repository.ts';
import { settleRefund } from './gateway-refunds.ts';
import { applyPayment } from './payment-events.ts';
import { fromRazorpayPayment, fromRazorpayRefund } from './razorpay.ts';
import { providerFor } from './registry.ts';

/*
 * Razorpay's webhook for a shop (docs: Webhooks, "Validate and test webhooks", as of 2026-12): accepted only when
 * X-Razorpay-Signature is the HMAC of the raw body with the shop's webhook secret; each event id (X-Razorpay-Event-Id)
 * is taken into the inbox once, in the same transaction as what it does, so a delivery repeated, late, before the
 * shopper's return or for an order we do not know answers 200 and changes nothing wrongly. Answers what it did.
 */

export interface WebhookDelivery {
  storeId: string;
  raw: string;
  signature: string | undefined;
  eventId: string | undefined;
}

const HANDLED = new Set(['payment.captured', 'payment.failed']);
const REFUNDS = new Set(['refund.processed', 'refund.failed']);

export async function receiveWebhook(deps: Deps, d: WebhookDelivery): Promise<{ outcome: string }> {
  const store = await findStoreById(deps.db, d.storeId);
  const gateway = store ? await withStore(deps.db, store.id, (tx) => repo.findGateway(tx)) : null;
  if (!store || !gateway) throw notFound('No payment gateway is connected here');
  const provider = await providerFor(deps, gateway);
  if (!provider.webhookSignatureOk(d.raw, d.signature)) {
    const message = 'The webhook signature does not match';
    throw badRequest(message, [{ path: 'X-Razorpay-Signature', message }]);
  }
  const event = JSON.parse(d.raw) as { event?: unknown; payload?: Record<string, { entity?: unknown }> };
  const name = typeof event.event === 'string' ? event.event.slice(0, 100) : 'unknown';
  const entityOf = (k: string) => {
    const e = event.payload?.[k]?.entity;
    return e && typeof e === 'object' ? (e as Record<string, unknown>) : null;
  };
  const paymentEntity = entityOf('payment');
  const refundEntity = entityOf('refund');
  const payment = paymentEntity ? fromRazorpayPayment(paymentEntity) : null;
  const refund = refundEntity ? fromRazorpayRefund(refundEntity) : null;
  const eventId = (d.eventId ?? createHash('sha256').update(d.raw).digest('hex')).slice(0, 200);
  return withStore(deps.db, store.id, async (tx) => {
    const fresh = await repo.claimEvent(tx, {
      storeId: store.id,
      eventId,
      event: name,
      gatewayOrderId: payment?.orderId || null,
      paymentId: payment?.id ?? refund?.paymentId ?? null,
    });
    if (!fresh) return { outcome: 'DUPLICATE' };
    const outcome =
      HANDLED.has(name) && payment
        ? await applyPayment(tx, store, payment)
        : REFUNDS.has(name) && refund
          ? await settleRefund(tx, refund)
          : 'IGNORED';
    await repo.setEventOutcome(tx, eventId, outcome);
    return { outcome };
  });
}

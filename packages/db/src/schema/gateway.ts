import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { storeId, ts, updatedAt } from './columns.ts';

/* Online payments through a gateway (issue 44, migration 0063). Tenant tables under forced row-level security. */

/**
 * A shop's payment gateway account: the key id in clear (it is public: the gateway's checkout shows it), the key
 * secret and webhook secret encrypted by the server (AES-256-GCM with GATEWAY_SECRET_KEY) and never sent to a browser.
 * TEST is the built-in test gateway (never in production); LIVE speaks to the provider's API.
 */
export const storeGateways = pgTable('store_gateways', {
  storeId: storeId().primaryKey(),
  provider: text('provider', { enum: ['RAZORPAY'] }).notNull(),
  mode: text('mode', { enum: ['LIVE', 'TEST'] }).notNull(),
  keyId: text('key_id').notNull(),
  keySecretEnc: text('key_secret_enc').notNull(),
  webhookSecretEnc: text('webhook_secret_enc').notNull(),
  /** When the keys last answered a test call. */
  verifiedAt: ts('verified_at').notNull(),
  updatedAt: updatedAt(),
});

/** The gateway's webhooks, one row per event id: a delivery seen before changes nothing (the inbox). */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    storeId: storeId(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** What it did: PAID, FAILED, IGNORED (unknown order, already settled, amount mismatch), … */
    outcome: text('outcome').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'gateway_events_pk', columns: [t.storeId, t.eventId] }),
    index('gateway_events_order_idx').on(t.storeId, t.gatewayOrderId),
  ],
);

import { GATEWAY_MISMATCH_KINDS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { storeId, ts, updatedAt } from './columns.ts';
import { users } from './platform.ts';

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
  /** The last day whose settlements were read and matched (migration 0065). */
  reconciledThrough: date('reconciled_through'),
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

/**
 * What the daily reconciliation found wrong (migrations 0065, 0067): a payment captured at the gateway whose order
 * is not paid, one marked paid that the gateway did not capture, a settled amount that differs from ours, a refund
 * the gateway settled that is not completed here, or one completed here that the gateway has not processed. Once
 * per payment, kind and refund; the merchant marks it resolved with a note.
 */
export const gatewayMismatches = pgTable(
  'gateway_mismatches',
  {
    storeId: storeId(),
    id: uuid('id').notNull().defaultRandom(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    kind: text('kind', { enum: GATEWAY_MISMATCH_KINDS }).notNull(),
    /** For a refund's mismatch, the gateway's refund id. */
    gatewayRefundId: text('gateway_refund_id'),
    orderId: uuid('order_id'),
    gatewayAmountPaise: integer('gateway_amount_paise'),
    ourAmountPaise: integer('our_amount_paise'),
    settlementId: text('settlement_id'),
    foundAt: ts('found_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedNote: text('resolved_note'),
  },
  (t) => [
    primaryKey({ name: 'gateway_mismatches_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('gateway_mismatches_once').on(
      t.storeId,
      t.gatewayPaymentId,
      t.kind,
      sql`(coalesce(${t.gatewayRefundId}, ''))`,
    ),
    index('gateway_mismatches_found_idx').on(t.storeId, t.foundAt),
    check(
      'gateway_mismatches_kind',
      sql`${t.kind} IN ('CAPTURED_NOT_PAID', 'PAID_NOT_CAPTURED', 'AMOUNT_DIFFERS', 'REFUND_NOT_RECORDED', 'REFUND_NOT_PROCESSED')`,
    ),
    check('gateway_mismatches_resolved', sql`(${t.resolvedAt} IS NULL) = (${t.resolvedNote} IS NULL)`),
  ],
);

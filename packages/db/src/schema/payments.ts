import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './platform.ts';

/*
 * Payments (migration 0021): tax documents and refunds. Tenant tables with row-level security forced, store_id
 * leading every key.
 */

/** The last number given in each of a shop's document series per financial year (INV, BOS, CN). */
export const documentCounters = pgTable(
  'document_counters',
  {
    storeId: storeId(),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.series, t.fy] })],
);

/** An issued invoice, bill of supply or credit note: a snapshot that later edits never change. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: ['INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE'] }).notNull(),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    /** A credit note's invoice. */
    againstId: uuid('against_id'),
    refundId: uuid('refund_id'),
    totalPaise: integer('total_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    /** What the e-invoice portal returned for a B2B invoice (migration 0048), entered by the merchant. */
    irn: text('irn'),
    irnAckNo: text('irn_ack_no'),
    irnAckAt: ts('irn_ack_at'),
    signedQr: text('signed_qr'),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('tax_documents_series_uq').on(t.storeId, t.series, t.fy, t.seq),
    uniqueIndex('tax_documents_number_uq').on(t.storeId, t.number),
    uniqueIndex('tax_documents_one_invoice').on(t.storeId, t.orderId).where(sql`kind <> 'CREDIT_NOTE'`),
    index('tax_documents_order_idx').on(t.storeId, t.orderId),
    index('tax_documents_issued_idx').on(t.storeId, t.issuedAt),
    uniqueIndex('tax_documents_irn_uq').on(t.storeId, t.irn).where(sql`irn is not null`),
  ],
);

/** Money given back on an order, how, and which lines went back to stock. */
export const refunds = pgTable(
  'refunds',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /** GATEWAY: refunded through the payment gateway (migration 0063). */
    method: text('method', { enum: ['CASH', 'UPI', 'CARD', 'BANK', 'GATEWAY'] }).notNull(),
    reference: text('reference'),
    restocked: jsonb('restocked').$type<{ product_id: string; quantity: number }[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The register whose drawer paid a cash refund (migration 0050). */
    registerSessionId: uuid('register_session_id'),
    /** A gateway refund is PENDING until the gateway says it is processed (refund.processed); others COMPLETED. */
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('COMPLETED'),
    gatewayRefundId: text('gateway_refund_id'),
    /** The gateway's settlement the refund was debited in (reconciliation, migration 0067). */
    settlementId: text('settlement_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    index('refunds_order_idx').on(t.storeId, t.orderId, t.createdAt),
    uniqueIndex('refunds_gateway_uq')
      .on(t.storeId, t.gatewayRefundId)
      .where(sql`gateway_refund_id IS NOT NULL`),
  ],
);

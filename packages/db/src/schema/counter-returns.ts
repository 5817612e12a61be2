import { sql } from 'drizzle-orm';
import {
  check,
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
import { createdAt, id, storeId } from './columns.ts';
import { orders } from './orders.ts';
import { refunds, taxDocuments } from './payments.ts';
import { users } from './platform.ts';
import { registerSessions } from './whole-shop.ts';

/** A line of a counter return: the units of one sale line that came back, and their value (paise). */
export interface CounterReturnLine {
  item_id: string;
  product_id: string;
  variant_id: string | null;
  name: string;
  quantity: number;
  value_paise: number;
}

/**
 * Returns at the counter (issue 38, migration 0052): the sale returned against, the units back, the value, how it
 * was settled (refund by cash, UPI or card; the customer's khata; an exchange for a new counter sale), the refund
 * and credit note made, and the Idempotency-Key that makes a resent return the same return.
 */
export const counterReturns = pgTable(
  'counter_returns',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: ['REFUND', 'EXCHANGE'] }).notNull(),
    method: text('method', { enum: ['CASH', 'UPI', 'CARD', 'KHATA'] }).notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CounterReturnLine[]>().notNull().default([]),
    returnedPaise: integer('returned_paise').notNull().default(0),
    /** An exchange's new counter sale, and what the customer paid (+) or was paid back (-) on top. */
    exchangeOrderId: uuid('exchange_order_id'),
    differencePaise: integer('difference_paise').notNull().default(0),
    refundId: uuid('refund_id'),
    creditNoteId: uuid('credit_note_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    registerSessionId: uuid('register_session_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.storeId, t.exchangeOrderId], foreignColumns: [orders.storeId, orders.id] }),
    foreignKey({ columns: [t.storeId, t.refundId], foreignColumns: [refunds.storeId, refunds.id] }),
    foreignKey({
      columns: [t.storeId, t.creditNoteId],
      foreignColumns: [taxDocuments.storeId, taxDocuments.id],
    }),
    foreignKey({
      columns: [t.storeId, t.registerSessionId],
      foreignColumns: [registerSessions.storeId, registerSessions.id],
    }),
    uniqueIndex('counter_returns_key_uq').on(t.storeId, t.idempotencyKey),
    index('counter_returns_order_idx').on(t.storeId, t.orderId, t.createdAt),
    index('counter_returns_created_idx').on(t.storeId, t.createdAt),
    check('counter_returns_amount', sql`${t.returnedPaise} >= 0`),
  ],
);

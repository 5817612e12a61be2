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
import { createdAt, id, storeId, ts } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './platform.ts';

/*
 * Requests about orders: a place-order or counter sale's idempotency key (a retry answers with the first order), and
 * a customer's request to return or exchange a delivered order's lines. Tenant tables like orders.ts's.
 */

/**
 * Idempotency keys of place-order requests and counter sales: a retry answers with the first order. An online
 * order's key is its customer's; a counter sale's is the shop's, whoever sends it (migration 0046).
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    storeId: storeId(),
    /** The customer placing the order, or the person who made the counter sale. */
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id'),
    channel: text('channel', { enum: ['ONLINE', 'POS'] })
      .notNull()
      .default('ONLINE'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.customerId, t.key] }),
    uniqueIndex('order_requests_pos_key_uq').on(t.storeId, t.key).where(sql`channel = 'POS'`),
    check('order_requests_channel', sql`${t.channel} in ('ONLINE', 'POS')`),
  ],
);

/** A line of a return request (migration 0056). */
export interface ReturnRequestLine {
  item_id: string;
  quantity: number;
  status: 'REQUESTED' | 'ACCEPTED' | 'REJECTED';
  /** This line's share of what was paid for these units. */
  amount_paise: number;
}

/** A customer's request to return a delivered order, for the vendor to act on. */
export const returnRequests = pgTable(
  'return_requests',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED'] })
      .notNull()
      .default('REQUESTED'),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why the shop declined (or a note on accepting), shown to the customer. */
    decisionNote: text('decision_note'),
    /** Money back (RETURN) or the same again (EXCHANGE), migration 0056. */
    kind: text('kind', { enum: ['RETURN', 'EXCHANGE'] })
      .notNull()
      .default('RETURN'),
    /** The lines and units asked for, each with the shop's answer; empty: a whole-order request from before 0056. */
    lines: jsonb('lines').$type<ReturnRequestLine[]>().notNull().default([]),
    /** What is due back for the accepted units (each line's share of what was paid). */
    refundPaise: integer('refund_paise').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('return_requests_order_uq').on(t.storeId, t.orderId),
    index('return_requests_open_idx').on(t.storeId, t.orderId).where(sql`status = 'REQUESTED'`),
  ],
);

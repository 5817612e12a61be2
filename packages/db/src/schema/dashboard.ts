import { bigint, date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { stores } from './platform.ts';

/**
 * The dashboard's incrementally kept aggregates: one row per shop and day (in India time) of the orders placed
 * that day. Triggers on orders and order_items keep it in step in the same transaction as every order write
 * (migrations/0011_dashboard_stats.sql), so the dashboard reads at most a few hundred rows however many orders a
 * shop has. "Counted" orders are those not cancelled or returned: they make revenue and profit.
 */
export const orderDayStats = pgTable(
  'order_day_stats',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Every order placed that day, whatever its status now. */
    orders: integer('orders').notNull().default(0),
    countedOrders: integer('counted_orders').notNull().default(0),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
    /** Orders that reached the customer (delivered, or delivered and then returned). */
    deliveredOrders: integer('delivered_orders').notNull().default(0),
    returnedOrders: integer('returned_orders').notNull().default(0),
    /** Over the lines of counted orders that have a cost price: (price − cost) × quantity less the line's share of the coupon discount. */
    profitPaise: numeric('profit_paise', { precision: 20, scale: 4, mode: 'number' }).notNull().default(0),
    /** The same lines' revenue (after their discount share), for the margin. */
    costedRevenuePaise: numeric('costed_revenue_paise', { precision: 20, scale: 4, mode: 'number' })
      .notNull()
      .default(0),
    /** Lines of counted orders without a cost price (left out of profit). */
    linesWithoutCost: integer('lines_without_cost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);

/**
 * Order Management's stat cards: per shop, India-time day and status, the number of orders placed that day now in
 * that status and the sum of their totals. Kept by statement triggers on orders in the same transaction as every
 * write (migrations/0023_order_status_day_stats.sql), so the 7 cards of any range of days read a few hundred rows.
 */
export const orderStatusDayStats = pgTable(
  'order_status_day_stats',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull().default(0),
    /** The counter's (POS) share of total_paise, and the discounts of those orders (migration 0054). */
    counterTotalPaise: bigint('counter_total_paise', { mode: 'number' }).notNull().default(0),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.status] })],
);

/**
 * Transaction Management's stat cards and the count of its list: per shop, India-time day, payment status and
 * mode, the number of payments made that day now in that state, the sum of their amounts and of what was refunded
 * of them. Kept by statement triggers on payment_transactions in the same transaction as every write
 * (migrations/0029_payment_day_stats.sql).
 */
export const paymentDayStats = pgTable(
  'payment_day_stats',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMode: text('payment_mode').notNull(),
    payments: integer('payments').notNull().default(0),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'payment_day_stats_pk', columns: [t.storeId, t.day, t.paymentStatus, t.paymentMode] }),
  ],
);

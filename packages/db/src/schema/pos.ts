import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';
import { stores } from './platform.ts';

/* The point of sale's own table (migration 0031, under forced row-level security like every tenant table). */
/** Customers billed at a shop's counter, found again by phone (02 §3 POS customer; migration 0031). */
export const posCustomers = pgTable(
  'pos_customers',
  {
    storeId: storeId(),
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    address: text('address'),
    gstNumber: text('gst_number'),
    visits: integer('visits').notNull().default(0),
    lastVisitAt: ts('last_visit_at'),
    /** Khata (migration 0050): the most this customer may owe; null: no sales on credit. */
    creditLimitPaise: integer('credit_limit_paise'),
    /** What the customer owes the shop (negative: an advance), kept with each khata entry. */
    balancePaise: integer('balance_paise').notNull().default(0),
    /** The platform account of an online customer matched to this counter customer by phone. */
    userId: uuid('user_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** What the list's search reads (migration 0070): kept by PostgreSQL, also in the recency index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name) || ' ' || phone`),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('pos_customers_phone_uq').on(t.storeId, t.phone),
  ],
);

/** How many customers a shop's book holds, kept by triggers on pos_customers (migration 0057): the list's count. */
export const customerBookCounts = pgTable('customer_book_counts', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  customers: bigint('customers', { mode: 'number' }).notNull().default(0),
});

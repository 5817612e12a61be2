import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';

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
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('pos_customers_phone_uq').on(t.storeId, t.phone),
  ],
);

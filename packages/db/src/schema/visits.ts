import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { stores } from './platform.ts';

/**
 * Storefront visits per shop and day in India time (decision 0010): one count per page load of the storefront,
 * sent by the page itself, bots left out by their user agent; no cookies and nothing about the visitor is kept.
 * The dashboard's Conversion Rate is orders per visit over a period.
 */
export const storeVisitDays = pgTable(
  'store_visit_days',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);

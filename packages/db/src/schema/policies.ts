import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './platform.ts';

/**
 * A shop's own wording of a policy page (privacy, terms, refund, shipping, returns). Without a row the page shows
 * the platform's template filled with the shop's name and contacts; "Reset to template" deletes the row.
 */
export const storePolicies = pgTable(
  'store_policies',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['privacy', 'terms', 'refund', 'shipping', 'returns'] }).notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] })],
);

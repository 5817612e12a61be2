import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './platform.ts';

/**
 * A shop's own wording of a WhatsApp message about orders (migration 0037). Without a row the kind's default text
 * from `@haat/contracts` is used; saving an empty text deletes the row.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['ORDER_CONFIRMATION', 'DISPATCH', 'DELIVERY', 'PAYMENT_REMINDER'],
    }).notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] })],
);

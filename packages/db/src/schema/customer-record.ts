import { boolean, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { storeId, updatedAt } from './columns.ts';
import { users } from './platform.ts';

/*
 * What a shop decides about one of its customers (issue 19, migration 0036), under forced row-level security
 * like every tenant table.
 */

/** A shop's flags on one customer: "Require prepayment (UPI)" hides cash on delivery at checkout for them. */
export const shopCustomerFlags = pgTable(
  'shop_customer_flags',
  {
    storeId: storeId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requirePrepayment: boolean('require_prepayment').notNull().default(false),
    updatedAt: updatedAt(),
    /** The staff member who last changed the flags; null once their account is gone. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.customerId] })],
);

import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';
import { confirmation, users } from './platform.ts';
import { deals, products, productVariants } from './tenant.ts';

/* The shop's sign-up lists (modules/engagement): Notify Me on a sale and the storefront's newsletter. Tenant tables
   under forced row-level security like the rest (migrations 0007 and 0025). */

/** Notify Me on an upcoming sale: mailed once when the sale starts. */
export const saleSubscriptions = pgTable(
  'sale_subscriptions',
  {
    storeId: storeId(),
    id: id(),
    dealId: uuid('deal_id').notNull(),
    email: text('email').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    notifiedAt: ts('notified_at'),
    ...confirmation(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.dealId], foreignColumns: [deals.storeId, deals.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('sale_subscriptions_uq').on(t.storeId, t.dealId, t.email),
    index('sale_subscriptions_due_idx').on(t.storeId).where(sql`${t.notifiedAt} is null`),
  ],
);

/** A shop's own newsletter list (the storefront footer). */
export const shopNewsletterSubscriptions = pgTable(
  'shop_newsletter_subscriptions',
  {
    storeId: storeId(),
    email: text('email').notNull(),
    ...confirmation(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.email] })],
);

/** Back-in-stock alerts (migration 0058): mailed once when the variant has stock again. */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    storeId: storeId(),
    id: id(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    email: text('email').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    notifiedAt: ts('notified_at'),
    ...confirmation(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.storeId, t.variantId],
      foreignColumns: [productVariants.storeId, productVariants.id],
    }).onDelete('cascade'),
    uniqueIndex('stock_alerts_uq').on(t.storeId, t.variantId, t.email),
  ],
);

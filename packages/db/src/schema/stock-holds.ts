import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';
import { users } from './platform.ts';
import { products, productVariants } from './tenant.ts';

/**
 * Units of a variant a shopper holds while checking out (migration 0060, decision 0030): until `expiresAt`, other
 * shoppers see the stock without them and cannot order them. Nothing ends a hold but the clock (queries compare
 * `expiresAt` with now), an order, or a change of the shopper's cart. One row per shopper and variant.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    storeId: storeId(),
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id], name: 'stock_holds_pk' }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
      name: 'stock_holds_product_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.storeId, t.variantId],
      foreignColumns: [productVariants.storeId, productVariants.id],
      name: 'stock_holds_variant_fk',
    }).onDelete('cascade'),
    uniqueIndex('stock_holds_uq').on(t.storeId, t.customerId, t.variantId),
    index('stock_holds_variant_idx').on(t.storeId, t.variantId, t.expiresAt),
    index('stock_holds_product_idx').on(t.storeId, t.productId, t.expiresAt),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

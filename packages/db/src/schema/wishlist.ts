import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, storeId } from './columns.ts';
import { users } from './platform.ts';
import { products, productVariants } from './tenant.ts';

/**
 * A shopper's saved product at one shop (migration 0059, issue 40): the shop's customer row, the product, the
 * variant chosen if any, and the price to pay when it was saved. One row per product; the wishlist page reads every
 * linked shop's rows shop by shop under that shop's row-level security (decision 0029).
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    storeId: storeId(),
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    priceAtSavePaise: integer('price_at_save_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id], name: 'wishlist_items_pk' }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
      name: 'wishlist_items_product_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.storeId, t.variantId],
      foreignColumns: [productVariants.storeId, productVariants.id],
      name: 'wishlist_items_variant_fk',
    }).onDelete('cascade'),
    uniqueIndex('wishlist_items_uq').on(t.storeId, t.customerId, t.productId),
    check('wishlist_items_price_nonneg', sql`${t.priceAtSavePaise} >= 0`),
  ],
);

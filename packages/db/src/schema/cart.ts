import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './platform.ts';
import { products, productVariants, stores } from './tenant-refs.ts';

/** A customer's cart line at one shop; one line per variant, its quantity never above stock when added. */
export const cartItems = pgTable(
  'cart_items',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    /**
     * The variant in the cart. Left out, a trigger fills in the product's default variant (a product without
     * options), so the type marks it optional.
     */
    variantId: uuid('variant_id').notNull().default(sql`null`),
    quantity: integer('quantity').notNull(),
    isSelected: boolean('is_selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
      name: 'cart_items_variant_fk',
    }).onDelete('cascade'),
    uniqueIndex('cart_items_line_uq').on(t.storeId, t.customerId, t.variantId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A shop's coupon codes: percentage or fixed, minimum order, validity window, usage limit. */
export const coupons = pgTable(
  'coupons',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['PERCENT', 'FIXED'] }).notNull(),
    /** Percent (1-90) for PERCENT, paise for FIXED. */
    value: integer('value').notNull(),
    /** Cap on a percentage discount, in paise. */
    maxDiscountPaise: integer('max_discount_paise'),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('coupons_code_uq').on(t.storeId, sql`upper(${t.code})`),
    check('coupons_kind_valid', sql`${t.kind} in ('PERCENT','FIXED')`),
    check('coupons_value_valid', sql`${t.value} > 0 and (${t.kind} <> 'PERCENT' or ${t.value} <= 90)`),
    check('coupons_usage_valid', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/** The coupon a customer applied to their cart at a shop (one per order). */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.customerId] }),
    foreignKey({ columns: [t.storeId, t.couponId], foreignColumns: [coupons.storeId, coupons.id] }).onDelete(
      'cascade',
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { suppliers } from './backoffice.ts';
import { createdAt, id, storeId, updatedAt } from './columns.ts';
import { users } from './platform.ts';

/*
 * Tenant tables. Every row carries store_id; it leads every primary key and index, and every reference
 * between tenant tables includes it, so no row can point into another shop. Row-level security is
 * enabled and forced on each of these (see migrations/0001_tenancy.sql).
 */

export const storeLocations = pgTable('store_locations', {
  storeId: storeId().primaryKey(),
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  city: text('city'),
  state: text('state'),
  country: text('country').default('India'),
  postalCode: text('postal_code'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  updatedAt: updatedAt(),
});

export const storeContacts = pgTable(
  'store_contacts',
  {
    storeId: storeId(),
    id: id(),
    contactType: text('contact_type', { enum: ['Primary', 'WhatsApp', 'Support', 'Orders'] }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

export const storeSettings = pgTable('store_settings', {
  storeId: storeId().primaryKey(),
  currency: text('currency').notNull().default('INR'),
  paymentMethods: text('payment_methods').array().notNull().default(sql`'{COD}'::text[]`),
  upiId: text('upi_id'),
  returnDays: smallint('return_days'),
  warrantyText: text('warranty_text'),
  secureCheckoutNote: boolean('secure_checkout_note').notNull().default(true),
  freeReturnsNote: boolean('free_returns_note').notNull().default(false),
  /** GST registration: with a GSTIN the shop issues tax invoices, without one a bill of supply. */
  gstin: text('gstin'),
  legalName: text('legal_name'),
  /** Cash on delivery rules (migration 0035, decision 0015): the order value COD is offered for (null: no limit). */
  codMinPaise: integer('cod_min_paise'),
  codMaxPaise: integer('cod_max_paise'),
  /** PIN codes and whole states where COD is not offered. */
  codBlockedPins: text('cod_blocked_pins').array().notNull().default(sql`'{}'::text[]`),
  codBlockedStates: text('cod_blocked_states').array().notNull().default(sql`'{}'::text[]`),
  /** Added to a COD order as its own line, taxed like shipping. */
  codFeePaise: integer('cod_fee_paise').notNull().default(0),
  /** COD orders of this value or more wait for the customer's confirmation (0: every one; null: none). */
  codConfirmAbovePaise: integer('cod_confirm_above_paise'),
  /** How long an unconfirmed COD order waits before it cancels itself. */
  codConfirmHours: smallint('cod_confirm_hours').notNull().default(24),
  updatedAt: updatedAt(),
});

export const storeSections = pgTable(
  'store_sections',
  {
    storeId: storeId(),
    name: text('name', { enum: ['banner', 'featured', 'deals', 'sales', 'filter', 'footer'] }).notNull(),
    position: smallint('position').notNull(),
    config: jsonb('config').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.name] })],
);

export const productCategories = pgTable(
  'product_categories',
  {
    storeId: storeId(),
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('product_categories_name_uq').on(t.storeId, sql`lower(${t.name})`),
  ],
);

export const productSubCategories = pgTable(
  'product_sub_categories',
  {
    storeId: storeId(),
    id: id(),
    categoryId: uuid('category_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.categoryId],
      foreignColumns: [productCategories.storeId, productCategories.id],
    }).onDelete('cascade'),
    uniqueIndex('product_sub_categories_name_uq').on(t.storeId, t.categoryId, sql`lower(${t.name})`),
  ],
);

export const products = pgTable(
  'products',
  {
    storeId: storeId(),
    id: id(),
    slug: text('slug').notNull(),
    name: text('product_name').notNull(),
    description: text('product_description'),
    sku: text('sku'),
    pricePaise: integer('price_paise').notNull(),
    salePricePaise: integer('sale_price_paise'),
    costPaise: integer('cost_paise'),
    quantity: integer('quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** What the shelf holds, and the stock at which to buy more (migration 0053); null when not set. */
    maxStock: integer('max_stock'),
    reorderPoint: integer('reorder_point'),
    /** The shop's own words for the product, at most 10. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    freeShipping: boolean('free_shipping').notNull().default(false),
    shippingChargePaise: integer('shipping_charge_paise').notNull().default(4000),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(18),
    barcode: text('barcode'),
    serialNo: text('product_serial_no'),
    unit: text('unit').notNull().default('Piece'),
    brand: text('brand'),
    color: text('color'),
    warranty: text('warranty'),
    location: text('location'),
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    dimensions: text('dimensions'),
    hsnCode: text('hsn_code'),
    supplierId: uuid('supplier_id'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    categoryId: uuid('category_id'),
    subCategoryId: uuid('sub_category_id'),
    isFeatured: boolean('is_featured').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'ARCHIVED'] })
      .notNull()
      .default('ACTIVE'),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    /** Up to 3 options (Size, Colour, Weight) with their values; empty for a product with one default variant. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /** The highest price a shopper pays for one of the variants, when it is above the lowest (a price range). */
    priceMaxPaise: integer('price_max_paise'),
    /** How many of the product's variants are at or below their own low-stock threshold. */
    lowVariants: integer('low_variants').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The inventory's stock filter as one column: 0 out of stock, 1 low (at or below the product's own threshold,
     * or one of its variants at or below its own), 2 in stock. Stored, so the inventory's indexes can carry it
     * (migrations/0014_inventory_counts.sql, 0022_product_variants.sql).
     */
    stockState: smallint('stock_state').generatedAlwaysAs(
      sql`case when quantity <= 0 then 0 when quantity <= low_stock_threshold or low_variants > 0 then 1 else 2 end`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.categoryId],
      foreignColumns: [productCategories.storeId, productCategories.id],
    }),
    foreignKey({
      columns: [t.storeId, t.subCategoryId],
      foreignColumns: [productSubCategories.storeId, productSubCategories.id],
    }),
    foreignKey({
      columns: [t.storeId, t.supplierId],
      foreignColumns: [suppliers.storeId, suppliers.id],
    }),
    uniqueIndex('products_slug_uq').on(t.storeId, t.slug),
    uniqueIndex('products_sku_uq').on(t.storeId, t.sku),
    index('products_listing_idx').on(t.storeId, t.status, t.createdAt),
    // The inventory's sort orders (updated, name, price, stock, SKU) have covering indexes with INCLUDE columns,
    // written in migrations/0014_inventory_counts.sql (Drizzle cannot declare INCLUDE).
    index('products_barcode_idx').on(t.storeId, t.barcode),
    check('products_hsn_valid', sql`${t.hsnCode} is null or ${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    // The inventory's warning: active products without a valid HSN code (migration 0049).
    index('products_missing_hsn_idx')
      .on(t.storeId)
      .where(sql`status = 'ACTIVE' and (hsn_code is null or hsn_code !~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$')`),
    index('products_category_idx').on(t.storeId, t.categoryId),
    index('products_featured_idx').on(t.storeId, t.isFeatured),
    // Stock may go below zero only by a sale made offline (migration 0066, decision 0034).
    check('products_price_nonnegative', sql`${t.pricePaise} >= 0`),
    check(
      'products_sale_price_valid',
      sql`${t.salePricePaise} is null or (${t.salePricePaise} >= 0 and ${t.salePricePaise} <= ${t.pricePaise})`,
    ),
    check('products_images_max', sql`cardinality(${t.images}) <= 5`),
    check('products_tax_range', sql`${t.taxPercent} >= 0 and ${t.taxPercent} <= 100`),
  ],
);

/** One option of a product and its values, in the order the shop shows them. */
export interface ProductOption {
  name: string;
  values: string[];
}

/**
 * What is sold and stocked: one combination of a product's option values with its own SKU, barcode, price, cost,
 * stock, threshold and image. A product without options has one default variant (no option values) that mirrors
 * the product; a product with options holds its variants' rollup, kept by triggers (0022_product_variants.sql).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    storeId: storeId(),
    id: id(),
    productId: uuid('product_id').notNull(),
    optionValues: text('option_values').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    sku: text('sku'),
    barcode: text('barcode'),
    pricePaise: integer('price_paise').notNull(),
    salePricePaise: integer('sale_price_paise'),
    costPaise: integer('cost_paise'),
    quantity: integer('quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    image: text('image'),
    /** The variant's own HSN code (migration 0049); null: the product's. */
    hsnCode: text('hsn_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id], name: 'product_variants_pk' }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
      name: 'product_variants_product_fk',
    }).onDelete('cascade'),
    uniqueIndex('product_variants_combination_uq').on(t.storeId, t.productId, t.optionValues),
    uniqueIndex('product_variants_sku_uq').on(t.storeId, t.sku),
    index('product_variants_barcode_idx').on(t.storeId, t.barcode),
    check(
      'product_variants_hsn_valid',
      sql`${t.hsnCode} is null or ${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`,
    ),
    check('product_variants_price_nonnegative', sql`${t.pricePaise} >= 0`),
  ],
);

/**
 * How many products a shop has per status, category and stock state, kept exact by triggers on products in the
 * same transaction as every write (migrations/0014_inventory_counts.sql): the inventory's total without a search
 * and its stats tiles read a few of these rows instead of counting every product.
 */
export const productStockCounts = pgTable(
  'product_stock_counts',
  {
    storeId: storeId(),
    status: text('status', { enum: ['ACTIVE', 'ARCHIVED'] }).notNull(),
    /** Null for products without a category. */
    categoryId: uuid('category_id'),
    stockState: smallint('stock_state').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [
    unique('product_stock_counts_key').on(t.storeId, t.status, t.categoryId, t.stockState).nullsNotDistinct(),
  ],
);

export const deals = pgTable(
  'deals',
  {
    storeId: storeId(),
    id: id(),
    productId: uuid('product_id').notNull(),
    title: text('title').notNull(),
    dealPricePaise: integer('deal_price_paise').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete('cascade'),
    index('deals_window_idx').on(t.storeId, t.endsAt, t.startsAt),
    check('deals_window_valid', sql`${t.endsAt} > ${t.startsAt}`),
    check('deals_price_nonnegative', sql`${t.dealPricePaise} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    storeId: storeId(),
    id: id(),
    productId: uuid('product_id').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    description: text('description'),
    isVerifiedCustomer: boolean('is_verified_customer').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete('cascade'),
    index('reviews_product_idx').on(t.storeId, t.productId, t.createdAt),
    uniqueIndex('reviews_one_per_customer')
      .on(t.storeId, t.productId, t.customerId)
      .where(sql`${t.customerId} is not null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

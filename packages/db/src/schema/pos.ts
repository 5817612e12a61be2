import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';
import { orders } from './orders.ts';
import { stores } from './platform.ts';

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
    /** Khata (migration 0050): the most this customer may owe; null: no sales on credit. */
    creditLimitPaise: integer('credit_limit_paise'),
    /** What the customer owes the shop (negative: an advance), kept with each khata entry. */
    balancePaise: integer('balance_paise').notNull().default(0),
    /** The platform account of an online customer matched to this counter customer by phone. */
    userId: uuid('user_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** What the list's search reads (migration 0070): kept by PostgreSQL, also in the recency index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name) || ' ' || phone`),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('pos_customers_phone_uq').on(t.storeId, t.phone),
  ],
);

/** How many customers a shop's book holds, kept by triggers on pos_customers (migration 0057): the list's count. */
export const customerBookCounts = pgTable('customer_book_counts', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  customers: bigint('customers', { mode: 'number' }).notNull().default(0),
});

/* The counter offline (issue 43, migration 0066, decision 0034). */

/** A device registered as a counter of the shop: its number names its receipt series for offline sales (I01, B01). */
export const posCounters = pgTable(
  'pos_counters',
  {
    storeId: storeId(),
    id: id(),
    number: smallint('number').notNull(),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    offlineSales: integer('offline_sales').notNull().default(0),
    lastSyncAt: ts('last_sync_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id], name: 'pos_counters_pk' }),
    unique('pos_counters_number_uq').on(t.storeId, t.number),
    check('pos_counters_number', sql`${t.number} between 1 and 99`),
  ],
);

/** One number of a counter's series taken: the sale synced with it, or voided (with why). */
export interface OfflineReceiptLine {
  variant_id: string;
  quantity: number;
  /** The price the device showed and the customer paid. */
  shown_paise: number;
  /** The shop's price when the sale reached the server. */
  list_paise: number;
}
export const posOfflineReceipts = pgTable(
  'pos_offline_receipts',
  {
    storeId: storeId(),
    counterId: uuid('counter_id').notNull(),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    seq: integer('seq').notNull(),
    orderId: uuid('order_id'),
    soldAt: ts('sold_at').notNull(),
    voidReason: text('void_reason'),
    lines: jsonb('lines').$type<OfflineReceiptLine[]>().notNull().default([]),
    actorId: uuid('actor_id'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.series, t.fy, t.seq], name: 'pos_offline_receipts_pk' }),
    foreignKey({
      columns: [t.storeId, t.counterId],
      foreignColumns: [posCounters.storeId, posCounters.id],
      name: 'pos_offline_receipts_counter_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
      name: 'pos_offline_receipts_order_fk',
    }).onDelete('cascade'),
    uniqueIndex('pos_offline_receipts_order_uq').on(t.storeId, t.orderId).where(sql`order_id is not null`),
    check('pos_offline_receipts_sale_or_void', sql`(order_id is null) <> (void_reason is null)`),
  ],
);

/** A line of an offline sale that took the stock below zero, until the owner resolves it. */
export const posStockConflicts = pgTable(
  'pos_stock_conflicts',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    counterId: uuid('counter_id'),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantitySold: integer('quantity_sold').notNull(),
    stockAfter: integer('stock_after').notNull(),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
    resolution: text('resolution', { enum: ['COUNTED', 'ACCEPTED'] }),
    resolvedBy: uuid('resolved_by'),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id], name: 'pos_stock_conflicts_pk' }),
    foreignKey({
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
      name: 'pos_stock_conflicts_order_fk',
    }).onDelete('cascade'),
    index('pos_stock_conflicts_list_idx').on(t.storeId, t.createdAt),
  ],
);

/** Variants deleted, for a counter's catalogue refresh (written by a trigger on product_variants). */
export const posCatalogueRemovals = pgTable(
  'pos_catalogue_removals',
  {
    storeId: storeId(),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    removedAt: ts('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.removedAt, t.variantId], name: 'pos_catalogue_removals_pk' })],
);

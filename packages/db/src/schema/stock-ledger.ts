import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, storeId } from './columns.ts';
import { users } from './platform.ts';
import { products } from './tenant.ts';

/** Every change of a product's stock, signed, with the stock after it: the product's History tab. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    storeId: storeId(),
    id: id(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', {
      enum: ['INITIAL', 'ADJUSTMENT', 'SALE', 'CANCELLATION', 'RETURN', 'IMPORT', 'PURCHASE'],
    }).notNull(),
    note: text('note'),
    orderId: uuid('order_id'),
    /** The goods receipt a PURCHASE row came from (migration 0050). */
    goodsReceiptId: uuid('goods_receipt_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete('cascade'),
    index('stock_ledger_product_idx').on(t.storeId, t.productId, t.createdAt),
    /** The dashboard's Recent Activity reads only these rows (adjustments, returns, sales that sold out). */
    index('stock_ledger_activity_idx')
      .on(t.storeId, t.createdAt)
      .where(sql`reason in ('ADJUSTMENT', 'RETURN') or (reason = 'SALE' and quantity_after = 0)`),
  ],
);

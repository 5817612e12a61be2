import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { suppliers } from './backoffice.ts';
import { createdAt, id, storeId, ts, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './platform.ts';
import { posCustomers } from './pos.ts';
import { products } from './tenant.ts';

/*
 * The whole shop (issue 38, migration 0050): buying stock, the day at the counter, customers on credit (khata) and
 * expenses. Tenant tables under forced row-level security like every other; money in paise.
 */

const actor = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });
const gstRate = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' }).notNull();

/** Per-shop number series that are not tax documents: PO-1001, GRN-1001. */
export const shopCounters = pgTable(
  'shop_counters',
  {
    storeId: storeId(),
    kind: text('kind', { enum: ['PURCHASE_ORDER', 'GOODS_RECEIPT'] }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] })],
);

export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'SENT', 'PARTIAL', 'RECEIVED', 'CANCELLED'] as const;

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    storeId: storeId(),
    id: id(),
    number: integer('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('DRAFT'),
    expectedOn: date('expected_on'),
    note: text('note'),
    /** Cost without GST, the GST on it, and their sum, from the lines. */
    taxablePaise: integer('taxable_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull().default(0),
    sentAt: ts('sent_at'),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.supplierId], foreignColumns: [suppliers.storeId, suppliers.id] }),
    uniqueIndex('purchase_orders_number_uq').on(t.storeId, t.number),
    index('purchase_orders_created_idx').on(t.storeId, t.createdAt),
    index('purchase_orders_supplier_idx').on(t.storeId, t.supplierId, t.createdAt),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    storeId: storeId(),
    id: id(),
    purchaseOrderId: uuid('purchase_order_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    name: text('name').notNull(),
    variantLabel: text('variant_label'),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    /** Cost per unit without GST, and the GST rate charged on it (an input tax credit). */
    unitCostPaise: integer('unit_cost_paise').notNull(),
    taxPercent: gstRate('tax_percent'),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.purchaseOrderId],
      foreignColumns: [purchaseOrders.storeId, purchaseOrders.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }),
    index('purchase_order_lines_order_idx').on(t.storeId, t.purchaseOrderId, t.position),
    index('purchase_order_lines_product_idx').on(t.storeId, t.productId),
    check('purchase_order_lines_quantity', sql`${t.quantity} > 0 and ${t.receivedQuantity} >= 0`),
  ],
);

/** Stock that arrived, with what it cost: against a purchase order (partly or whole) or without one. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    storeId: storeId(),
    id: id(),
    number: integer('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    purchaseOrderId: uuid('purchase_order_id'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    note: text('note'),
    taxablePaise: integer('taxable_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull().default(0),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.supplierId], foreignColumns: [suppliers.storeId, suppliers.id] }),
    foreignKey({
      columns: [t.storeId, t.purchaseOrderId],
      foreignColumns: [purchaseOrders.storeId, purchaseOrders.id],
    }),
    uniqueIndex('goods_receipts_number_uq').on(t.storeId, t.number),
    index('goods_receipts_received_idx').on(t.storeId, t.receivedAt),
    index('goods_receipts_order_idx').on(t.storeId, t.purchaseOrderId),
  ],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    storeId: storeId(),
    id: id(),
    goodsReceiptId: uuid('goods_receipt_id').notNull(),
    purchaseOrderLineId: uuid('purchase_order_line_id'),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    name: text('name').notNull(),
    variantLabel: text('variant_label'),
    quantity: integer('quantity').notNull(),
    unitCostPaise: integer('unit_cost_paise').notNull(),
    taxPercent: gstRate('tax_percent'),
    /** The variant's weighted average cost before and after this line (the cost of goods sold follows it). */
    averageCostBeforePaise: integer('average_cost_before_paise'),
    averageCostAfterPaise: integer('average_cost_after_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.goodsReceiptId],
      foreignColumns: [goodsReceipts.storeId, goodsReceipts.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.storeId, t.purchaseOrderLineId],
      foreignColumns: [purchaseOrderLines.storeId, purchaseOrderLines.id],
    }),
    foreignKey({ columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }),
    index('goods_receipt_lines_receipt_idx').on(t.storeId, t.goodsReceiptId),
    index('goods_receipt_lines_product_idx').on(t.storeId, t.productId),
    check('goods_receipt_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/** A supplier's bill (its own number and date): what the shop owes; payments to the supplier reduce it. */
export const supplierBills = pgTable(
  'supplier_bills',
  {
    storeId: storeId(),
    id: id(),
    supplierId: uuid('supplier_id').notNull(),
    billNumber: text('bill_number').notNull(),
    billDate: date('bill_date').notNull(),
    dueDate: date('due_date'),
    purchaseOrderId: uuid('purchase_order_id'),
    goodsReceiptId: uuid('goods_receipt_id'),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    note: text('note'),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.supplierId], foreignColumns: [suppliers.storeId, suppliers.id] }),
    uniqueIndex('supplier_bills_number_uq').on(t.storeId, t.supplierId, sql`lower(${t.billNumber})`),
    index('supplier_bills_date_idx').on(t.storeId, t.billDate),
  ],
);

/** The day at the counter: a register opened with its float by a cashier, closed with the cash counted. */
export const registerSessions = pgTable(
  'register_sessions',
  {
    storeId: storeId(),
    id: id(),
    registerName: text('register_name').notNull().default('Counter 1'),
    cashierId: actor('cashier_id'),
    cashierName: text('cashier_name').notNull(),
    openedAt: ts('opened_at').notNull().defaultNow(),
    openingFloatPaise: integer('opening_float_paise').notNull(),
    closedAt: ts('closed_at'),
    closedBy: actor('closed_by'),
    /** Set together at the close: what the books expect in the drawer, what was counted, counted - expected. */
    expectedPaise: integer('expected_paise'),
    countedPaise: integer('counted_paise'),
    differencePaise: integer('difference_paise'),
    closeNote: text('close_note'),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('register_sessions_open_cashier_uq').on(t.storeId, t.cashierId).where(sql`closed_at is null`),
    index('register_sessions_opened_idx').on(t.storeId, t.openedAt),
  ],
);

export const registerMovements = pgTable(
  'register_movements',
  {
    storeId: storeId(),
    id: id(),
    sessionId: uuid('session_id').notNull(),
    kind: text('kind', { enum: ['IN', 'OUT'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.sessionId],
      foreignColumns: [registerSessions.storeId, registerSessions.id],
    }).onDelete('cascade'),
    index('register_movements_session_idx').on(t.storeId, t.sessionId, t.createdAt),
  ],
);

export const supplierPayments = pgTable(
  'supplier_payments',
  {
    storeId: storeId(),
    id: id(),
    supplierId: uuid('supplier_id').notNull(),
    billId: uuid('bill_id'),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method', { enum: ['CASH', 'UPI', 'BANK'] }).notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference'),
    note: text('note'),
    registerSessionId: uuid('register_session_id'),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.supplierId], foreignColumns: [suppliers.storeId, suppliers.id] }),
    index('supplier_payments_supplier_idx').on(t.storeId, t.supplierId, t.paidOn),
  ],
);

/** A change of a customer's khata balance: signed (+ a credit sale, - a payment or a return), with the balance after. */
export const khataEntries = pgTable(
  'khata_entries',
  {
    storeId: storeId(),
    id: id(),
    customerId: uuid('customer_id').notNull(),
    kind: text('kind', { enum: ['SALE', 'PAYMENT', 'RETURN'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: integer('balance_after_paise').notNull(),
    orderId: uuid('order_id'),
    method: text('method', { enum: ['CASH', 'UPI', 'CARD', 'BANK'] }),
    reference: text('reference'),
    note: text('note'),
    registerSessionId: uuid('register_session_id'),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.customerId],
      foreignColumns: [posCustomers.storeId, posCustomers.id],
    }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }),
    index('khata_entries_customer_idx').on(t.storeId, t.customerId, t.createdAt),
  ],
);

/** Expenses (rent, salaries, electricity, courier), with the GST paid on them (input tax) and a receipt image. */
export const expenses = pgTable(
  'expenses',
  {
    storeId: storeId(),
    id: id(),
    category: text('category').notNull(),
    spentOn: date('spent_on').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    gstPaise: integer('gst_paise').notNull().default(0),
    payee: text('payee'),
    payeeGstin: text('payee_gstin'),
    description: text('description'),
    method: text('method', { enum: ['CASH', 'UPI', 'CARD', 'BANK'] }).notNull(),
    receiptImage: text('receipt_image'),
    registerSessionId: uuid('register_session_id'),
    createdBy: actor('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index('expenses_spent_idx').on(t.storeId, t.spentOn),
    index('expenses_category_idx').on(t.storeId, t.category, t.spentOn),
  ],
);

/**
 * The expenses' sums and count per shop, month (its first day) and category, kept by statement triggers on expenses
 * (migration 0064): the profit and loss reads whole months from here and only a period's edge days from expenses.
 */
export const expenseMonthStats = pgTable(
  'expense_month_stats',
  {
    storeId: storeId(),
    month: date('month').notNull(),
    category: text('category').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    gstPaise: bigint('gst_paise', { mode: 'number' }).notNull().default(0),
    expenses: integer('expenses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.month, t.category] })],
);

import { z } from 'zod';
import { calendarDate, dateRange } from './dates.ts';
import { isGstRate, roundPaise } from './gst.ts';
import { rupeesToPaise } from './money.ts';

/*
 * Buying stock (issue 38): purchase orders to a supplier, goods receipts that add stock at the received cost,
 * the supplier's bills and the payments to them. Amounts in rupees on the wire, paise on the server.
 */

export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'SENT', 'PARTIAL', 'RECEIVED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const SUPPLIER_PAYMENT_METHODS = ['CASH', 'UPI', 'BANK'] as const;

/** PO-1001, GRN-1001: the numbers people read. */
export const purchaseOrderNumber = (n: number) => `PO-${n}`;
export const goodsReceiptNumber = (n: number) => `GRN-${n}`;

/**
 * THE weighted average cost after a receipt, in paise: (on hand x old cost + received x received cost) / (on hand +
 * received), rounded by the platform's one rule. With nothing (or less than nothing) on hand, or no cost known
 * before, the received cost is the cost.
 */
export function weightedAverageCost(input: {
  onHand: number;
  costPaise: number | null;
  received: number;
  receivedCostPaise: number;
}): number {
  const { onHand, costPaise, received, receivedCostPaise } = input;
  if (onHand <= 0 || costPaise == null || received <= 0) return receivedCostPaise;
  return roundPaise((onHand * costPaise + received * receivedCostPaise) / (onHand + received));
}

/** One line's cost without GST, its GST (the whole rate, rounded once per line) and their sum, in paise. */
export function purchaseLineTotals(l: { quantity: number; unitCostPaise: number; taxPercent: number }) {
  const taxable = l.quantity * l.unitCostPaise;
  const tax = roundPaise((taxable * l.taxPercent) / 100);
  return { taxablePaise: taxable, taxPaise: tax, totalPaise: taxable + tax };
}

/** A purchase order's or receipt's totals: the sums of its lines' (screen and server alike). */
export function purchaseTotals(lines: { quantity: number; unitCostPaise: number; taxPercent: number }[]) {
  return lines.reduce(
    (t, l) => {
      const x = purchaseLineTotals(l);
      return {
        taxablePaise: t.taxablePaise + x.taxablePaise,
        taxPaise: t.taxPaise + x.taxPaise,
        totalPaise: t.totalPaise + x.totalPaise,
      };
    },
    { taxablePaise: 0, taxPaise: 0, totalPaise: 0 },
  );
}

const rupees = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must not be negative`)
    .max(10_000_000, `${field} is too large`)
    .refine((n) => Math.abs(rupeesToPaise(n) - n * 100) < 1e-6, `${field} must have at most 2 decimals`);
const quantity = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .positive('quantity must be more than 0')
  .max(1_000_000, 'quantity is too large');
const gstRate = z
  .number({ error: 'tax_percentage must be a number' })
  .refine(isGstRate, 'tax_percentage must be a GST rate (0, 5, 12, 18, 28 ...)');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullish()
    .transform((s) => s || null);
const id = (field: string) => z.uuid({ error: `${field} must be a valid id` });

/** A line to order or receive: a variant (or a product sold as one item), how many, at what cost without GST. */
const lineObject = z.object({
  variant_id: id('variant_id').optional(),
  product_id: id('product_id').optional(),
  quantity,
  /** Cost per unit without GST, rupees; default: the variant's cost now (on a receipt: the order line's). */
  unit_cost: rupees('unit_cost').optional(),
  /** Default: the product's GST rate (on a receipt: the order line's). */
  tax_percentage: gstRate.optional(),
});
export const purchaseLineBody = lineObject.refine((l) => l.variant_id || l.product_id, {
  path: ['variant_id'],
  message: 'variant_id or product_id is required',
});
const receiptLineBody = lineObject
  .extend({ purchase_order_line_id: id('purchase_order_line_id').optional() })
  .refine((l) => l.purchase_order_line_id || l.variant_id || l.product_id, {
    path: ['variant_id'],
    message: 'purchase_order_line_id, variant_id or product_id is required',
  });

export const purchaseOrderBody = z.object({
  supplier_id: id('supplier_id'),
  expected_on: calendarDate('expected_on').nullish(),
  note: optionalText(500),
  lines: z.array(purchaseLineBody).min(1, 'Add at least one line').max(200, 'At most 200 lines'),
});
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;

export const purchaseOrderQuery = z.object({
  status: z
    .enum(PURCHASE_ORDER_STATUSES, { error: `status must be one of ${PURCHASE_ORDER_STATUSES.join(', ')}` })
    .optional(),
  supplier_id: id('supplier_id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const purchaseProductQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});

/** A variant to put on a purchase order, with its cost and stock now. */
export const purchaseProduct = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  variant_label: z.string().nullable(),
  sku: z.string().nullable(),
  unit_cost: z.number().nullable(),
  tax_percentage: z.number(),
  stock: z.number().int(),
});
export type PurchaseProduct = z.infer<typeof purchaseProduct>;

export const purchaseOrderLine = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  variant_label: z.string().nullable(),
  sku: z.string().nullable(),
  hsn_code: z.string().nullable(),
  quantity: z.number().int(),
  received_quantity: z.number().int(),
  unit_cost: z.number(),
  tax_percentage: z.number(),
  taxable_amount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;

const supplierRef = z.object({
  id: z.string(),
  supplier_name: z.string(),
  company_name: z.string(),
  supplier_contact: z.string(),
  gst_number: z.string().nullable(),
});

export const purchaseOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: supplierRef,
  expected_on: z.string().nullable(),
  taxable_amount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummary>;
export const purchaseOrderPage = z.object({
  results: z.array(purchaseOrderSummary),
  count: z.number().int(),
});

export const goodsReceiptLine = z.object({
  id: z.string(),
  purchase_order_line_id: z.string().nullable(),
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  variant_label: z.string().nullable(),
  quantity: z.number().int(),
  unit_cost: z.number(),
  tax_percentage: z.number(),
  average_cost_before: z.number().nullable(),
  average_cost_after: z.number(),
});

export const goodsReceipt = z.object({
  id: z.string(),
  number: z.string(),
  supplier: supplierRef,
  purchase_order_id: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  received_at: z.string(),
  note: z.string().nullable(),
  taxable_amount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  lines: z.array(goodsReceiptLine),
});
export type GoodsReceipt = z.infer<typeof goodsReceipt>;

export const supplierBill = z.object({
  id: z.string(),
  supplier_id: z.string(),
  bill_number: z.string(),
  bill_date: z.string(),
  due_date: z.string().nullable(),
  purchase_order_id: z.string().nullable(),
  goods_receipt_id: z.string().nullable(),
  taxable_amount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type SupplierBill = z.infer<typeof supplierBill>;

export const supplierPayment = z.object({
  id: z.string(),
  supplier_id: z.string(),
  bill_id: z.string().nullable(),
  amount: z.number(),
  method: z.enum(SUPPLIER_PAYMENT_METHODS),
  paid_on: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  from_register: z.boolean(),
  created_at: z.string(),
});
export type SupplierPayment = z.infer<typeof supplierPayment>;

export const purchaseOrderDetail = purchaseOrderSummary.extend({
  note: z.string().nullable(),
  lines: z.array(purchaseOrderLine),
  receipts: z.array(goodsReceipt),
  bills: z.array(supplierBill),
  /** Payments made against this order's bills. */
  payments: z.array(supplierPayment),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetail>;

export const purchaseOrderSent = z.object({
  order: purchaseOrderDetail,
  whatsapp_text: z.string(),
  whatsapp_link: z.string(),
});

/** A receipt: against a purchase order (its lines by id) or from a supplier without one (lines by variant). */
export const goodsReceiptBody = z
  .object({
    purchase_order_id: id('purchase_order_id').optional(),
    supplier_id: id('supplier_id').optional(),
    note: optionalText(500),
    /** Receiving more than a line ordered is refused (409) unless this says the person confirmed it. */
    confirm_over_receipt: z.boolean().optional(),
    lines: z.array(receiptLineBody).min(1, 'Receive at least one line').max(200, 'At most 200 lines'),
  })
  .refine((b) => b.purchase_order_id || b.supplier_id, {
    path: ['supplier_id'],
    message: 'supplier_id or purchase_order_id is required',
  });
export type GoodsReceiptBody = z.input<typeof goodsReceiptBody>;

export const receiptQuery = z.object({
  supplier_id: id('supplier_id').optional(),
  purchase_order_id: id('purchase_order_id').optional(),
  /** Receipts with a line of this product (the product page's Supplier tab: its last goods receipts). */
  product_id: id('product_id').optional(),
});

export const supplierBillBody = z
  .object({
    supplier_id: id('supplier_id'),
    bill_number: z.string().trim().min(1, 'bill_number is required').max(60, 'bill_number is too long'),
    bill_date: calendarDate('bill_date'),
    due_date: calendarDate('due_date').nullish(),
    purchase_order_id: id('purchase_order_id').nullish(),
    goods_receipt_id: id('goods_receipt_id').nullish(),
    taxable_amount: rupees('taxable_amount'),
    tax_amount: rupees('tax_amount').default(0),
    note: optionalText(500),
  })
  .refine((b) => b.taxable_amount + b.tax_amount > 0, {
    path: ['taxable_amount'],
    message: 'The bill total must be more than 0',
  })
  .superRefine(dateRange('bill_date', 'due_date'));
export type SupplierBillBody = z.input<typeof supplierBillBody>;

export const supplierPaymentBody = z.object({
  supplier_id: id('supplier_id'),
  bill_id: id('bill_id').nullish(),
  amount: rupees('amount').refine((n) => n > 0, 'amount must be more than 0'),
  method: z.enum(SUPPLIER_PAYMENT_METHODS, { error: 'method must be CASH, UPI or BANK' }),
  paid_on: calendarDate('paid_on'),
  reference: optionalText(100),
  note: optionalText(500),
  /** A cash payment taken from the counter's drawer (the person's open register). */
  from_register: z.boolean().optional(),
  /** A payment above what is owed is kept as an advance only when confirmed. */
  confirm_advance: z.boolean().optional(),
});
export type SupplierPaymentBody = z.input<typeof supplierPaymentBody>;

export const supplierQuery = z.object({ supplier_id: id('supplier_id').optional() });

export const supplierBalance = supplierRef.extend({
  billed: z.number(),
  paid: z.number(),
  /** Bills less payments: what the shop owes the supplier (negative: an advance). */
  balance: z.number(),
});
export type SupplierBalance = z.infer<typeof supplierBalance>;

export const statementQuery = z
  .object({ from: calendarDate('from').optional(), to: calendarDate('to').optional() })
  .superRefine(dateRange());

export const statementEntry = z.object({
  date: z.string(),
  kind: z.enum(['BILL', 'PAYMENT']),
  reference: z.string(),
  description: z.string(),
  /** A bill raises what is owed, a payment lowers it. */
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});

export const supplierStatement = z.object({
  supplier: supplierRef,
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  entries: z.array(statementEntry),
  closing_balance: z.number(),
});
export type SupplierStatement = z.infer<typeof supplierStatement>;

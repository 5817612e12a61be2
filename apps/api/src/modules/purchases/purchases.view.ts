import {
  type GoodsReceipt,
  goodsReceiptNumber,
  type PurchaseOrderLine,
  type PurchaseOrderSummary,
  paiseToRupees,
  purchaseLineTotals,
  purchaseOrderNumber,
  type SupplierBill,
  type SupplierPayment,
} from '@haat/contracts';
import type { schema } from '@haat/db';
import type { OrderLineRow, SupplierRef } from './purchases.repository.ts';

/* Rows as the back office reads them: rupees, snake_case, PO-1001. */

const r = paiseToRupees;
const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);

export const toSupplierRef = (x: SupplierRef) => ({
  id: x.id ?? '',
  supplier_name: x.name ?? '',
  company_name: x.companyName ?? '',
  supplier_contact: x.phone ?? '',
  gst_number: x.gstNumber ?? null,
});

export function toOrderSummary(
  o: typeof schema.purchaseOrders.$inferSelect,
  sup: SupplierRef,
): PurchaseOrderSummary {
  return {
    id: o.id,
    number: purchaseOrderNumber(o.number),
    status: o.status,
    supplier: toSupplierRef(sup),
    expected_on: o.expectedOn,
    taxable_amount: r(o.taxablePaise),
    tax_amount: r(o.taxPaise),
    total: r(o.totalPaise),
    created_at: iso(o.createdAt),
    sent_at: o.sentAt ? iso(o.sentAt) : null,
  };
}

export function toOrderLine(l: OrderLineRow, hsn: string | null): PurchaseOrderLine {
  const t = purchaseLineTotals(l);
  return {
    id: l.id,
    product_id: l.productId,
    variant_id: l.variantId,
    name: l.name,
    variant_label: l.variantLabel,
    sku: l.sku,
    hsn_code: hsn,
    quantity: l.quantity,
    received_quantity: l.receivedQuantity,
    unit_cost: r(l.unitCostPaise),
    tax_percentage: l.taxPercent,
    taxable_amount: r(t.taxablePaise),
    tax_amount: r(t.taxPaise),
    total: r(t.totalPaise),
  };
}

export function toReceipt(
  g: typeof schema.goodsReceipts.$inferSelect,
  sup: SupplierRef,
  orderNumber: number | null,
  lines: (typeof schema.goodsReceiptLines.$inferSelect)[],
): GoodsReceipt {
  return {
    id: g.id,
    number: goodsReceiptNumber(g.number),
    supplier: toSupplierRef(sup),
    purchase_order_id: g.purchaseOrderId,
    purchase_order_number: orderNumber == null ? null : purchaseOrderNumber(orderNumber),
    received_at: iso(g.receivedAt),
    note: g.note,
    taxable_amount: r(g.taxablePaise),
    tax_amount: r(g.taxPaise),
    total: r(g.totalPaise),
    lines: lines.map((l) => ({
      id: l.id,
      purchase_order_line_id: l.purchaseOrderLineId,
      product_id: l.productId,
      variant_id: l.variantId,
      name: l.name,
      variant_label: l.variantLabel,
      quantity: l.quantity,
      unit_cost: r(l.unitCostPaise),
      tax_percentage: l.taxPercent,
      average_cost_before: l.averageCostBeforePaise == null ? null : r(l.averageCostBeforePaise),
      average_cost_after: r(l.averageCostAfterPaise),
    })),
  };
}

export const toBill = (b: typeof schema.supplierBills.$inferSelect): SupplierBill => ({
  id: b.id,
  supplier_id: b.supplierId,
  bill_number: b.billNumber,
  bill_date: b.billDate,
  due_date: b.dueDate,
  purchase_order_id: b.purchaseOrderId,
  goods_receipt_id: b.goodsReceiptId,
  taxable_amount: r(b.taxablePaise),
  tax_amount: r(b.taxPaise),
  total: r(b.totalPaise),
  note: b.note,
  created_at: iso(b.createdAt),
});

export const toPayment = (x: typeof schema.supplierPayments.$inferSelect): SupplierPayment => ({
  id: x.id,
  supplier_id: x.supplierId,
  bill_id: x.billId,
  amount: r(x.amountPaise),
  method: x.method,
  paid_on: x.paidOn,
  reference: x.reference,
  note: x.note,
  from_register: x.registerSessionId != null,
  created_at: iso(x.createdAt),
});

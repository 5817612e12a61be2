/** What the purchases' component tests share: one supplier as the API answers it, and a goods receipt's answer. */
import type { GoodsReceipt, SupplierBalance } from '@haat/contracts';

/** Shah Traders, owed ₹2,000 (₹12,000 billed, ₹10,000 paid). */
export const SUPPLIER: SupplierBalance = {
  id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  supplier_name: 'Meena Shah',
  company_name: 'Shah Traders',
  supplier_contact: '9823456780',
  gst_number: null,
  billed: 12_000,
  paid: 10_000,
  balance: 2000,
};

/** The supplier as an order or a receipt names it. */
export const SUPPLIER_REF = {
  id: SUPPLIER.id,
  supplier_name: SUPPLIER.supplier_name,
  company_name: SUPPLIER.company_name,
  supplier_contact: SUPPLIER.supplier_contact,
  gst_number: SUPPLIER.gst_number,
};

/** The server's answer to a goods receipt (its figures do not matter to the dialogs, which close on it). */
export const receiptAnswer = (
  number: string,
  order: { id: string; number: string } | null,
): GoodsReceipt => ({
  id: 'r1',
  number,
  supplier: SUPPLIER_REF,
  purchase_order_id: order?.id ?? null,
  purchase_order_number: order?.number ?? null,
  received_at: '2026-12-07T10:00:00.000Z',
  note: null,
  taxable_amount: 0,
  tax_amount: 0,
  total: 0,
  lines: [],
});

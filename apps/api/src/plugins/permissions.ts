import type { ShopOperation } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * Moves a Packer may make (confirm, pack, ship, deliver, mark RTO when the courier reports a refused parcel);
 * cancelling and returning (a return, or an RTO parcel received back with its stock) need orders.manage.
 */
const FULFIL_STATUSES = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'RTO'];
const statusMove = (req: FastifyRequest): ShopOperation => {
  const status = (req.body as { status?: unknown } | undefined)?.status;
  return typeof status === 'string' && FULFIL_STATUSES.includes(status) ? 'orders.fulfil' : 'orders.manage';
};

type Rule = ShopOperation | ((req: FastifyRequest) => ShopOperation);

/**
 * Every back-office call (`/api/admin/…`, by its registered route) and the operation it needs; who may do which
 * operation is the role table in `@haat/contracts` (SHOP_PERMISSIONS). A route missing here is the owner's
 * alone; the permission test fails for it, so a new route cannot be forgotten.
 */
export const ROUTE_OPERATIONS: Record<string, Rule> = {
  'GET /api/admin/dashboard/': 'dashboard',
  'GET /api/admin/dashboard/dashboard-analytics/': 'dashboard',
  // Inventory (and the spec's aliases).
  'GET /api/admin/inventory/': 'products.view',
  'GET /api/admin/stores/product/': 'products.view',
  'GET /api/admin/product/stats/': 'products.view',
  'GET /api/admin/stores/product/product-stats/': 'products.view',
  'GET /api/admin/product/:id/': 'products.view',
  'GET /api/admin/stores/product/:id/': 'products.view',
  'GET /api/admin/product/:id/stock-history/': 'products.view',
  'GET /api/admin/product/:id/labels.pdf': 'products.view',
  'GET /api/admin/category/': 'products.view',
  'GET /api/admin/supplier/': 'products.view',
  'GET /api/admin/stores/product/get-supplier/': 'products.view',
  'GET /api/admin/units/': 'products.view',
  'GET /api/admin/utility/product-unit/': 'products.view',
  'GET /api/admin/product/export.csv': 'products.edit',
  'POST /api/admin/product/import/': 'products.edit',
  'POST /api/admin/product/': 'products.edit',
  'POST /api/admin/stores/product/': 'products.edit',
  'PUT /api/admin/product/:id/': 'products.edit',
  'PUT /api/admin/stores/product/:id/': 'products.edit',
  'DELETE /api/admin/product/:id/': 'products.edit',
  'DELETE /api/admin/stores/product/:id/': 'products.edit',
  'POST /api/admin/product/:id/barcodes/': 'products.edit',
  'POST /api/admin/category/': 'products.edit',
  'POST /api/admin/supplier/': 'products.edit',
  'POST /api/admin/stores/product/create-supplier/': 'products.edit',
  // Buying stock (issue 38): purchase orders, goods receipts, supplier bills, payments and statements.
  'GET /api/admin/purchase-order/': 'purchases',
  'POST /api/admin/purchase-order/': 'purchases',
  'GET /api/admin/purchase-order/products/': 'purchases',
  'GET /api/admin/purchase-order/:id/': 'purchases',
  'PUT /api/admin/purchase-order/:id/': 'purchases',
  'POST /api/admin/purchase-order/:id/send/': 'purchases',
  'POST /api/admin/purchase-order/:id/cancel/': 'purchases',
  'GET /api/admin/purchase-order/:id/pdf': 'purchases',
  'GET /api/admin/goods-receipt/': 'purchases',
  'POST /api/admin/goods-receipt/': 'purchases',
  'GET /api/admin/goods-receipt/:id/': 'purchases',
  'GET /api/admin/supplier-bill/': 'purchases',
  'POST /api/admin/supplier-bill/': 'purchases',
  'GET /api/admin/supplier-payment/': 'purchases',
  'POST /api/admin/supplier-payment/': 'purchases',
  'GET /api/admin/supplier-account/': 'purchases',
  'GET /api/admin/supplier-account/:id/statement/': 'purchases',
  'GET /api/admin/supplier-account/:id/statement.pdf': 'purchases',
  // Order Management.
  'GET /api/admin/order/': 'orders.view',
  'GET /api/admin/order/:id/': 'orders.view',
  'GET /api/admin/order/packing-slips.pdf': 'orders.view',
  'GET /api/admin/order/export.csv': 'money',
  'PUT /api/admin/order/:id/status/': statusMove,
  'POST /api/admin/order/bulk-status/': statusMove,
  'PUT /api/admin/order/:id/shipping/': 'orders.fulfil',
  'PUT /api/admin/order/:id/': 'orders.manage',
  'POST /api/admin/order/:id/payment/': 'orders.manage',
  'POST /api/admin/order/:id/return/': 'orders.manage',
  'PUT /api/admin/order/:id/customer-prepayment/': 'orders.manage',
  // WhatsApp messages about an order: whoever works on orders sends them.
  'GET /api/admin/order/:id/whatsapp/': 'orders.fulfil',
  'POST /api/admin/order/:id/whatsapp/': 'orders.fulfil',
  // The point of sale.
  'GET /api/admin/pos/counter/': 'pos',
  'GET /api/admin/pos/products/': 'pos',
  'GET /api/admin/pos/barcode/:code/': 'pos',
  'GET /api/admin/pos/customer/': 'pos',
  'GET /api/admin/pos/upi/': 'pos',
  // Returns at the counter (issue 38): cashiers return goods of counter sales, up to what each sale was paid.
  'GET /api/admin/pos/sale/:number/returnable/': 'pos',
  'GET /api/admin/pos/returnable-sales/': 'pos',
  'POST /api/admin/pos/return/': 'pos',
  'GET /api/admin/pos/return/:id/': 'pos',
  'GET /api/admin/pos/return/:id/credit-note.pdf': 'pos',
  'POST /api/admin/order/pos-checkout/': 'pos',
  'GET /api/admin/order/pos-checkout/:id/': 'pos',
  'GET /api/admin/order/pos-checkout/:id/invoice.pdf': 'pos',
  'POST /api/admin/order/pos-checkout/:id/receipt-mail/': 'pos',
  // The counter offline (issue 43): owners and managers register counters and void a number; cashiers sell.
  'POST /api/admin/pos/counters/': 'settings',
  'GET /api/admin/pos/counters/': 'pos',
  'GET /api/admin/pos/counters/:id/': 'pos',
  'POST /api/admin/pos/counters/:id/void/': 'orders.manage',
  'GET /api/admin/pos/catalogue/': 'pos',
  'GET /api/admin/pos/conflicts/': 'pos',
  'POST /api/admin/pos/conflicts/:id/resolve/': 'products.edit',
  // The day at the counter (issue 38): a cashier runs their own register; owners and managers see every one.
  'GET /api/admin/register/current/': 'register',
  'POST /api/admin/register/open/': 'register',
  'POST /api/admin/register/:id/movement/': 'register',
  'POST /api/admin/register/:id/close/': 'register',
  'GET /api/admin/register/': 'register',
  'GET /api/admin/register/:id/': 'register',
  'GET /api/admin/register/:id/report.pdf': 'register',
  // Payments and documents.
  'GET /api/admin/order/:id/invoice.pdf': 'money',
  'GET /api/admin/transaction/': 'money',
  'GET /api/admin/transaction/transaction-stats/': 'money',
  'GET /api/admin/transaction/export.csv': 'money',
  'GET /api/admin/transaction/gst-summary/': 'money',
  'GET /api/admin/transaction/gst-summary.csv': 'money',
  'GET /api/admin/transaction/gstr1/': 'money',
  'GET /api/admin/transaction/gstr1.json': 'money',
  'GET /api/admin/transaction/gstr1.csv': 'money',
  'GET /api/admin/transaction/gstr3b/': 'money',
  'GET /api/admin/transaction/gstr3b.json': 'money',
  'GET /api/admin/transaction/einvoice.json': 'money',
  // Entering what the e-invoice portal returned is a write: whoever records an order's payments does it.
  'PUT /api/admin/transaction/document/:id/irn/': 'orders.manage',
  'GET /api/admin/transaction/get-invoice/': 'money',
  'GET /api/admin/transaction/:id/': 'money',
  'POST /api/admin/transaction/:id/refund/': 'refunds',
  // Settings.
  'GET /api/admin/store-setting/': 'settings',
  'GET /api/admin/payment-gateway/': 'settings',
  'PUT /api/admin/payment-gateway/': 'settings',
  'POST /api/admin/payment-gateway/test-gateway/': 'settings',
  'DELETE /api/admin/payment-gateway/': 'settings',
  'GET /api/admin/payment-gateway/mismatches/': 'money',
  'POST /api/admin/payment-gateway/mismatches/:id/resolve/': 'orders.manage',
  'PUT /api/admin/store-setting/': 'settings',
  'GET /api/admin/cod-setting/': 'settings',
  'PUT /api/admin/cod-setting/': 'settings',
  'GET /api/admin/store-setting/gst/': 'settings',
  'PUT /api/admin/store-setting/gst/': 'settings',
  'GET /api/admin/store-contact/': 'settings',
  'PUT /api/admin/store-contact/': 'settings',
  'GET /api/admin/store-address/': 'settings',
  'PUT /api/admin/store-address/': 'settings',
  'GET /api/admin/delivery-option/': 'settings',
  'POST /api/admin/delivery-option/': 'settings',
  'PUT /api/admin/delivery-option/:id/': 'settings',
  'DELETE /api/admin/delivery-option/:id/': 'settings',
  'GET /api/admin/coupon/': 'settings',
  'POST /api/admin/coupon/': 'settings',
  'PUT /api/admin/coupon/:id/': 'settings',
  'DELETE /api/admin/coupon/:id/': 'settings',
  'GET /api/admin/store-setting/policies/': 'settings',
  'PUT /api/admin/store-setting/policies/:kind/': 'settings',
  'DELETE /api/admin/store-setting/policies/:kind/': 'settings',
  'GET /api/admin/whatsapp-template/': 'settings',
  'PUT /api/admin/whatsapp-template/': 'settings',
  // Customers and their khata (issue 38).
  'GET /api/admin/customer/': 'customers',
  'GET /api/admin/customer/:id/': 'customers',
  'GET /api/admin/customer/:id/statement.pdf': 'customers',
  'GET /api/admin/customer/:id/reminder/': 'customers',
  'PUT /api/admin/customer/:id/credit-limit/': 'credit.limits',
  'POST /api/admin/customer/:id/payment/': 'khata',
  // Audit trail and staff.
  'GET /api/admin/audit-trail/': 'audit',
  'GET /api/admin/audit-trail/people/': 'audit',
  'GET /api/admin/audit-trail/export.csv': 'audit',
  'GET /api/admin/staff/': 'staff',
  'POST /api/admin/staff/invite/': 'staff',
  'DELETE /api/admin/staff/invite/:id/': 'staff',
  'PUT /api/admin/staff/:id/': 'staff',
  'DELETE /api/admin/staff/:id/': 'staff',
  // The books (issue 38): expenses, and the profit and loss with the stock at cost (owners and managers).
  'GET /api/admin/expense/': 'expenses',
  'POST /api/admin/expense/': 'expenses',
  'PUT /api/admin/expense/:id/': 'expenses',
  'DELETE /api/admin/expense/:id/': 'expenses',
  'GET /api/admin/profit-loss/': 'profit',
  'GET /api/admin/profit-loss/export.csv': 'profit',
};

/** The operation a back-office request needs; null for a route not in the table (then only the owner may call it). */
export function operationOf(req: FastifyRequest): ShopOperation | null {
  const rule = ROUTE_OPERATIONS[`${req.method} ${req.routeOptions.url}`];
  if (!rule) return null;
  return typeof rule === 'function' ? rule(req) : rule;
}

import type { AdminOrderRow } from './admin-orders-api.ts';

type Status = AdminOrderRow['status'];
type Payment = AdminOrderRow['payment_status'];

/** How an order's status reads and looks (02 §4: shown uppercase in the spec's app; words here). */
export const STATUS_TEXT: Record<Status, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
  RTO: 'RTO',
};
export const STATUS_TONE: Record<Status, string> = {
  PENDING: 'bg-amber-100 text-amber-900 ring-amber-200',
  CONFIRMED: 'bg-sky-100 text-sky-900 ring-sky-200',
  PROCESSING: 'bg-indigo-100 text-indigo-900 ring-indigo-200',
  SHIPPED: 'bg-violet-100 text-violet-900 ring-violet-200',
  DELIVERED: 'bg-green-100 text-green-900 ring-green-200',
  CANCELLED: 'bg-red-100 text-red-900 ring-red-200',
  RETURNED: 'bg-slate-200 text-slate-900 ring-slate-300',
  RTO: 'bg-orange-100 text-orange-900 ring-orange-200',
};
export const PAYMENT_TEXT: Record<Payment, string> = {
  PENDING: 'Pending',
  SUCCESS: 'Paid',
  FAILED: 'Failed',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};
export const PAYMENT_TONE: Record<Payment, string> = {
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-200',
  SUCCESS: 'bg-green-50 text-green-900 ring-green-200',
  FAILED: 'bg-red-50 text-red-900 ring-red-200',
  PARTIALLY_REFUNDED: 'bg-sky-50 text-sky-900 ring-sky-200',
  REFUNDED: 'bg-slate-100 text-slate-800 ring-slate-300',
  CANCELLED: 'bg-slate-100 text-slate-700 ring-slate-300',
};
export const METHOD_TEXT: Record<AdminOrderRow['payment_method'], string> = {
  COD: 'Cash on Delivery',
  CASH: 'Cash at the counter',
  CARD: 'Card at the counter',
  UPI: 'UPI',
  CREDIT: 'On khata (pay later)',
  ONLINE: 'Online (Razorpay)',
};
/**
 * The buttons of Update Order Status: what each allowed next status is called (DELIVERED to RETURNED: Process
 * Return; an RTO order received back has its own words, `actionText`).
 */
export const ACTION_TEXT: Record<Status, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirm Order',
  PROCESSING: 'Mark Processing',
  SHIPPED: 'Ship Order',
  DELIVERED: 'Mark Delivered',
  CANCELLED: 'Cancel Order',
  RETURNED: 'Process Return',
  RTO: 'Mark as RTO',
};

/** A button's words for a move from `from` to `to`: an RTO parcel received back is not a customer's return. */
export const actionText = (from: Status, to: Status) =>
  from === 'RTO' && to === 'RETURNED' ? 'Received back (RTO)' : ACTION_TEXT[to];

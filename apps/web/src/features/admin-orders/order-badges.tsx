import type { AdminOrderRow } from './admin-orders-api.ts';
import { PAYMENT_TEXT, PAYMENT_TONE, STATUS_TEXT, STATUS_TONE } from './order-labels.ts';

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function OrderStatusBadge({ status }: { status: AdminOrderRow['status'] }) {
  return <span className={`${pill} ${STATUS_TONE[status]}`}>{STATUS_TEXT[status]}</span>;
}

export function PaymentStatusBadge({ status }: { status: AdminOrderRow['payment_status'] }) {
  return <span className={`${pill} ${PAYMENT_TONE[status]}`}>{PAYMENT_TEXT[status]}</span>;
}

export function ReturnRequestedBadge() {
  return <span className={`${pill} bg-orange-100 text-orange-900 ring-orange-200`}>Return requested</span>;
}

import type { CustomerOrder, OrderStatus } from '@haat/contracts';
import {
  CircleCheck,
  CircleX,
  Clock,
  type LucideIcon,
  PackageCheck,
  PackageOpen,
  Truck,
  Undo2,
} from 'lucide-react';
import { formatDate } from '../../lib/format.ts';

const STATUS: Record<OrderStatus, [label: string, Icon: LucideIcon, tone: string]> = {
  PENDING: ['Pending', Clock, 'bg-amber-50 text-amber-800 ring-amber-200'],
  CONFIRMED: ['Confirmed', CircleCheck, 'bg-sky-50 text-sky-800 ring-sky-200'],
  PROCESSING: ['Processing', PackageOpen, 'bg-sky-50 text-sky-800 ring-sky-200'],
  SHIPPED: ['Shipped', Truck, 'bg-indigo-50 text-indigo-800 ring-indigo-200'],
  DELIVERED: ['Delivered', PackageCheck, 'bg-green-50 text-green-800 ring-green-200'],
  CANCELLED: ['Cancelled', CircleX, 'bg-red-50 text-red-800 ring-red-200'],
  RETURNED: ['Returned', Undo2, 'bg-slate-100 text-slate-700 ring-slate-200'],
  RTO: ['Returning to seller', Undo2, 'bg-orange-50 text-orange-800 ring-orange-200'],
};

export const statusLabel = (status: OrderStatus) => STATUS[status][0];

/** The order's status as an icon and its name. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const [label, Icon, tone] = STATUS[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${tone}`}
    >
      <Icon aria-hidden className="size-3.5" />
      {label}
    </span>
  );
}

/** When it arrives, arrived or was cancelled (02 §2): "Expected by", "Delivered on", "Cancelled on". */
export function orderDateLine(order: CustomerOrder): string | null {
  switch (order.status) {
    case 'DELIVERED':
      return order.deliveryDate ? `Delivered on ${formatDate(order.deliveryDate)}` : null;
    case 'CANCELLED':
      return order.cancelledDate ? `Cancelled on ${formatDate(order.cancelledDate)}` : null;
    case 'RETURNED':
    case 'RTO':
      return null;
    default:
      return order.expected_delivery ? `Expected by ${formatDate(order.expected_delivery)}` : null;
  }
}

/** How an order is named on cards, headings and dialogs. */
export const orderTitle = (order: CustomerOrder) => `Order ${order.order_number}`;

export const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

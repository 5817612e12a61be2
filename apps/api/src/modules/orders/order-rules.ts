import type { OrderStatus } from '@haat/contracts';

/** The order rules the back office works by (decision 0007): which moves a vendor may make, in button order. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['CONFIRMED', 'PROCESSING', 'CANCELLED'],
  CONFIRMED: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED', 'RTO'],
  DELIVERED: ['RETURNED'],
  CANCELLED: [],
  RETURNED: [],
  /** Refused at the door or undeliverable, coming back: received back on the shelf (stock restored). */
  RTO: ['RETURNED'],
};
export const EDITABLE: readonly OrderStatus[] = ['PENDING', 'CONFIRMED', 'PROCESSING'];

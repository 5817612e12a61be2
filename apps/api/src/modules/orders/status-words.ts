import type { OrderStatus } from '@haat/contracts';
import type * as repo from './orders.repository.ts';

/* What a status move says on the order's timeline and in the audit trail (RTO's own words: decision 0014). */

/** What the timeline says of a move: the shipment, the reason given, or that a refused parcel is back. */
export function eventNote(
  order: repo.OrderRow,
  v: { status: OrderStatus; reason?: string },
  shipment: { carrier: string; trackingNumber: string } | null,
) {
  if (shipment) return `${shipment.carrier} ${shipment.trackingNumber}`;
  if (v.status === 'RETURNED' && order.status === 'RTO') {
    return v.reason ? `Received back from RTO: ${v.reason}` : 'Received back from RTO';
  }
  return v.reason;
}

/** The audit trail's words for a status move. */
export function moveSummary(before: repo.OrderRow, after: repo.OrderRow) {
  if (after.status === 'RTO') return 'marked RTO (returning to seller)';
  if (after.status === 'RETURNED' && before.status === 'RTO') return 'received back from RTO';
  return `marked ${after.status.toLowerCase()}`;
}

import { formatPaise, type OrderStatus, rupeesToPaise } from '@haat/contracts';
import type { Tx } from '@haat/db';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import { isAwaitingConfirmation } from './cod-view.ts';
import { NEXT_STATUSES } from './order-rules.ts';
import { orderNumber } from './order-view.ts';
import * as repo from './orders.repository.ts';

/* What every vendor change of an order checks first: the order is this shop's, unchanged since the screen read it,
   and the move is one the rules allow (decision 0007; a COD order awaiting its customer, decision 0015). */

/** Locks the order for a change and checks the version the screen read (409 ORDER_CHANGED when it moved on). */
export async function lockForChange(tx: Tx, orderId: string, version: number | undefined) {
  const order = isUuid(orderId) ? await repo.lockOrder(tx, orderId) : null;
  if (!order) throw notFound('Order not found');
  assertVersion(order, version);
  return order;
}

function assertVersion(order: repo.OrderRow, version: number | undefined) {
  if (version !== undefined && version !== order.version) {
    throw new AppError(
      409,
      'CONFLICT',
      `Order ${orderNumber(order.number)} was changed by someone else meanwhile. It has been reloaded; check it and try again.`,
      { reason: 'ORDER_CHANGED', status: order.status },
    );
  }
}

export function assertTransition(order: repo.OrderRow, to: OrderStatus) {
  if (isAwaitingConfirmation(order) && to !== 'CANCELLED') {
    throw new AppError(
      409,
      'CONFLICT',
      `Order ${orderNumber(order.number)} is waiting for the customer to confirm cash on delivery. It can be cancelled, or moved on once confirmed.`,
      { reason: 'AWAITING_COD_CONFIRMATION', status: order.status },
    );
  }
  const allowed = NEXT_STATUSES[order.status];
  if (allowed.includes(to)) return;
  const now = order.status.toLowerCase();
  const options = allowed.length ? allowed.map((s) => s.toLowerCase()).join(', ') : 'nothing else';
  throw new AppError(
    409,
    'CONFLICT',
    `A ${now} order cannot become ${to.toLowerCase()}. From ${now} it can become: ${options}.`,
    { reason: 'INVALID_TRANSITION', status: order.status },
  );
}

/**
 * Why a bulk move may not deliver this order (issue 42): cash on delivery still to collect is recorded only with the
 * amount collected, which a bulk move does not carry; null when it may.
 */
export function bulkDeliveryRefusal(order: repo.OrderRow, status: string): string | null {
  if (status !== 'DELIVERED' || order.paymentMethod !== 'COD' || order.paymentStatus !== 'PENDING')
    return null;
  return `Cash on delivery of ${formatPaise(order.totalPaise)} is still to collect: mark it delivered on its own page with the amount collected`;
}

/**
 * Marking an order delivered (issue 42): cash on delivery still to collect needs the amount collected, when sent,
 * to equal the amount due (400 at amount_collected); a UPI payment still pending needs the shop to say it knows
 * (409 PAYMENT_PENDING unless payment_pending_acknowledged).
 */
export function assertDeliverable(
  order: repo.OrderRow,
  v: { status: string; amount_collected?: number; payment_pending_acknowledged?: boolean },
) {
  if (v.status !== 'DELIVERED' || order.paymentStatus !== 'PENDING') return;
  const number = orderNumber(order.number);
  if (order.paymentMethod === 'COD' && v.amount_collected !== undefined) {
    const collected = rupeesToPaise(v.amount_collected);
    if (collected !== order.totalPaise) {
      const message = `Amount collected must be ${formatPaise(order.totalPaise)}, the amount due on order ${number} (${formatPaise(collected)} was entered)`;
      throw badRequest(message, [{ path: 'amount_collected', message }]);
    }
  }
  if (order.paymentMethod === 'UPI' && !v.payment_pending_acknowledged) {
    throw new AppError(
      409,
      'CONFLICT',
      `The UPI payment of order ${number} is still pending. Record its UTR first, or confirm you are delivering it unpaid (payment_pending_acknowledged).`,
      {
        reason: 'PAYMENT_PENDING',
        issues: [{ path: 'payment_pending_acknowledged', message: 'The UPI payment is still pending' }],
      },
    );
  }
}

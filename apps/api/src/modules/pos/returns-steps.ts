import { type counterReturnBody, formatPaise } from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { z } from 'zod';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';

import * as ordersRepo from '../orders/index.ts';

import * as repo from './returns.repository.ts';
import type { ReturnedLine } from './returns-value.ts';

/* The steps of a counter return that write (returns.service.ts reads as them). */

type Body = z.output<typeof counterReturnBody>;

/**
 * Why a sale cannot be returned at the counter, or null. Online orders are returned from Order Management, where
 * the return request, the parcel coming back and its refund have their own rules (decisions 0006, 0023).
 */
export function whyNotReturnable(order: Pick<ordersRepo.OrderRow, 'channel' | 'status' | 'number'>) {
  const n = ordersRepo.orderNumber(order.number);
  if (order.channel !== 'POS') {
    return `${n} is an online order: it is returned from Order Management (its return request and refund), not at the counter.`;
  }
  if (order.status === 'CANCELLED') return `${n} was cancelled: nothing of it can be returned.`;
  return null;
}

/** The units back on the shelf, in lock order, each through `returnStock` (never past what was sold), with RETURN rows. */
export async function restockReturned(
  tx: Tx,
  r: { storeId: string; order: ordersRepo.OrderRow; lines: ReturnedLine[]; userId: string },
) {
  const ledger = [];
  for (const { item, quantity } of [...r.lines].sort((a, b) => ordersRepo.byStockLock(a.item, b.item))) {
    const after = await ordersRepo.returnStock(tx, item, quantity);
    if (after === null) continue;
    ledger.push({
      storeId: r.storeId,
      productId: item.productId,
      variantId: item.variantId,
      change: quantity,
      quantityAfter: after,
      reason: 'RETURN' as const,
      note: `Counter return ${ordersRepo.orderNumber(r.order.number)}`,
      orderId: r.order.id,
      actorId: r.userId,
    });
  }
  if (ledger.length) await ordersRepo.insertLedger(tx, ledger);
}

/**
 * The money of a return: a sale on the customer's khata is returned onto it (the balance lowered, a RETURN entry);
 * any other sale gets a refund counted against its payment (never past what was paid), by cash (from the drawer
 * the cashier has open), UPI or card. An exchange is recorded as that refund and a sale of the new bill, both in
 * the method the difference is settled in, so each method's book nets to the money that really moved.
 */
export async function settleMoney(
  tx: Tx,
  r: {
    ctx: ShopContext;
    order: ordersRepo.OrderRow;
    body: Body;
    lines: ReturnedLine[];
    returnedPaise: number;
  },
): Promise<{ refundId: string | null; registerSessionId: string | null }> {
  const { ctx, order, body } = r;
  if (order.paymentMethod === 'CREDIT') return onKhata(tx, r);
  if (body.method === 'KHATA') {
    const message =
      'Only a sale on the customer’s khata is returned onto the khata: choose cash, UPI or card';
    throw badRequest(message, [{ path: 'method', message }]);
  }
  if (r.returnedPaise <= 0) return { refundId: null, registerSessionId: null };
  const payment = await repo.salePayment(tx, order.id);
  const after = payment ? await repo.takeRefund(tx, payment.id, r.returnedPaise) : null;
  if (!payment || !after) {
    const left = payment ? payment.amountPaise - payment.refundedPaise : 0;
    throw new AppError(409, 'CONFLICT', `Only ${formatPaise(left)} is left to refund on this sale.`, {
      reason: 'REFUND_OVER_CAP',
      issues: [{ path: 'lines', message: `At most ${formatPaise(left)} can be refunded` }],
    });
  }
  const refund = await repo.insertRefund(tx, {
    storeId: ctx.store.id,
    orderId: order.id,
    amountPaise: r.returnedPaise,
    reason: body.kind === 'EXCHANGE' ? `Exchange at the counter: ${body.reason}` : body.reason,
    method: body.method,
    reference: body.reference || null,
    restocked: r.lines.map((l) => ({ product_id: l.item.productId, quantity: l.quantity })),
    userId: ctx.actor.userId,
  });
  await ordersRepo.updateOrder(tx, order.id, { paymentStatus: after.paymentStatus });
  return { refundId: refund.id, registerSessionId: refund.registerSessionId };
}

/** A sale on credit: what came back comes off what the customer owes. */
async function onKhata(
  tx: Tx,
  r: { ctx: ShopContext; order: ordersRepo.OrderRow; body: Body; returnedPaise: number },
) {
  const { ctx, order, body } = r;
  if (body.kind === 'EXCHANGE') {
    throw conflict(
      'This sale is on the customer’s khata: return it onto the khata, then sell the new item as a new sale.',
      'KHATA_EXCHANGE',
    );
  }
  if (body.method !== 'KHATA') {
    const message = 'This sale is on the customer’s khata: the return goes back onto the khata (KHATA)';
    throw badRequest(message, [{ path: 'method', message }]);
  }
  if (!order.shopCustomerId) throw conflict('This sale on credit names no customer’s khata.', 'NO_KHATA');
  if (r.returnedPaise > 0) {
    await repo.khataReturn(tx, {
      storeId: ctx.store.id,
      customerId: order.shopCustomerId,
      orderId: order.id,
      amountPaise: r.returnedPaise,
      note: `Returned at the counter (${ordersRepo.orderNumber(order.number)}): ${body.reason}`,
      userId: ctx.actor.userId,
    });
  }
  return { refundId: null, registerSessionId: null };
}

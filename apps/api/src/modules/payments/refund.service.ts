import {
  formatPaise,
  lineName,
  paiseToRupees,
  type RefundBody,
  type RefundMethod,
  refundBody,
  rupeesToPaise,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import { refundThroughGateway } from '../gateway/index.ts';
import { enqueueMail } from '../mail/index.ts';
import * as ordersRepo from '../orders/index.ts';
import { holdCashDrawer } from '../registers/index.ts';
import type { StoreRow } from '../stores/index.ts';

import { issueCreditNote } from './documents.service.ts';
import { refundMail } from './payment-mails.ts';
import * as repo from './payments.repository.ts';
import { detail, orderNumber, paymentOr404 } from './payments.service.ts';

// ---------------------------------------------------------------------------------------------------------------
// Process Refund (split from payments.service.ts): each step named, all in one transaction.

type Refund = z.output<typeof refundBody>;

async function takeFromPayment(tx: Tx, p: repo.PaymentRow, amountPaise: number) {
  if (!['SUCCESS', 'PARTIALLY_REFUNDED'].includes(p.paymentStatus)) {
    throw conflict(
      `This payment is ${p.paymentStatus.toLowerCase()}: only money received can be refunded.`,
      'NOT_REFUNDABLE',
    );
  }
  const after = await repo.takeRefund(tx, p.id, amountPaise);
  if (after) return after;
  const fresh = await repo.findPayment(tx, p.id);
  const left = fresh ? fresh.amountPaise - fresh.refundedPaise : 0;
  throw new AppError(409, 'CONFLICT', `Only ${formatPaise(left)} is left to refund on this payment.`, {
    reason: 'REFUND_OVER_CAP',
    issues: [{ path: 'amount', message: `At most ${formatPaise(left)} can be refunded` }],
  });
}

/**
 * Puts the chosen units back on the shelf with RETURN ledger rows, never more than is left of the order's lines (sold,
 * less what a cancellation, return or earlier refund put back): asking for more is a 409 naming what is left.
 */
async function restock(
  tx: Tx,
  storeId: string,
  order: ordersRepo.OrderRow,
  lines: Refund['restock'],
  actorId: string,
) {
  if (!lines.length) return [];
  const items = await ordersRepo.itemsOf(tx, [order.id]);
  const ledger = [];
  const done: { product_id: string; quantity: number }[] = [];
  for (const l of [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id))) {
    const sold = items
      .filter((i) => i.productId === l.product_id && (!l.variant_id || i.variantId === l.variant_id))
      .sort(ordersRepo.byStockLock);
    if (!sold.length) {
      throw new AppError(400, 'VALIDATION_FAILED', 'That product is not in this order', {
        issues: [{ path: 'restock', message: 'Choose products of this order' }],
      });
    }
    const left = sold.reduce((n, i) => n + ordersRepo.restockable(i), 0);
    if (l.quantity > left) throw restockOverSold(sold, left, !!l.variant_id);
    // Spread over the product's lines (its variants) in lock order, each up to what is left of it.
    let wanted = l.quantity;
    let back = 0;
    for (const i of sold) {
      const quantity = Math.min(wanted, ordersRepo.restockable(i));
      if (quantity <= 0) continue;
      wanted -= quantity;
      const after = await ordersRepo.returnStock(tx, i, quantity);
      if (after === null) continue;
      i.restockedQuantity += quantity;
      back += quantity;
      ledger.push({
        storeId,
        productId: i.productId,
        variantId: i.variantId,
        change: quantity,
        quantityAfter: after,
        reason: 'RETURN' as const,
        note: `Refund ${orderNumber(order.number)}`,
        orderId: order.id,
        actorId,
      });
    }
    if (back) done.push({ product_id: l.product_id, quantity: back });
  }
  await ordersRepo.insertLedger(tx, ledger);
  return done;
}

/** 409: "Only 0 of 1 × Masala Chai can still go back to stock". */
function restockOverSold(sold: ordersRepo.OrderItemRow[], left: number, oneVariant: boolean) {
  const first = sold[0] as ordersRepo.OrderItemRow;
  const name = oneVariant ? lineName(first.name, first.variantLabel) : first.name;
  const total = sold.reduce((n, i) => n + i.quantity, 0);
  const message = `Only ${left} of ${total} × ${name} can still go back to stock`;
  return new AppError(409, 'CONFLICT', message, {
    reason: 'RESTOCK_OVER_SOLD',
    issues: [{ path: 'restock', message }],
  });
}

/**
 * Process Refund: takes the amount from what is left on the payment (a 409 naming what is left when it is more),
 * records how the money went back, restocks the chosen lines, issues a credit note against the invoice, moves
 * the order's payment status, mails the customer and writes the audit row.
 */
export const refund = (deps: Deps, actor: Actor, store: StoreRow, paymentId: string, body: RefundBody) => {
  // Restocking takes variant rows that counter sales and orders take too: a deadlock PostgreSQL broke (seen in the
  // fault suite's load) rolled everything back, so the refund is simply made again, as place-order and POS do.
  // A refund the gateway already accepted is not asked for again on that retry (`memo`).
  const memo: GatewayMemo = {};
  return retryOnDeadlock(() => refundOnce(deps, actor, store, paymentId, body, memo));
};

type GatewayMemo = { made?: Awaited<ReturnType<typeof refundThroughGateway>> };

/**
 * How the money goes back: an online payment through its gateway (issue 44; PENDING until the gateway's
 * refund.processed webhook, a refusal rolls the whole refund back), anything else as the merchant chose.
 */
async function moneyBack(
  deps: Deps,
  tx: Tx,
  p: repo.PaymentRow,
  v: { method: RefundMethod; reference?: string | undefined; amountPaise: number },
  memo: GatewayMemo,
) {
  if (p.paymentMode !== 'ONLINE' || !p.gatewayPaymentId) {
    if (v.method === 'GATEWAY') {
      const message = 'Only a payment made online goes back through the payment gateway';
      throw new AppError(400, 'VALIDATION_FAILED', message, { issues: [{ path: 'method', message }] });
    }
    return {
      method: v.method,
      status: 'COMPLETED' as const,
      gatewayRefundId: null,
      reference: v.reference || null,
    };
  }
  memo.made ??= await refundThroughGateway(deps, tx, {
    paymentId: p.gatewayPaymentId,
    amountPaise: v.amountPaise,
    notes: { order_id: p.orderId },
  });
  const r = memo.made;
  const status = r.status === 'processed' ? ('COMPLETED' as const) : ('PENDING' as const);
  return { method: 'GATEWAY' as const, status, gatewayRefundId: r.id, reference: r.id };
}

const refundOnce = (
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  paymentId: string,
  body: RefundBody,
  memo: GatewayMemo,
) =>
  withStore(deps.db, store.id, async (tx) => {
    const v = refundBody.parse(body);
    const amountPaise = rupeesToPaise(v.amount);
    const p = await paymentOr404(tx, paymentId, true);
    const order = await ordersRepo.lockOrder(tx, p.orderId);
    if (!order) throw notFound('Transaction not found');
    const after = await takeFromPayment(tx, p, amountPaise);
    const restocked = await restock(tx, store.id, order, v.restock, actor.userId);
    const how = await moneyBack(deps, tx, p, { ...v, amountPaise }, memo);
    // Cash handed back comes out of the drawer the refunder has open (issue 38), held until the commit.
    const drawer = how.method === 'CASH' ? await holdCashDrawer(tx, store.id, actor.userId) : null;
    const row = await repo.insertRefund(tx, {
      registerSessionId: drawer?.id ?? null,
      storeId: store.id,
      orderId: order.id,
      amountPaise,
      reason: v.reason,
      method: how.method,
      reference: how.reference,
      status: how.status,
      gatewayRefundId: how.gatewayRefundId,
      restocked,
      createdBy: actor.userId,
    });
    const invoice = (await repo.documentsOf(tx, order.id)).find((d) => d.kind !== 'CREDIT_NOTE');
    const note = invoice
      ? await issueCreditNote(tx, store, invoice, { id: row.id, amountPaise, reason: v.reason })
      : null;
    await ordersRepo.updateOrder(tx, order.id, { paymentStatus: after.paymentStatus });
    await ordersRepo.insertEvent(tx, {
      storeId: store.id,
      orderId: order.id,
      status: 'REFUNDED',
      note: `${formatPaise(amountPaise)} by ${how.method.toLowerCase()}: ${v.reason}`,
      actorId: actor.userId,
    });
    if (order.contactEmail) {
      await enqueueMail(
        tx,
        refundMail({
          to: order.contactEmail,
          shopName: store.storeName,
          storeId: store.id,
          order,
          amountPaise,
          method: how.method,
          reason: v.reason,
          creditNote: note?.number ?? null,
        }),
      );
    }
    await recordAudit(tx, store.id, actor, {
      entity: 'ORDER',
      entityId: order.id,
      action: 'REFUND',
      summary: `Order ${orderNumber(order.number)} refunded ${formatPaise(amountPaise)}`,
      before: { payment_status: p.paymentStatus, refunded: paiseToRupees(p.refundedPaise) },
      after: { payment_status: after.paymentStatus, refunded: paiseToRupees(after.refundedPaise) },
    });
    return detail(tx, p.id);
  });

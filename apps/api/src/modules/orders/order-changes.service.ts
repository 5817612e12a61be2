import { type OrderStatus, trackingLink } from '@haat/contracts';
import type { Tx } from '@haat/db';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { StoreRow } from '../stores/index.ts';

import * as adminRepo from './admin-orders.repository.ts';
import { readDetail } from './admin-orders.service.ts';
import { auditChange, type Ctx, event, inStore, notifyCustomer } from './order-change-steps.ts';
import { assertDeliverable, assertTransition, bulkDeliveryRefusal, lockForChange } from './order-guards.ts';
import { orderNumber } from './order-view.ts';
import * as repo from './orders.repository.ts';
import { cancelInTx } from './orders.service.ts';
import { lockOpenReturn, type ReturnRequestRow, settleReturn } from './return-requests.repository.ts';
import { acceptLines, declineLines, takesWholeOrder } from './return-requests.service.ts';
import { eventNote, moveSummary } from './status-words.ts';

export { editOrder, recordPayment, updateShipping } from './order-records.service.ts';

// Changes: each locks the order, checks the version it was made against, makes its change, and records an
// order event, an audit row and the customer's mail in the same transaction.

/**
 * Issuing an order's tax invoice when it ships: payments' `issueInvoice`, handed in by app.ts through
 * `adminOrderRoutes` (payments sits above orders, so orders does not import it).
 */
export interface Invoicing {
  issueInvoice: (tx: Tx, store: StoreRow, order: repo.OrderRow) => Promise<{ number: string }>;
}

/** A change that may move an order to another status (shipping issues its invoice). */
type MoveCtx = Ctx & Invoicing;

/**
 * Stock back with RETURN ledger rows (only the units a refund has not already put back), and the coupon's use
 * freed: what a returned order gives back.
 */
async function restockReturn(ctx: Ctx, order: repo.OrderRow) {
  const items = await repo.itemsOf(ctx.tx, [order.id]);
  const ledger = [];
  for (const i of [...items].sort(repo.byStockLock)) {
    const back = repo.restockable(i);
    const after = await repo.returnStock(ctx.tx, i, back);
    if (after === null) continue;
    ledger.push({
      storeId: ctx.store.id,
      productId: i.productId,
      variantId: i.variantId,
      change: back,
      quantityAfter: after,
      reason: 'RETURN' as const,
      note: orderNumber(order.number),
      orderId: order.id,
      actorId: ctx.actor.userId,
    });
  }
  await repo.insertLedger(ctx.tx, ledger);
  if (order.couponId) await repo.releaseCoupon(ctx.tx, order.couponId);
}

type StatusChange = {
  status: Exclude<OrderStatus, 'PENDING'>;
  tracking_number?: string;
  carrier?: string;
  tracking_url?: string;
  reason?: string;
  version?: number;
  amount_collected?: number;
  payment_pending_acknowledged?: boolean;
};

/** The shipment a SHIPPED change must carry: carrier and tracking number, and its link. */
function shipmentOf(v: StatusChange, order: repo.OrderRow) {
  const carrier = v.carrier || order.carrier;
  const trackingNumber = v.tracking_number || order.trackingNumber;
  if (!carrier)
    throw badRequest('Carrier is required to ship', [{ path: 'carrier', message: 'Carrier is required' }]);
  if (!trackingNumber) {
    throw badRequest('Tracking number is required to ship', [
      { path: 'tracking_number', message: 'Tracking number is required' },
    ]);
  }
  return { carrier, trackingNumber, trackingUrl: v.tracking_url || trackingLink(carrier, trackingNumber) };
}

/** Moves one locked order to a new status; the other steps (event, mail) follow from the status. */
async function moveOrder(ctx: MoveCtx, order: repo.OrderRow, v: StatusChange) {
  assertTransition(order, v.status);
  assertDeliverable(order, v);
  if (v.status === 'CANCELLED')
    return cancelInTx(ctx.tx, ctx.store, order, {
      actorId: ctx.actor.userId,
      reason: v.reason,
      byShop: true,
    });
  const now = new Date();
  const stamp: Partial<repo.OrderInsert> = { status: v.status };
  if (v.status === 'CONFIRMED') stamp.confirmedAt = now;
  if (v.status === 'PROCESSING') stamp.processingAt = now;
  const shipment = v.status === 'SHIPPED' ? shipmentOf(v, order) : null;
  if (shipment) Object.assign(stamp, { shippedAt: now }, shipment);
  if (v.status === 'DELIVERED') stamp.deliveredAt = now;
  if (v.status === 'RETURNED') stamp.returnedAt = now;
  if (v.status === 'RTO') stamp.rtoAt = now;
  const updated = await repo.updateOrder(ctx.tx, order.id, stamp);
  await event(ctx, order.id, v.status, eventNote(order, v, shipment));
  if (shipment) {
    const doc = await ctx.issueInvoice(ctx.tx, ctx.store, updated);
    const summary = `Invoice ${doc.number} issued for order ${orderNumber(order.number)}`;
    await recordAudit(ctx.tx, ctx.store.id, ctx.actor, {
      entity: 'INVOICE',
      entityId: order.id,
      action: 'ISSUE',
      summary,
    });
  }
  if (v.status === 'DELIVERED' && order.paymentMethod === 'COD' && order.paymentStatus === 'PENDING') {
    return collectCash(ctx, updated);
  }
  if (v.status === 'RETURNED') {
    await restockReturn(ctx, order);
    if (order.status === 'RTO') return receivedBackFromRto(ctx, updated, v.reason);
    const decided = await adminRepo.decideReturn(ctx.tx, order.id, {
      status: 'COMPLETED',
      by: ctx.actor.userId,
      note: v.reason ?? null,
    });
    await notifyCustomer(ctx, updated, decided ? 'RETURN_ACCEPTED' : 'RETURNED', v.reason);
    return updated;
  }
  await notifyCustomer(ctx, updated, v.status, v.status === 'RTO' ? v.reason : null);
  return updated;
}

/**
 * An RTO parcel back on the shelf (its stock already restored): cash on delivery that was never collected is
 * closed as CANCELLED, as for a cancelled order; a paid order keeps its payment for the refund. The customer is told.
 */
async function receivedBackFromRto(ctx: Ctx, order: repo.OrderRow, note: string | undefined) {
  let closed = order;
  if (order.paymentMethod === 'COD' && order.paymentStatus === 'PENDING') {
    closed = await repo.updateOrder(ctx.tx, order.id, { paymentStatus: 'CANCELLED' });
    await repo.setPaymentStatus(ctx.tx, order.id, 'CANCELLED');
  }
  await notifyCustomer(ctx, closed, 'RTO_RECEIVED', note);
  return closed;
}

/** Delivering a cash-on-delivery order records the cash as collected: payment PAID, with who and when. */
async function collectCash(ctx: Ctx, order: repo.OrderRow) {
  const paid = await repo.updateOrder(ctx.tx, order.id, { paymentStatus: 'SUCCESS' });
  await adminRepo.receivePayment(ctx.tx, order.id, { by: ctx.actor.userId });
  await event(ctx, order.id, 'PAYMENT_RECEIVED', `Cash collected on delivery`);
  await notifyCustomer(ctx, paid, 'DELIVERED');
  return paid;
}

/** The vendor moves an order along (Update Order Status). */
export const setStatus = (
  shop: ShopContext,
  { orderId, change: v }: { orderId: string; change: StatusChange },
  invoicing: Invoicing,
) =>
  inStore(shop, async (c) => {
    const ctx = { ...c, ...invoicing };
    const order = await lockForChange(ctx.tx, orderId, v.version);
    const updated = await moveOrder(ctx, order, v);
    await auditChange(ctx, order, updated, 'STATUS', moveSummary(order, updated));
    return readDetail(ctx.tx, order.id);
  });

/** Several orders moved together; each obeys the rules on its own, and the answer says which moved and why not. */
export const bulkStatus = (
  shop: ShopContext,
  v: { ids: string[]; status: Exclude<OrderStatus, 'PENDING' | 'RETURNED' | 'RTO'>; reason?: string },
  invoicing: Invoicing,
) =>
  inStore(shop, async (c) => {
    const ctx = { ...c, ...invoicing };
    const ids = [...new Set(v.ids)];
    const locked = await adminRepo.lockOrders(ctx.tx, ids);
    const moved: { id: string; order_number: string }[] = [];
    const skipped: { id: string; order_number: string | null; reason: string }[] = [];
    for (const id of ids) {
      const order = locked.find((o) => o.id === id);
      if (!order) {
        skipped.push({ id, order_number: null, reason: 'Order not found' });
        continue;
      }
      const refused = bulkDeliveryRefusal(order, v.status);
      if (refused) {
        skipped.push({ id, order_number: orderNumber(order.number), reason: refused });
        continue;
      }
      // Each order in its own savepoint (as SQL: the pipelined client has no savepoint API), so one that may not
      // move leaves the others moved.
      await ctx.tx.execute(sql`savepoint bulk_move`);
      try {
        const updated = await moveOrder(ctx, order, { status: v.status, reason: v.reason });
        await auditChange(ctx, order, updated, 'STATUS', `marked ${updated.status.toLowerCase()} (bulk)`);
        await ctx.tx.execute(sql`release savepoint bulk_move`);
        moved.push({ id, order_number: orderNumber(order.number) });
      } catch (e) {
        await ctx.tx.execute(sql`rollback to savepoint bulk_move`);
        if (!(e instanceof AppError)) throw e;
        skipped.push({ id, order_number: orderNumber(order.number), reason: e.message });
      }
    }
    return { moved, skipped };
  });

/**
 * The vendor accepts a customer's return request, all of it or some lines (`item_ids`, issue 40), or declines it.
 * Accepting every unit the customer holds returns the whole order (RETURNED, stock back); fewer lines, or an
 * exchange, keep it delivered with only the accepted units back (return-requests.service.ts).
 */
export const decideReturn = (
  shop: ShopContext,
  {
    orderId,
    decision: v,
  }: {
    orderId: string;
    decision: { decision: 'ACCEPT' | 'DECLINE'; note?: string; item_ids?: string[]; version: number };
  },
  invoicing: Invoicing,
) =>
  inStore(shop, async (ctx) => {
    const order = await lockForChange(ctx.tx, orderId, v.version);
    const request = await lockOpenReturn(ctx.tx, order.id);
    // A request made before requests had lines is for the whole order.
    const byLine = request?.lines.length ? request : null;
    if (v.decision === 'ACCEPT') {
      const items = byLine ? await repo.itemsOf(ctx.tx, [order.id]) : [];
      if (byLine && !takesWholeOrder(byLine.kind, byLine.lines, items, v.item_ids)) {
        assertTransition(order, 'RETURNED');
        await acceptLines(ctx, order, byLine, { itemIds: v.item_ids, note: v.note });
        return readDetail(ctx.tx, order.id);
      }
      const updated = await moveOrder({ ...ctx, ...invoicing }, order, {
        status: 'RETURNED',
        reason: v.note,
      });
      if (byLine) await acceptWhole(ctx, byLine, v.note);
      await auditChange(ctx, order, updated, 'RETURN', 'return accepted');
      return readDetail(ctx.tx, order.id);
    }
    const declined = byLine
      ? await declineLines(ctx, byLine, v.note ?? null)
      : await adminRepo.decideReturn(ctx.tx, order.id, {
          status: 'REJECTED',
          by: ctx.actor.userId,
          note: v.note ?? null,
        });
    if (!declined) throw conflict('This order has no open return request.', 'NO_RETURN_REQUEST');
    const touched = await repo.updateOrder(ctx.tx, order.id, {});
    await event(ctx, order.id, 'RETURN_DECLINED', v.note);
    await notifyCustomer(ctx, touched, 'RETURN_DECLINED', v.note);
    await recordAudit(ctx.tx, ctx.store.id, ctx.actor, {
      entity: 'ORDER',
      entityId: order.id,
      action: 'RETURN',
      summary: `Order ${orderNumber(order.number)} return declined`,
      before: { return_status: 'REQUESTED' },
      after: { return_status: 'REJECTED', note: v.note },
    });
    return readDetail(ctx.tx, order.id);
  });

/** A request by lines that took the whole order back: each line accepted, the whole paid value due back. */
async function acceptWhole(ctx: Ctx, request: ReturnRequestRow, note: string | undefined) {
  const lines = request.lines.map((l) => ({ ...l, status: 'ACCEPTED' as const }));
  await settleReturn(ctx.tx, request.id, {
    status: 'COMPLETED',
    lines,
    refundPaise: lines.reduce((n, l) => n + l.amount_paise, 0),
    decidedBy: ctx.actor.userId,
    decisionNote: note ?? null,
  });
}

import { formatPaise, type ReturnKind } from '@haat/contracts';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { asCustomer } from '../cart/index.ts';
import { enqueueMail } from '../mail/index.ts';

import { type Ctx, event } from './order-change-steps.ts';
import { findUser } from './order-parties.repository.ts';
import { orderNumber, viewOrder } from './order-view.ts';
import * as repo from './orders.repository.ts';
import { askedLines, linesText, type ReturnRequestLine, refundText, returnable } from './return-lines.ts';
import { returnDecidedMail, returnRequestedMail } from './return-mails.ts';
import * as returns from './return-requests.repository.ts';

/* Returns and exchanges per line and per quantity (issue 40): the shopper's request and the shop's partial answer. */

const dateText = (d: Date) =>
  d.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/**
 * A shopper asks to return or exchange some units of a delivered order (every unit when `items` is left out, as
 * older clients ask). One request per order: a second is refused naming the first. The request is confirmed by mail.
 */
export const requestReturn = (
  ctx: ShopContext,
  v: {
    orderId: string;
    reason: string;
    kind?: ReturnKind;
    items?: { item_id: string; quantity: number }[];
  },
) =>
  asCustomer(ctx.deps, ctx.actor, ctx.store, async (tx, customerId) => {
    const { store } = ctx;
    const order = isUuid(v.orderId) ? await repo.lockOrder(tx, v.orderId, customerId) : null;
    if (!order) throw notFound('Order not found');
    if (order.status !== 'DELIVERED') {
      throw conflict('Only delivered orders can be returned.', 'ORDER_NOT_RETURNABLE');
    }
    const before = await returns.returnOf(tx, order.id);
    if (before) {
      throw conflict(
        `You already asked to return items of this order on ${dateText(before.createdAt)}; the shop answers that request. For anything else, contact the shop.`,
        'RETURN_EXISTS',
      );
    }
    const kind = v.kind ?? 'RETURN';
    const items = await repo.itemsOf(tx, [order.id]);
    const lines = askedLines(order, items, v.items);
    const created = await repo.insertReturn(tx, {
      storeId: store.id,
      orderId: order.id,
      customerId,
      reason: v.reason,
      kind,
      lines,
    });
    if (!created) throw conflict('A return was already requested for this order.', 'RETURN_EXISTS');
    const what = linesText(lines, items);
    await repo.insertEvent(tx, {
      storeId: store.id,
      orderId: order.id,
      status: 'RETURN_REQUESTED',
      // The shopper's words, as the dashboard's activity quotes them; the lines are on the request.
      note: v.reason,
      actorId: customerId,
    });
    if (order.contactEmail) {
      const user = await findUser(tx, customerId);
      const mail = { to: order.contactEmail, firstName: user?.firstName ?? null, shopName: store.storeName };
      await enqueueMail(
        tx,
        returnRequestedMail({ ...mail, storeId: store.id, order, kind, lines: what, reason: v.reason }),
      );
    }
    return viewOrder(tx, store, customerId, order);
  });

/** Which requested lines the shop accepts: the ids named (each one of the request's, else 400 at item_ids), or all. */
function chooseLines(lines: ReturnRequestLine[], itemIds: string[] | undefined) {
  if (!itemIds) return lines.map((l) => ({ ...l, status: 'ACCEPTED' as const }));
  itemIds.forEach((id, n) => {
    if (!lines.some((l) => l.item_id === id)) {
      const message = 'That line is not in the return request';
      throw badRequest(message, [{ path: `item_ids.${n}`, message }]);
    }
  });
  return lines.map((l) => ({
    ...l,
    status: itemIds.includes(l.item_id) ? ('ACCEPTED' as const) : ('REJECTED' as const),
  }));
}

/** Whether accepting these lines takes back every unit the customer holds: the whole order comes back. */
export function takesWholeOrder(
  kind: ReturnKind,
  lines: ReturnRequestLine[],
  items: repo.OrderItemRow[],
  itemIds: string[] | undefined,
) {
  if (kind !== 'RETURN') return false;
  const accepted = chooseLines(lines, itemIds).filter((l) => l.status === 'ACCEPTED');
  return items.every((i) => returnable(i) === (accepted.find((l) => l.item_id === i.id)?.quantity ?? 0));
}

/**
 * The shop accepts some lines of a request (the rest declined): a return's accepted units go back on the shelf
 * (RETURN ledger rows, never more than the customer holds) and their share of what was paid is due back; an
 * exchange sends the same again (no stock or money moves). The order stays delivered; the customer is mailed.
 */
export async function acceptLines(
  ctx: Ctx,
  order: repo.OrderRow,
  request: returns.ReturnRequestRow,
  v: { itemIds?: string[]; note?: string },
) {
  const items = await repo.itemsOf(ctx.tx, [order.id]);
  const lines = chooseLines(request.lines, v.itemIds);
  const accepted = lines.filter((l) => l.status === 'ACCEPTED');
  if (request.kind === 'RETURN') await restockLines(ctx, order, items, accepted);
  const refundPaise = request.kind === 'RETURN' ? accepted.reduce((n, l) => n + l.amount_paise, 0) : 0;
  await returns.settleReturn(ctx.tx, request.id, {
    status: 'COMPLETED',
    lines,
    refundPaise,
    decidedBy: ctx.actor.userId,
    decisionNote: v.note ?? null,
  });
  const touched = await repo.updateOrder(ctx.tx, order.id, {});
  const what = linesText(accepted, items);
  const declined = linesText(
    lines.filter((l) => l.status === 'REJECTED'),
    items,
  );
  const money = refundText(request.kind, refundPaise);
  const word = request.kind === 'EXCHANGE' ? 'Exchange' : 'Return';
  await event(
    ctx,
    order.id,
    'RETURN_ACCEPTED',
    [`${word} accepted: ${what}.`, refundPaise ? `${formatPaise(refundPaise)} due back.` : '', v.note]
      .filter(Boolean)
      .join(' '),
  );
  if (order.contactEmail) {
    await enqueueMail(
      ctx.tx,
      returnDecidedMail({
        to: order.contactEmail,
        shopName: ctx.store.storeName,
        storeId: ctx.store.id,
        order,
        kind: request.kind,
        lines: what,
        declined,
        money,
        note: v.note ?? null,
      }),
    );
  }
  await recordAudit(ctx.tx, ctx.store.id, ctx.actor, {
    entity: 'ORDER',
    entityId: order.id,
    action: 'RETURN',
    summary: `Order ${orderNumber(order.number)} ${word.toLowerCase()} accepted: ${what}${refundPaise ? ` (${formatPaise(refundPaise)} due back)` : ''}`,
    before: { return_status: 'REQUESTED' },
    after: { return_status: 'COMPLETED', accepted: what, declined: declined || null },
  });
  return touched;
}

/** The accepted units back on the shelf, each line up to what the customer holds (409 naming the line beyond it). */
async function restockLines(
  ctx: Ctx,
  order: repo.OrderRow,
  items: repo.OrderItemRow[],
  accepted: ReturnRequestLine[],
) {
  const ledger = [];
  const chosen = items.filter((i) => accepted.some((l) => l.item_id === i.id)).sort(repo.byStockLock);
  for (const item of chosen) {
    const quantity = accepted.find((l) => l.item_id === item.id)?.quantity ?? 0;
    if (quantity > returnable(item)) {
      throw conflict(
        `Only ${returnable(item)} of ${item.quantity} × ${item.name} can still go back to stock`,
        'RESTOCK_OVER_SOLD',
      );
    }
    const after = await repo.returnStock(ctx.tx, item, quantity);
    if (after === null) continue;
    ledger.push({
      storeId: ctx.store.id,
      productId: item.productId,
      variantId: item.variantId,
      change: quantity,
      quantityAfter: after,
      reason: 'RETURN' as const,
      note: orderNumber(order.number),
      orderId: order.id,
      actorId: ctx.actor.userId,
    });
  }
  await repo.insertLedger(ctx.tx, ledger);
}

/** Declining the whole request marks each of its lines declined too. */
export async function declineLines(ctx: Ctx, request: returns.ReturnRequestRow, note: string | null) {
  const lines = request.lines.map((l) => ({ ...l, status: 'REJECTED' as const }));
  return returns.settleReturn(ctx.tx, request.id, {
    status: 'REJECTED',
    lines,
    refundPaise: 0,
    decidedBy: ctx.actor.userId,
    decisionNote: note,
  });
}

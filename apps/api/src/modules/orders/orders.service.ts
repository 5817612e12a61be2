import { CANCELLABLE_STATUSES, type CartData, type OrderTab } from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as cartRepo from '../cart/index.ts';
import { asCustomer, readCart } from '../cart/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { StoreRow } from '../stores/index.ts';

import { orderCancelledMail } from './order-mails.ts';
import { findUser } from './order-parties.repository.ts';
import { orderNumber, viewOrder, viewOrders } from './order-view.ts';
import * as repo from './orders.repository.ts';

async function ownOrder(tx: Tx, customerId: string, orderId: string, lock = false) {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const order = lock
    ? await repo.lockOrder(tx, orderId, customerId)
    : await repo.findOrder(tx, orderId, customerId);
  if (!order) throw notFound('Order not found');
  return order;
}

export const getOrder = (deps: Deps, actor: Actor, store: StoreRow, orderId: string) =>
  asCustomer(deps, actor, store, async (tx, customerId) =>
    viewOrder(tx, store, customerId, await ownOrder(tx, customerId, orderId)),
  );

const encodeCursor = (o: repo.OrderRow) =>
  Buffer.from(`${o.createdAt.toISOString()}|${o.id}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  return { createdAt, id };
}

/** A page of the customer's orders for a tab, newest first, and the cursor of the next page (null at the end). */
export const listOrders = (
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  q: { status: OrderTab; limit: number; cursor?: string },
) =>
  asCustomer(deps, actor, store, async (tx, customerId) => {
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const rows = await repo.listCustomerOrders(tx, customerId, q.status, q.limit + 1, after);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    // A list shows no UPI QR codes; the order's own page does.
    const orders = await viewOrders(tx, customerId, page, {
      upi: { id: null, shopName: store.storeName },
      withUpiQr: false,
    });
    return { orders, nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null };
  });

/** Cancels an order and everything it held: stock back (ledger rows), coupon use, payment; mails the customer. */
export async function cancelInTx(
  tx: Tx,
  store: Pick<StoreRow, 'id' | 'storeName'>,
  order: repo.OrderRow,
  {
    actorId,
    reason,
    byShop,
    mailCustomer = true,
  }: {
    actorId: string | null;
    reason: string | undefined;
    byShop: boolean;
    /** False when the caller sends its own mail (an unconfirmed COD order's expiry). */
    mailCustomer?: boolean;
  },
) {
  if (!CANCELLABLE_STATUSES.includes(order.status)) {
    throw conflict(
      `This order is ${order.status.toLowerCase()} and can no longer be cancelled.`,
      'ORDER_NOT_CANCELLABLE',
    );
  }
  const items = await repo.itemsOf(tx, [order.id]);
  const ledger = [];
  for (const i of [...items].sort(repo.byStockLock)) {
    // Units a refund already put back stay counted once.
    const back = repo.restockable(i);
    const after = await repo.returnStock(tx, i, back);
    if (after !== null) {
      ledger.push({
        storeId: store.id,
        productId: i.productId,
        variantId: i.variantId,
        change: back,
        quantityAfter: after,
        reason: 'CANCELLATION' as const,
        note: orderNumber(order.number),
        orderId: order.id,
        actorId,
      });
    }
  }
  await repo.insertLedger(tx, ledger);
  if (order.couponId) await repo.releaseCoupon(tx, order.couponId);
  const updated = await repo.updateOrder(tx, order.id, {
    status: 'CANCELLED',
    cancelledAt: new Date(),
    cancelReason: reason || null,
    paymentStatus: order.paymentStatus === 'SUCCESS' ? 'REFUNDED' : 'CANCELLED',
  });
  await repo.setPaymentStatus(tx, order.id, updated.paymentStatus);
  await repo.insertEvent(tx, {
    storeId: store.id,
    orderId: order.id,
    status: 'CANCELLED',
    note: reason,
    actorId,
  });
  if (order.contactEmail && mailCustomer) {
    const user = order.customerId ? await findUser(tx, order.customerId) : null;
    await enqueueMail(
      tx,
      orderCancelledMail({
        to: order.contactEmail,
        firstName: user?.firstName ?? null,
        shopName: store.storeName,
        storeId: store.id,
        order: updated,
        byShop,
      }),
    );
  }
  return updated;
}

export const cancelOrder = (ctx: ShopContext, { orderId, reason }: { orderId: string; reason?: string }) =>
  asCustomer(ctx.deps, ctx.actor, ctx.store, async (tx, customerId) => {
    const { store } = ctx;
    const order = await ownOrder(tx, customerId, orderId, true);
    const updated = await cancelInTx(tx, store, order, { actorId: customerId, reason, byShop: false });
    return viewOrder(tx, store, customerId, updated);
  });

/** Adds an order's products back to the cart at today's price, as many as stock allows; says what was skipped. */
export const buyAgain = (deps: Deps, actor: Actor, store: StoreRow, orderId: string) =>
  asCustomer(deps, actor, store, async (tx, customerId) => {
    const order = await ownOrder(tx, customerId, orderId);
    const items = await repo.itemsOf(tx, [order.id]);
    let added = 0;
    // The units put back (7 kurtas are 7, not 1 line): what the shopper is told.
    let units = 0;
    const skipped: { name: string; reason: string }[] = [];
    // The cart changes: the shopper's holds end (decision 0030); what others hold at checkout is not added.
    await cartRepo.releaseHolds(tx, customerId);
    const now = new Date();
    const to = { storeId: store.id, customerId, now };
    for (const i of items) {
      const s = i.variantId ? await cartRepo.stockAndLine(tx, customerId, i.variantId, now) : null;
      if (!i.variantId || s?.status !== 'ACTIVE') {
        skipped.push({ name: i.name, reason: 'No longer sold' });
        continue;
      }
      if (await cartRepo.addLine(tx, to, i.variantId, i.quantity, true)) {
        added += 1;
        units += i.quantity;
        continue;
      }
      const room = s.allowed - s.inCart;
      if (room > 0 && (await cartRepo.addLine(tx, to, i.variantId, room, true))) {
        added += 1;
        units += room;
        skipped.push({ name: i.name, reason: `Only ${room} more could be added` });
      } else {
        skipped.push({
          name: i.name,
          reason:
            s.stock === 0
              ? 'Out of stock'
              : s.allowed === 0
                ? 'Held by another shopper at checkout'
                : 'Already in your cart',
        });
      }
    }
    const cart: CartData = await readCart(tx, customerId);
    return { cart, added, units, skipped };
  });

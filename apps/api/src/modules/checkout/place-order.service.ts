import type { CustomerOrder } from '@haat/contracts';
import { SentStatementsFailed, type Tx, withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';
import { shareWithShop } from '../accounts/index.ts';
import { requireCustomer } from '../cart/index.ts';
import * as ordersRepo from '../orders/index.ts';
import { orderView, viewOrder } from '../orders/index.ts';
import type { StoreRow } from '../stores/index.ts';
import * as placing from './place-order.repository.ts';
import { requestHash, whyNotPlaced } from './place-order-checks.ts';
import { type OrderLinks, sendOrder } from './place-order-send.ts';
import { type Body, orderRequest, orderRows, priceOrder, readOrderInputs } from './place-order-steps.ts';

export interface PlaceOrderResult {
  created: boolean;
  order: CustomerOrder;
}

/**
 * Places a cash-on-delivery (or UPI) order in one transaction, as its steps (issue 41): read what it needs with the
 * key's claim (a key seen before answers the first order again), price it from the database (lines, coupon,
 * delivery, COD terms), lay out its rows, send every write and COMMIT as one round trip, and say why not when a
 * statement refused (too little stock, a coupon used up). Any failure rolls all of it back.
 */
export async function placeOrder(
  ctx: ShopContext,
  { body, key, links }: { body: Body; key: string; links: OrderLinks },
): Promise<PlaceOrderResult> {
  const { store } = ctx;
  const request = orderRequest(body, requireCustomer(ctx.actor, store), key, requestHash(body));
  const attempt = () =>
    withStore(
      ctx.deps.db,
      store.id,
      async (tx, ctl) => {
        const inputs = await readOrderInputs(tx, store.id, request);
        if (!inputs.claimed) return { created: false as const, order: await replay(tx, request, store) };
        const now = ctx.now();
        const price = priceOrder(request, inputs, now);
        const rows = orderRows(store, { request, inputs, price, now });
        const sent = sendOrder(ctx, tx, ctl.send, { request, inputs, price, rows, links });
        // The shopper's first order here shares their name, phone and address with the shop (decision 0032).
        ctl.send(shareWithShop(tx, request.customerId, now));
        await ctl.commitSent().catch((e) => {
          throw e instanceof SentStatementsFailed
            ? whyNotPlaced(e.failures, inputs.lines, inputs.coupon?.code)
            : e;
        });
        const placed = {
          order: await sent.order,
          items: await sent.items,
          upiId: inputs.settings?.upiId ?? null,
        };
        if (placed.order.number !== (await sent.number))
          throw new Error('order number out of step with the counter');
        return { created: true as const, placed };
      },
      { genericPlans: true },
    );
  // A deadlock or serialization failure rolled everything back (the key's claim too): try again, twice at most.
  // Orders that cross stock thresholds of several categories at once can deadlock on the stock counts.
  const r = await retryOnDeadlock(attempt);
  if (!r.created) return r;
  // The view is built after the commit: nothing in it needs the transaction, and the rows are free sooner.
  const { order, items, upiId } = r.placed;
  const view = await orderView(
    order,
    { items, payment: undefined, returnRequest: undefined, reviewed: new Set() },
    { upi: { id: upiId, shopName: store.storeName }, withUpiQr: true },
  );
  return { created: true, order: view };
}

/** A key seen before: the same request gets the first order back; another body with it is refused. */
async function replay(
  tx: Tx,
  { customerId, key, hash }: { customerId: string; key: string; hash: string },
  store: StoreRow,
) {
  const prior = await placing.findRequest(tx, customerId, key);
  if (!prior || prior.requestHash !== hash) {
    throw conflict(
      'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  const order = prior.orderId ? await ordersRepo.findOrder(tx, prior.orderId, customerId) : null;
  if (!order) throw conflict('This order is still being placed. Try again in a moment.', 'IN_PROGRESS');
  return viewOrder(tx, store, customerId, order);
}

import { COD_CODE_TTL_MINUTES } from '@haat/contracts';
import type { StoreTx, Tx } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import { codConfirmMail, confirmLink, newConfirmation, upsertConfirmation } from '../cod/index.ts';
import { enqueueMail, type MailMessage } from '../mail/index.ts';
import * as ordersRepo from '../orders/index.ts';
import { newOrderVendorMail, orderPlacedMail } from '../orders/index.ts';
import * as placing from './place-order.repository.ts';
import type { OrderInputs, OrderPrice, OrderRequest, OrderRows } from './place-order-steps.ts';

/** Where the order's mails show its number, filled in by the statement that queues them. */
const NUMBER_TOKEN = '{{ORDER_NUMBER}}';

/** Links in the order's mails: the back office (the shop's new-order mail) and the shop (a COD order's one tap). */
export interface OrderLinks {
  adminOrigin: string;
  shopUrl: string;
}

/**
 * Step 4: every write of the order, sent without waiting for an answer, for the COMMIT to follow right behind
 * (`StoreTx.send`, packages/db). The contended rows (each product's stock, the coupon's uses, the shop's order
 * counter) are taken first: products in id order, then the coupon, then the counter, so concurrent orders lock in
 * the same order. The writes (the mails too) read the new number and stock in their own statements, and an order
 * that finds too little stock, or a coupon used up, fails its statement, so PostgreSQL rolls the whole batch back
 * and the COMMIT with it. No row stays locked while this process gets round to answering: that is what bounds
 * orders per second on one hot product, and per shop. Stock is never taken from units other shoppers hold at
 * checkout (take_order_stock), and the order ends the shopper's own holds with its cart lines (decision 0030).
 * Returns the answers the caller keeps.
 */
export function sendOrder(
  ctx: ShopContext,
  tx: Tx,
  send: StoreTx['send'],
  order: {
    request: OrderRequest;
    inputs: OrderInputs;
    price: OrderPrice;
    rows: OrderRows;
    links: OrderLinks;
  },
) {
  const { store } = ctx;
  const { request, inputs, price, rows } = order;
  const { customerId } = request;
  const { lines, coupon } = inputs;
  const step = ctx.deps.testHooks?.orderStep ?? (() => {});
  const numbered = (mail: MailMessage) =>
    send(
      enqueueMail(tx, mail, { token: NUMBER_TOKEN, value: ordersRepo.currentOrderNumber(store.id, 'ORD-') }),
    );

  const taker = { storeId: store.id, customerId, now: ctx.now() };
  for (const l of lines) send(placing.takeOrderStock(tx, taker, l));
  if (price.useCoupon && coupon) send(placing.useCoupon(tx, store.id, coupon.id));
  const number = send(ordersRepo.nextOrderNumber(tx, store.id));
  step('stock');
  const placed = send(
    ordersRepo.insertOrder(tx, { ...rows.values, number: ordersRepo.currentOrderNumber(store.id) }),
  );
  step('order');
  const items = send(ordersRepo.insertItems(tx, rows.items));
  step('items');
  send(
    ordersRepo.insertEvent(tx, {
      storeId: store.id,
      orderId: rows.orderId,
      status: 'PENDING',
      actorId: customerId,
    }),
  );
  send(
    ordersRepo.insertPayment(tx, {
      storeId: store.id,
      orderId: rows.orderId,
      reference: ordersRepo.currentOrderNumber(store.id, 'TXN-'),
      amountPaise: price.total,
      paymentMode: price.payment,
    }),
  );
  step('payment');
  send(ordersRepo.insertLedger(tx, ledgerRows(store.id, rows.orderId, customerId, lines)));
  step('ledger');
  send(placing.clearOrderedLines(tx, customerId, request.lineIds));
  send(ordersRepo.settleRequest(tx, customerId, request.key, rows.orderId));
  for (const mail of orderMails(ctx, order)) numbered(mail);
  if (price.cod.confirmBy) {
    const confirmation = newConfirmation(ctx.deps.authSecret, store.id, rows.orderId, ctx.now());
    send(upsertConfirmation(tx, confirmation.row));
    const contact = inputs.contact;
    if (contact?.email)
      numbered(
        codConfirmMail({
          to: contact.email,
          firstName: contact.firstName,
          shopName: store.storeName,
          storeId: store.id,
          orderNumber: NUMBER_TOKEN,
          totalPaise: price.total,
          code: confirmation.code,
          minutes: COD_CODE_TTL_MINUTES,
          link: order.links.shopUrl ? confirmLink(order.links.shopUrl, confirmation.token) : null,
          confirmBy: price.cod.confirmBy,
        }),
      );
  }
  step('cart');
  return { number, order: placed, items };
}

const ledgerRows = (storeId: string, orderId: string, actorId: string, lines: OrderInputs['lines']) =>
  lines.map((l) => ({
    storeId,
    productId: l.productId,
    variantId: l.variantId,
    change: -l.quantity,
    quantityAfter: ordersRepo.stockNow(storeId, l.variantId),
    reason: 'SALE' as const,
    note: ordersRepo.currentOrderNumber(storeId, 'ORD-'),
    orderId,
    actorId,
  }));

/** The shopper's "order placed" mail and the shop's "new order" mail, for whoever has an address. */
function orderMails(
  { store }: ShopContext,
  { inputs, rows, links }: { inputs: OrderInputs; rows: OrderRows; links: OrderLinks },
): MailMessage[] {
  const { contact } = inputs;
  const common = { shopName: store.storeName, storeId: store.id, orderNumber: NUMBER_TOKEN };
  const mails: MailMessage[] = [];
  if (contact?.email)
    mails.push(
      orderPlacedMail({
        ...common,
        to: contact.email,
        firstName: contact.firstName,
        order: rows.values,
        items: rows.items,
        orderUrl: `${links.shopUrl.replace(/\/$/, '')}/orders/${rows.orderId}`,
      }),
    );
  if (store.ownerEmail)
    mails.push(
      newOrderVendorMail({
        ...common,
        to: store.ownerEmail,
        orderUrl: `${links.adminOrigin}/admin-orders/${rows.orderId}`,
        order: rows.values,
        items: rows.items,
      }),
    );
  return mails;
}

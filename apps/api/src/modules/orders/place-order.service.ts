import { randomUUID } from 'node:crypto';
import { COD_CODE_TTL_MINUTES, type CustomerOrder, formatPaise, type placeOrderBody } from '@haat/contracts';
import { schema, type Tx, withStore } from '@haat/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as cartRepo from '../cart/index.ts';
import { couponDiscount, couponProblem, requireCustomer } from '../cart/index.ts';
import * as checkoutRepo from '../checkout/index.ts';
import { deliveryChargePaise, expectedDelivery } from '../checkout/index.ts';
import * as codRepo from '../cod/index.ts';
import { type CodTerms, codConfirmMail, codTerms, confirmLink, newConfirmation } from '../cod/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { StoreRow } from '../stores/index.ts';

import { billingColumns } from './billing-address.ts';
import { requiresPrepayment } from './customer-record.repository.ts';
import { newOrderVendorMail, orderPlacedMail } from './order-mails.ts';
import { orderView, viewOrder } from './order-view.ts';
import * as repo from './orders.repository.ts';
import { checkLines, checkPayment, requestHash, whyNotPlaced } from './place-order-checks.ts';

type Body = z.output<typeof placeOrderBody>;
/** Where the order-placed mail shows the order's number, filled in by the statement that queues it. */
const NUMBER_TOKEN = '{{ORDER_NUMBER}}';
const NO_COD: CodTerms = { feePaise: 0, confirmBy: null };

/**
 * A test seam: called once each step's statements are sent and before the COMMIT, so a test can fail the
 * transaction there.
 */
export type StepHook = (step: 'stock' | 'order' | 'items' | 'payment' | 'ledger' | 'cart') => void;

export interface PlaceOrderResult {
  created: boolean;
  order: CustomerOrder;
}

/**
 * Places a cash-on-delivery (or UPI) order in one transaction: re-prices every line from the database, checks
 * the coupon again, takes stock with conditional updates, writes the order, its lines, a pending payment,
 * stock-ledger rows and the mail, and removes the lines from the cart. Any failure rolls all of it back.
 */
export async function placeOrder(
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  body: Body,
  key: string,
  onStep: StepHook = () => {},
  /** The back office's origin, for the link in the shop's new-order mail. */
  adminOrigin = '',
  /** The shop's own address, for the one-tap link of a COD order the customer must confirm. */
  shopUrl = '',
): Promise<PlaceOrderResult> {
  const customerId = requireCustomer(actor, store);
  const hash = requestHash(body);
  const lineIds = body.cart_item.map((l) => (typeof l === 'string' ? l : l.id));
  const deliveryId = typeof body.delivery_type === 'string' ? body.delivery_type : body.delivery_type.id;
  const attempt = () =>
    withStore(
      deps.db,
      store.id,
      async (tx, ctl) => {
        // The key is claimed first; the reads go out with it in the same round trip (statements on a connection run
        // in the order they are sent) and are simply unused when the key was seen before. The cart lines are
        // locked before they are read: a concurrent order of the same lines (under another key) waits here until
        // this one commits, then finds them gone and answers 409 CART_CHANGED, so one cart makes one order.
        const [claimed, , settings, lines, address, options, coupon, contact, billing, prepay] =
          await Promise.all([
            repo.claimRequest(tx, store.id, customerId, key, hash),
            lockCartLines(tx, customerId, lineIds),
            checkoutRepo.findSettings(tx),
            repo.linesToOrder(tx, customerId, lineIds),
            checkoutRepo.findAddress(tx, customerId, body.shipping_address),
            checkoutRepo.listDeliveryOptions(tx),
            cartRepo.appliedCoupon(tx, customerId),
            checkoutRepo.findUser(tx, customerId),
            body.billing_address ? checkoutRepo.findAddress(tx, customerId, body.billing_address) : null,
            requiresPrepayment(tx, customerId),
          ]);
        if (!claimed)
          return { created: false as const, order: await replay(tx, customerId, key, hash, store) };
        const payment = checkPayment(body.payment_option, settings);
        if (!address) throw notFound('Address not found');
        if (body.billing_address && !billing) throw notFound('Billing address not found');
        const option = options.find((o) => o.id === deliveryId);
        if (!option) {
          throw badRequest('Choose a delivery option', [
            { path: 'delivery_type', message: 'Choose a delivery option' },
          ]);
        }
        checkLines(body, lineIds, lines);

        const subtotal = lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
        const problem = coupon ? couponProblem(coupon, subtotal) : null;
        const discount = coupon && !problem ? couponDiscount(coupon, subtotal) : 0;
        const allFree = lines.every((l) => l.freeShipping);
        const shipping = deliveryChargePaise(option, subtotal, allFree);
        const now = new Date();
        const cod =
          payment === 'COD'
            ? codTerms(settings, prepay, address, subtotal - discount + shipping, now)
            : NO_COD;
        const total = subtotal - discount + shipping + cod.feePaise;
        if (body.total_amount !== undefined && Math.round(body.total_amount * 100) !== total) {
          const why =
            problem && coupon ? ` Coupon ${coupon.code} can no longer be used: ${problem.message}.` : '';
          throw new AppError(
            409,
            'CONFLICT',
            `Your order total changed from ${formatPaise(Math.round(body.total_amount * 100))} to ${formatPaise(total)}.${why} Please review your order.`,
            { reason: 'PRICE_CHANGED' },
          );
        }

        const useCoupon = !!coupon && discount > 0;
        const ratio = subtotal ? (subtotal - discount) / subtotal : 0;
        const tax = Math.round(
          lines.reduce(
            (n, l) => n + (l.unitPricePaise * l.quantity * ratio * l.taxPercent) / (100 + l.taxPercent),
            0,
          ),
        );
        const orderId = randomUUID();
        const values = {
          id: orderId,
          storeId: store.id,
          customerId,
          paymentMethod: payment,
          subtotalPaise: subtotal,
          discountPaise: discount,
          couponId: useCoupon ? coupon.id : null,
          couponCode: useCoupon ? coupon.code : null,
          shippingPaise: shipping,
          codFeePaise: cod.feePaise,
          codConfirmBy: cod.confirmBy,
          taxPaise: tax,
          totalPaise: total,
          totalItems: lines.reduce((n, l) => n + l.quantity, 0),
          deliveryName: option.name,
          deliveryEstimate: option.estimatedTime,
          expectedDeliveryAt: expectedDelivery(now, option.maxDays),
          shipName: address.fullName,
          shipPhone: address.phoneNumber ?? contact?.phone ?? null,
          shipLine1: address.addressLine1,
          shipLine2: address.addressLine2,
          shipCity: address.city,
          shipState: address.state,
          shipPostalCode: address.postalCode,
          shipCountry: address.country,
          ...billingColumns(billing),
          contactEmail: contact?.email ?? null,
          contactPhone: contact?.phone ?? null,
        };
        const items = lines.map((l) => ({
          storeId: store.id,
          orderId,
          productId: l.productId,
          variantId: l.variantId,
          name: l.name,
          variantLabel: l.variantLabel,
          sku: l.sku,
          image: l.image,
          quantity: l.quantity,
          unitPricePaise: l.unitPricePaise,
          costPaise: l.costPaise,
          taxPercent: l.taxPercent,
        }));

        // The contended rows (each product's stock, the coupon's uses, the shop's order counter) are taken at the
        // start of one batch that carries every write of the order and then COMMIT, all sent without waiting for an
        // answer: products in id order, then the coupon, then the counter, so concurrent orders lock in the same
        // order. The writes (the mail too) read the new number and stock in their own statements (a transaction's
        // statements see the ones before them), and a sale that finds too little stock, or a coupon used up, fails
        // its statement, so PostgreSQL rolls the whole batch back and the COMMIT with it. No row stays locked while
        // this process gets round to answering: that is what bounds orders per second on one hot product, and per
        // shop. `send` issues each statement in this order (and keeps an unawaited failure from going unhandled).
        const sent: Promise<unknown>[] = [];
        const send = <T>(statement: PromiseLike<T>) => {
          const p = Promise.resolve(statement);
          p.catch(() => {});
          sent.push(p);
          return p;
        };
        for (const l of lines) send(repo.takeStock(tx, store.id, l.variantId, l.quantity));
        if (useCoupon) send(repo.useCoupon(tx, store.id, coupon.id));
        const number = send(repo.nextOrderNumber(tx, store.id));
        onStep('stock');
        const order = send(repo.insertOrder(tx, { ...values, number: repo.currentOrderNumber(store.id) }));
        onStep('order');
        const orderItems = send(repo.insertItems(tx, items));
        onStep('items');
        send(repo.insertEvent(tx, { storeId: store.id, orderId, status: 'PENDING', actorId: customerId }));
        send(
          repo.insertPayment(tx, {
            storeId: store.id,
            orderId,
            reference: repo.currentOrderNumber(store.id, 'TXN-'),
            amountPaise: total,
            paymentMode: payment,
          }),
        );
        onStep('payment');
        send(
          repo.insertLedger(
            tx,
            lines.map((l) => ({
              storeId: store.id,
              productId: l.productId,
              variantId: l.variantId,
              change: -l.quantity,
              quantityAfter: repo.stockNow(store.id, l.variantId),
              reason: 'SALE' as const,
              note: repo.currentOrderNumber(store.id, 'ORD-'),
              orderId,
              actorId: customerId,
            })),
          ),
        );
        onStep('ledger');
        send(repo.clearOrderedLines(tx, customerId, lineIds));
        send(repo.settleRequest(tx, customerId, key, orderId));
        if (contact?.email) {
          const mail = orderPlacedMail({
            to: contact.email,
            firstName: contact.firstName,
            shopName: store.storeName,
            storeId: store.id,
            orderNumber: NUMBER_TOKEN,
            order: values,
            items,
          });
          send(
            enqueueMail(tx, mail, { token: NUMBER_TOKEN, value: repo.currentOrderNumber(store.id, 'ORD-') }),
          );
        }
        if (store.ownerEmail) {
          const mail = newOrderVendorMail({
            to: store.ownerEmail,
            shopName: store.storeName,
            storeId: store.id,
            orderNumber: NUMBER_TOKEN,
            orderUrl: `${adminOrigin}/admin-orders/${orderId}`,
            order: values,
            items,
          });
          send(
            enqueueMail(tx, mail, { token: NUMBER_TOKEN, value: repo.currentOrderNumber(store.id, 'ORD-') }),
          );
        }
        if (cod.confirmBy) {
          const confirmation = newConfirmation(deps.authSecret, store.id, orderId, now);
          send(codRepo.upsertConfirmation(tx, confirmation.row));
          if (contact?.email) {
            const mail = codConfirmMail({
              to: contact.email,
              firstName: contact.firstName,
              shopName: store.storeName,
              storeId: store.id,
              orderNumber: NUMBER_TOKEN,
              totalPaise: total,
              code: confirmation.code,
              minutes: COD_CODE_TTL_MINUTES,
              link: shopUrl ? confirmLink(shopUrl, confirmation.token) : null,
              confirmBy: cod.confirmBy,
            });
            send(
              enqueueMail(tx, mail, {
                token: NUMBER_TOKEN,
                value: repo.currentOrderNumber(store.id, 'ORD-'),
              }),
            );
          }
        }
        onStep('cart');
        const [written, committed] = await Promise.allSettled([Promise.allSettled(sent), ctl.commit()]);
        if (written.status === 'fulfilled') {
          const failed = written.value.filter((r) => r.status === 'rejected').map((r) => r.reason);
          if (failed.length) throw whyNotPlaced(failed, lines, coupon?.code);
        }
        if (committed.status === 'rejected') throw committed.reason;
        const placed = { order: await order, orderItems: await orderItems, upiId: settings?.upiId ?? null };
        if (placed.order.number !== (await number))
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
  const { order, orderItems, upiId } = r.placed;
  const view = await orderView(
    order,
    { items: orderItems, payment: undefined, returnRequest: undefined, reviewed: new Set() },
    { upi: { id: upiId, shopName: store.storeName }, withUpiQr: true },
  );
  return { created: true, order: view };
}

/** Locks the customer's cart lines to be ordered (the shop's context holds the query to this shop). */
function lockCartLines(tx: Tx, customerId: string, lineIds: string[]) {
  const ci = schema.cartItems;
  return tx
    .select({ id: ci.id })
    .from(ci)
    .where(and(eq(ci.customerId, customerId), inArray(ci.id, lineIds)))
    .orderBy(ci.id)
    .for('update');
}

/** A key seen before: the same request gets the first order back; another body with it is refused. */
async function replay(tx: Tx, customerId: string, key: string, hash: string, store: StoreRow) {
  const prior = await repo.findRequest(tx, customerId, key);
  if (!prior || prior.requestHash !== hash) {
    throw conflict(
      'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  const order = prior.orderId ? await repo.findOrder(tx, prior.orderId, customerId) : null;
  if (!order) throw conflict('This order is still being placed. Try again in a moment.', 'IN_PROGRESS');
  return viewOrder(tx, store, customerId, order);
}

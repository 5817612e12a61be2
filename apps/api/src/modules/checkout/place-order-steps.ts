import { randomUUID } from 'node:crypto';
import { formatPaise, gstIncluded, type placeOrderBody } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import * as cart from '../cart/index.ts';
import { couponDiscount, couponProblem, deliveryChargePaise, expectedDelivery } from '../cart/index.ts';
import { type CodTerms, codTerms } from '../cod/index.ts';
import { findGateway } from '../gateway/index.ts';
import * as ordersRepo from '../orders/index.ts';
import { findSettings, findUser, requiresPrepayment } from '../orders/index.ts';
import { type StoreRow, shopState } from '../stores/index.ts';
import { billingColumns } from './billing-address.ts';
import { findAddress } from './checkout.repository.ts';
import * as placing from './place-order.repository.ts';
import { checkLines, checkPayment } from './place-order-checks.ts';

/*
 * The steps of placing an order before anything is written (issue 41): read what the order needs, price it (a pure
 * function of what was read), and lay out its rows. `place-order.service.ts` runs them in one transaction, then
 * sends the rows (`place-order-send.ts`).
 */

export type Body = z.output<typeof placeOrderBody>;
const NO_COD: CodTerms = { feePaise: 0, confirmBy: null };

/** The request as the steps use it: the lines and delivery option asked for, and the body. */
export interface OrderRequest {
  body: Body;
  customerId: string;
  key: string;
  hash: string;
  lineIds: string[];
  deliveryId: string;
}

export function orderRequest(body: Body, customerId: string, key: string, hash: string): OrderRequest {
  return {
    body,
    customerId,
    key,
    hash,
    lineIds: body.cart_item.map((l) => (typeof l === 'string' ? l : l.id)),
    deliveryId: typeof body.delivery_type === 'string' ? body.delivery_type : body.delivery_type.id,
  };
}

/**
 * Step 1. The key is claimed first; the reads go out with it in the same round trip (statements on a connection
 * run in the order they are sent) and are simply unused when the key was seen before. The cart lines are locked
 * before they are read: a concurrent order of the same lines (under another key) waits here until this one
 * commits, then finds them gone and answers 409 CART_CHANGED, so one cart makes one order.
 */
export async function readOrderInputs(tx: Tx, storeId: string, r: OrderRequest) {
  const { customerId, body } = r;
  const [claimed, , settings, lines, address, options, coupon, contact, billing, prepay, fromState, gateway] =
    await Promise.all([
      ordersRepo.claimRequest(tx, storeId, customerId, r.key, r.hash),
      lockCartLines(tx, customerId, r.lineIds),
      findSettings(tx),
      placing.linesToOrder(tx, customerId, r.lineIds),
      findAddress(tx, customerId, body.shipping_address),
      cart.listDeliveryOptions(tx),
      cart.appliedCoupon(tx, customerId),
      findUser(tx, customerId),
      body.billing_address ? findAddress(tx, customerId, body.billing_address) : null,
      requiresPrepayment(tx, customerId),
      shopState(tx),
      findGateway(tx),
    ]);
  return { claimed, settings, lines, address, options, coupon, contact, billing, prepay, fromState, gateway };
}
export type OrderInputs = Awaited<ReturnType<typeof readOrderInputs>>;

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

/**
 * Step 2, pure: the order's money from what was read. Refuses a missing address or delivery option, lines that
 * changed, a payment the shop does not take, and a total other than the one the shopper saw (409 PRICE_CHANGED,
 * naming a coupon that can no longer be used).
 */
export function priceOrder(r: OrderRequest, inputs: OrderInputs, now: Date) {
  const { body } = r;
  const { settings, lines, address, options, coupon, billing, prepay } = inputs;
  const payment = checkPayment(body.payment_option, settings, !!inputs.gateway);
  if (!address) throw notFound('Address not found');
  if (body.billing_address && !billing) throw notFound('Billing address not found');
  const option = options.find((o) => o.id === r.deliveryId);
  if (!option) {
    throw badRequest('Choose a delivery option', [
      { path: 'delivery_type', message: 'Choose a delivery option' },
    ]);
  }
  checkLines(body, r.lineIds, lines);

  const subtotal = lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
  const problem = coupon ? couponProblem(coupon, subtotal) : null;
  const discount = coupon && !problem ? couponDiscount(coupon, subtotal) : 0;
  const shipping = deliveryChargePaise(
    option,
    subtotal,
    lines.every((l) => l.freeShipping),
  );
  const cod =
    payment === 'COD' ? codTerms(settings, prepay, address, subtotal - discount + shipping, now) : NO_COD;
  const total = subtotal - discount + shipping + cod.feePaise;
  if (body.total_amount !== undefined && Math.round(body.total_amount * 100) !== total) {
    const why = problem && coupon ? ` Coupon ${coupon.code} can no longer be used: ${problem.message}.` : '';
    throw new AppError(
      409,
      'CONFLICT',
      `Your order total changed from ${formatPaise(Math.round(body.total_amount * 100))} to ${formatPaise(total)}.${why} Please review your order.`,
      { reason: 'PRICE_CHANGED' },
    );
  }
  // The tax the invoice will charge, by the one rule in contracts (issue 39).
  const tax = gstIncluded({
    lines: lines.map((l) => ({ ...l, ratePercent: l.taxPercent })),
    discountPaise: discount,
    shippingPaise: shipping,
    codFeePaise: cod.feePaise,
    intraState: address.state === inputs.fromState,
    registered: !!settings?.gstin,
  });
  return {
    payment,
    address,
    option,
    subtotal,
    discount,
    shipping,
    cod,
    total,
    tax,
    useCoupon: !!coupon && discount > 0,
  };
}
export type OrderPrice = ReturnType<typeof priceOrder>;

/** Step 3, pure: the order's row and its lines, as they will be written. */
export function orderRows(
  store: StoreRow,
  {
    request: r,
    inputs,
    price,
    now,
  }: { request: OrderRequest; inputs: OrderInputs; price: OrderPrice; now: Date },
) {
  const { lines, coupon, contact, billing } = inputs;
  const { address, option, useCoupon } = price;
  const orderId = randomUUID();
  const values = {
    id: orderId,
    storeId: store.id,
    customerId: r.customerId,
    paymentMethod: price.payment,
    subtotalPaise: price.subtotal,
    discountPaise: price.discount,
    couponId: useCoupon && coupon ? coupon.id : null,
    couponCode: useCoupon && coupon ? coupon.code : null,
    shippingPaise: price.shipping,
    codFeePaise: price.cod.feePaise,
    codConfirmBy: price.cod.confirmBy,
    taxPaise: price.tax,
    totalPaise: price.total,
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
    buyerGstin: r.body.gst_number ?? null,
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
  return { orderId, values, items };
}
export type OrderRows = ReturnType<typeof orderRows>;

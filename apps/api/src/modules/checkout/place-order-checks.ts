import { createHash } from 'node:crypto';
import { formatPaise, type PaymentOption, type placeOrderBody } from '@haat/contracts';
import type { z } from 'zod';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-errors.ts';
import { HELD_BY_OTHERS } from '../cart/index.ts';
import type { findSettings } from '../orders/index.ts';
import * as ordersRepo from '../orders/index.ts';
import * as placing from './place-order.repository.ts';

/* The checks placing an order makes (place-order.service.ts): the request's hash for its Idempotency-Key, the
   payment method, the lines as the customer saw them, and why a batch of writes did not commit. */

type Body = z.output<typeof placeOrderBody>;

const lineConflict = (reason: string, message: string, lineId: string) =>
  new AppError(409, 'CONFLICT', message, { reason, issues: [{ path: `cart_item.${lineId}`, message }] });

/** A stable hash of what was asked, so a reused key with another body is refused. */
export function requestHash(body: Body) {
  const lines = body.cart_item
    .map((l) => (typeof l === 'string' ? { id: l } : l))
    .sort((a, b) => a.id.localeCompare(b.id));
  const delivery = typeof body.delivery_type === 'string' ? body.delivery_type : body.delivery_type.id;
  const canon = {
    lines,
    address: body.shipping_address,
    // Only when given, so the hash of an order without one stays what it was.
    ...(body.billing_address ? { billing: body.billing_address } : {}),
    delivery,
    payment: body.payment_option,
    total: body.total_amount ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canon)).digest('hex');
}

/** The payment asked for, if the shop takes it: COD and UPI as set in Settings, ONLINE with a gateway connected. */
export function checkPayment(
  option: PaymentOption,
  settings: Awaited<ReturnType<typeof findSettings>>,
  hasGateway: boolean,
) {
  const methods = settings?.paymentMethods ?? ['COD'];
  const ok =
    option === 'ONLINE' ? hasGateway : methods.includes(option) && (option === 'COD' || !!settings?.upiId);
  if (!ok) {
    const message = {
      UPI: 'This shop does not take UPI payments',
      COD: 'This shop does not take cash on delivery',
      ONLINE: 'This shop does not take online payments',
    }[option];
    throw badRequest(message, [{ path: 'payment_option', message }]);
  }
  return option;
}

/** Every requested line must still be in the cart, available, and as the customer saw it. */
export function checkLines(body: Body, lineIds: string[], lines: placing.LineToOrder[]) {
  if (new Set(lineIds).size !== lineIds.length) {
    throw badRequest('An item is listed twice', [{ path: 'cart_item', message: 'An item is listed twice' }]);
  }
  for (const id of lineIds) {
    if (!lines.some((l) => l.lineId === id)) {
      throw lineConflict(
        'CART_CHANGED',
        'An item in your order is no longer in your cart. Please review your cart.',
        id,
      );
    }
  }
  for (const asked of body.cart_item) {
    if (typeof asked === 'string') continue;
    const l = lines.find((x) => x.lineId === asked.id);
    if (!l) continue;
    if (asked.quantity !== undefined && asked.quantity !== l.quantity) {
      throw lineConflict(
        'CART_CHANGED',
        `The quantity of ${l.name} in your cart is now ${l.quantity}. Please review your order.`,
        l.lineId,
      );
    }
    if (asked.unit_price !== undefined && Math.round(asked.unit_price * 100) !== l.unitPricePaise) {
      throw lineConflict(
        'PRICE_CHANGED',
        `The price of ${l.name} changed from ${formatPaise(Math.round(asked.unit_price * 100))} to ${formatPaise(l.unitPricePaise)}.`,
        l.lineId,
      );
    }
  }
  for (const l of lines) {
    if (l.status !== 'ACTIVE') throw lineConflict('OUT_OF_STOCK', `${l.name} is no longer sold.`, l.lineId);
    if (l.quantity > l.stock) throw outOfStock(l, l.stock);
  }
}

/** Why the order's writes did not commit: the stock or coupon check that failed, else the first error. */
export function whyNotPlaced(
  errors: unknown[],
  lines: placing.LineToOrder[],
  couponCode: string | undefined,
) {
  for (const e of errors) {
    const pg = pgError(e);
    const line =
      pg?.code === ordersRepo.STOCK_SHORT ? lines.find((l) => l.variantId === pg.detail) : undefined;
    if (line) return outOfStock(line, Number(pg?.hint ?? 0));
    const heldLine = pg?.code === HELD_BY_OTHERS ? lines.find((l) => l.variantId === pg.detail) : undefined;
    if (heldLine) return heldByOthers(heldLine, Number(pg?.hint ?? 0));
    if (pg?.code === placing.COUPON_USED_UP) {
      return conflict(`Coupon ${couponCode} has been fully used. Remove it to continue.`, 'COUPON_USED_UP');
    }
  }
  return errors.find((e) => pgError(e)?.code !== '25P02') ?? errors[0];
}

/** The units are in the shop, but other shoppers hold them at checkout (decision 0030). */
function heldByOthers(l: placing.LineToOrder, left: number) {
  return lineConflict(
    'HELD',
    left === 0
      ? `${l.name} is held by another shopper at checkout. Try again in a few minutes, or remove it from your order.`
      : `Only ${left} of ${l.name} can be ordered now: other shoppers hold the rest at checkout. Lower the quantity or try again in a few minutes.`,
    l.lineId,
  );
}

function outOfStock(l: placing.LineToOrder, stock: number) {
  return lineConflict(
    'OUT_OF_STOCK',
    stock === 0
      ? `${l.name} is out of stock. Remove it from your order to continue.`
      : `Only ${stock} of ${l.name} left. Lower the quantity to continue.`,
    l.lineId,
  );
}

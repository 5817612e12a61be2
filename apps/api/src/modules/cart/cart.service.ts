import { type CartData, gstIncluded, paiseToRupees, SHIPPING_CHARGE_RUPEES } from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';

import { findVariantToSell, productExists, toProductCard } from '../catalog/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as repo from './cart.repository.ts';
import { couponDiscount, couponProblem, describeCoupon } from './coupon.ts';
import { deliveryChargePaise } from './delivery.ts';
import { releaseHolds } from './holds.repository.ts';

const SHIPPING_PAISE = SHIPPING_CHARGE_RUPEES * 100;

/** Carts belong to a shop's own customers: a customer token of this shop (the audience check saw to that). */
export function requireCustomer(actor: Actor, store: StoreRow) {
  if (actor.role !== 'CUSTOMER' || actor.storeId !== store.id) {
    throw new AppError(403, 'FORBIDDEN', 'Please login as a customer of this shop to use the cart.');
  }
  return actor.userId;
}

/** Runs `fn` for the signed-in customer of this shop inside the shop's context. */
export function asCustomer<T>(
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  fn: (tx: Tx, customerId: string) => Promise<T>,
) {
  const customerId = requireCustomer(actor, store);
  return withStore(deps.db, store.id, (tx) => fn(tx, customerId));
}

/**
 * The cart with its summary, computed here from current prices: selected lines only, GST included in prices,
 * shipping from the shop's first delivery option (what checkout preselects).
 */
export async function readCart(tx: Tx, customerId: string): Promise<CartData> {
  const now = Date.now();
  const rows = (await repo.listLines(tx, customerId)).filter((r) => r.status === 'ACTIVE');
  const lines = rows.map((r) => {
    const unit = r.unitPricePaise;
    return { r, unit, total: unit * r.lineQuantity };
  });
  const selected = lines.filter((l) => l.r.isSelected);
  const subtotal = selected.reduce((n, l) => n + l.total, 0);
  const [coupon, options, registered] = await Promise.all([
    repo.appliedCoupon(tx, customerId),
    repo.listDeliveryOptions(tx),
    repo.gstRegistered(tx),
  ]);
  const problem = coupon ? couponProblem(coupon, subtotal, now) : null;
  const discount = coupon && !problem && selected.length ? couponDiscount(coupon, subtotal) : 0;
  // Shipping as checkout will first offer it: the shop's first delivery option for these lines.
  const everyFree = selected.every((l) => l.r.freeShipping);
  const first = options[0];
  const shipping =
    selected.length === 0
      ? 0
      : first
        ? deliveryChargePaise(first, subtotal, everyFree)
        : everyFree
          ? 0
          : SHIPPING_PAISE;
  const shippingFree = shipping === 0;
  // GST is inside the prices: the invoice's rule, estimated within the shop's state (the address comes later).
  const gst = gstIncluded({
    lines: selected.map((l) => ({
      unitPricePaise: l.unit,
      quantity: l.r.lineQuantity,
      ratePercent: Number(l.r.taxPercent),
    })),
    discountPaise: discount,
    shippingPaise: shipping,
    intraState: true,
    registered,
  });
  return {
    lines: lines.map(({ r, unit, total }) => ({
      id: r.lineId,
      product: toProductCard(r, now),
      name: r.name,
      image: r.variantImage ?? r.images[0] ?? null,
      quantity: r.lineQuantity,
      is_selected: r.isSelected,
      is_shipping_free: r.freeShipping,
      unit_price: paiseToRupees(unit),
      line_total: paiseToRupees(total),
      total_cart_value: paiseToRupees(total),
      variant: r.variantLabel ? { id: r.variantId, label: r.variantLabel, sku: r.variantSku } : null,
    })),
    summary: {
      items_count: lines.reduce((n, l) => n + l.r.lineQuantity, 0),
      selected_count: selected.reduce((n, l) => n + l.r.lineQuantity, 0),
      subtotal: paiseToRupees(subtotal),
      discount: paiseToRupees(discount),
      shipping_charge: paiseToRupees(shipping),
      is_shipping_free: shippingFree,
      gst: paiseToRupees(gst),
      total: paiseToRupees(subtotal - discount + shipping),
      coupon: coupon
        ? {
            code: coupon.code,
            description: describeCoupon(coupon),
            applicable: !problem,
            message: problem?.message ?? null,
          }
        : null,
    },
  };
}

export async function getCart(deps: Deps, actor: Actor, store: StoreRow) {
  const customerId = requireCustomer(actor, store);
  return withStore(deps.db, store.id, (tx) => readCart(tx, customerId));
}

/**
 * Adds a product's variant (a product without options: its default one), summed with an existing line, never
 * beyond the variant's stock less what other shoppers hold at checkout; answers with the whole cart. A change of the
 * cart ends the shopper's own holds (decision 0030): checkout holds the cart as it then is.
 */
export async function addToCart(
  { deps, actor, store, now }: ShopContext,
  item: { product_id: string; variant_id?: string },
  quantity: number,
  selected: boolean,
) {
  const customerId = requireCustomer(actor, store);
  return withStore(deps.db, store.id, async (tx) => {
    const variantId = await variantToAdd(tx, item.product_id, item.variant_id);
    await releaseHolds(tx, customerId);
    const at = now();
    const added = await repo.addLine(
      tx,
      { storeId: store.id, customerId, now: at },
      variantId,
      quantity,
      selected,
    );
    if (!added) throw await refusedAdd(tx, customerId, variantId, at);
    return readCart(tx, customerId);
  });
}

/** Why an add was refused: out of stock, all of it already in the cart, or held by other shoppers at checkout. */
async function refusedAdd(tx: Tx, customerId: string, variantId: string, now: Date) {
  const s = await repo.stockAndLine(tx, customerId, variantId, now);
  if (s?.status !== 'ACTIVE') return notFound('Product not found');
  const left = Math.max(0, s.allowed - s.inCart);
  const held = s.stock - s.allowed;
  if (held > 0 && left === 0) return heldConflict();
  return new AppError(
    409,
    'CONFLICT',
    s.stock === 0
      ? 'This product is out of stock'
      : left === 0
        ? `You already have all ${s.allowed} in your cart`
        : `Only ${left} more can be added (${s.allowed} in stock)`,
    { reason: 'OUT_OF_STOCK' },
  );
}

/** The units are in the shop but other shoppers hold them at checkout: honest, and temporary. */
const heldConflict = (what = 'The last units of this product are') =>
  new AppError(409, 'CONFLICT', `${what} held by another shopper at checkout. Try again in a few minutes.`, {
    reason: 'HELD',
  });

/** The variant a cart add names, or the product's only one; a product with options needs its variant named. */
async function variantToAdd(tx: Tx, productId: string, variantId: string | undefined) {
  const found = await findVariantToSell(tx, productId, variantId);
  if (found) return found.id;
  if (!variantId && (await productExists(tx, productId))) {
    throw badRequest('Choose a size or colour first', [
      { path: 'variant_id', message: 'Choose a size or colour first' },
    ]);
  }
  throw notFound(variantId ? 'This size or colour is no longer sold' : 'Product not found');
}

export async function updateCartLine(
  { deps, actor, store, now }: ShopContext,
  lineId: string,
  v: { quantity?: number; is_selected?: boolean },
) {
  const customerId = requireCustomer(actor, store);
  if (!isUuid(lineId)) throw notFound('Cart item not found');
  return withStore(deps.db, store.id, async (tx) => {
    await releaseHolds(tx, customerId);
    const line = await repo.findLine(tx, customerId, lineId, now());
    if (!line) throw notFound('Cart item not found');
    if (v.quantity !== undefined && v.quantity > line.allowed) {
      if (line.allowed < line.stock && v.quantity <= line.stock)
        throw heldConflict('The rest of this product is');
      throw new AppError(409, 'CONFLICT', `Only ${line.stock} in stock`, { reason: 'OUT_OF_STOCK' });
    }
    await repo.updateLine(tx, customerId, lineId, { quantity: v.quantity, isSelected: v.is_selected });
    return readCart(tx, customerId);
  });
}

export async function removeCartLine(deps: Deps, actor: Actor, store: StoreRow, lineId: string) {
  const customerId = requireCustomer(actor, store);
  if (!isUuid(lineId)) throw notFound('Cart item not found');
  return withStore(deps.db, store.id, async (tx) => {
    if (!(await repo.deleteLine(tx, customerId, lineId))) throw notFound('Cart item not found');
    await releaseHolds(tx, customerId);
    return readCart(tx, customerId);
  });
}

/** Applies a coupon code of this shop to the cart (one per order), with a clear reason when it cannot be used. */
export async function applyCoupon(deps: Deps, actor: Actor, store: StoreRow, code: string) {
  const customerId = requireCustomer(actor, store);
  return withStore(deps.db, store.id, async (tx) => {
    const coupon = await repo.findCouponByCode(tx, code);
    if (!coupon)
      throw new AppError(400, 'VALIDATION_FAILED', 'This coupon code is not valid', {
        reason: 'COUPON_INVALID',
        issues: [{ path: 'code', message: 'This coupon code is not valid' }],
      });
    const cart = await readCart(tx, customerId);
    const problem = couponProblem(coupon, Math.round(cart.summary.subtotal * 100));
    if (problem)
      throw new AppError(400, 'VALIDATION_FAILED', problem.message, {
        reason: problem.reason,
        issues: [{ path: 'code', message: problem.message }],
      });
    await repo.applyCoupon(tx, store.id, customerId, coupon.id);
    return readCart(tx, customerId);
  });
}

export async function removeCoupon(deps: Deps, actor: Actor, store: StoreRow) {
  const customerId = requireCustomer(actor, store);
  return withStore(deps.db, store.id, async (tx) => {
    await repo.removeCoupon(tx, customerId);
    return readCart(tx, customerId);
  });
}

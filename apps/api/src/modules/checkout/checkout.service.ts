import {
  ADDRESS_MAX_PER_CUSTOMER,
  type Address,
  type addressBody,
  type CheckoutData,
  formatRupees,
  paiseToRupees,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';

import {
  listDeliveryOptions as activeDeliveryOptions,
  asCustomer,
  deliveryChargePaise,
  holdExpiry,
  readCart,
  toDeliveryOption,
} from '../cart/index.ts';
import { checkoutCod } from '../cod/index.ts';
import { findGateway } from '../gateway/index.ts';
import { findSettings, findUser, requiresPrepayment } from '../orders/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as repo from './checkout.repository.ts';

type AddressInput = z.output<typeof addressBody>;

export function toAddress(r: repo.AddressRow): Address {
  return {
    id: r.id,
    full_name: r.fullName,
    phone_number: r.phoneNumber,
    address_line1: r.addressLine1,
    address_line2: r.addressLine2,
    city: r.city,
    state: r.state,
    postal_code: r.postalCode,
    country: r.country,
    is_default: r.isDefault,
    isDefault: r.isDefault,
  };
}

const values = (b: AddressInput): repo.AddressValues => ({
  fullName: b.full_name,
  phoneNumber: b.phone_number ?? null,
  addressLine1: b.address_line1,
  addressLine2: b.address_line2 ?? '',
  city: b.city,
  state: b.state,
  postalCode: b.postal_code,
  country: b.country,
  isDefault: b.is_default,
});

export const listAddresses = (deps: Deps, actor: Actor, store: StoreRow) =>
  asCustomer(deps, actor, store, async (tx, customerId) =>
    (await repo.listAddresses(tx, customerId)).map(toAddress),
  );

/** A new address; the first one, or one marked default, becomes the only default. */
export const createAddress = (deps: Deps, actor: Actor, store: StoreRow, body: AddressInput) =>
  asCustomer(deps, actor, store, async (tx, customerId) => {
    const existing = await repo.countAddresses(tx, customerId);
    if (existing >= ADDRESS_MAX_PER_CUSTOMER) {
      throw new AppError(
        409,
        'CONFLICT',
        `You can keep up to ${ADDRESS_MAX_PER_CUSTOMER} addresses. Delete one first.`,
        {
          reason: 'TOO_MANY_ADDRESSES',
        },
      );
    }
    const v = values(body);
    if (existing === 0) v.isDefault = true;
    if (v.isDefault) await repo.clearDefault(tx, customerId);
    return toAddress(await repo.insertAddress(tx, store.id, customerId, v));
  });

export const updateAddress = (ctx: ShopContext, { id, body }: { id: string; body: AddressInput }) =>
  asCustomer(ctx.deps, ctx.actor, ctx.store, async (tx, customerId) => {
    if (!isUuid(id)) throw notFound('Address not found');
    const current = await repo.findAddress(tx, customerId, id);
    if (!current) throw notFound('Address not found');
    const v = values(body);
    // The default stays the default until another address takes over: unticking it alone changes nothing.
    if (current.isDefault) v.isDefault = true;
    if (v.isDefault) await repo.clearDefault(tx, customerId, id);
    const row = await repo.updateAddress(tx, customerId, id, v);
    if (!row) throw notFound('Address not found');
    return toAddress(row);
  });

export const deleteAddress = (deps: Deps, actor: Actor, store: StoreRow, id: string) =>
  asCustomer(deps, actor, store, async (tx, customerId) => {
    if (!isUuid(id)) throw notFound('Address not found');
    const gone = await repo.deleteAddress(tx, customerId, id);
    if (!gone) throw notFound('Address not found');
    if (gone.isDefault) await repo.promoteNewestToDefault(tx, customerId);
    return { id };
  });

async function contactOf(tx: Tx, customerId: string) {
  const u = await findUser(tx, customerId);
  if (!u) throw notFound('Account not found');
  return {
    id: u.id,
    email: u.email,
    phone_number: u.phone,
    full_name: `${u.firstName} ${u.lastName}`.trim(),
  };
}

export const getContact = (deps: Deps, actor: Actor, store: StoreRow) =>
  asCustomer(deps, actor, store, (tx, customerId) => contactOf(tx, customerId));

export const updateContact = (deps: Deps, actor: Actor, store: StoreRow, phone: string) =>
  asCustomer(deps, actor, store, async (tx, customerId) => {
    await repo.updateUserPhone(tx, customerId, phone);
    return contactOf(tx, customerId);
  });

/** The shop's delivery options priced for the customer's selected lines (base prices when signed out). */
export async function deliveryOptionsFor(tx: Tx, customerId: string | null) {
  const options = await activeDeliveryOptions(tx);
  if (!customerId) return options.map((o) => toDeliveryOption(o, o.chargePaise));
  const cart = await readCart(tx, customerId);
  const selected = cart.lines.filter((l) => l.is_selected);
  const subtotal = Math.round(cart.summary.subtotal * 100);
  const allFree = selected.length > 0 && selected.every((l) => l.is_shipping_free);
  return options.map((o) => toDeliveryOption(o, deliveryChargePaise(o, subtotal, allFree)));
}

export async function listDeliveryOptions(deps: Deps, actor: Actor | null, store: StoreRow) {
  const customerId = actor?.role === 'CUSTOMER' && actor.storeId === store.id ? actor.userId : null;
  return withStore(deps.db, store.id, (tx) => deliveryOptionsFor(tx, customerId));
}

const PAYMENT_NAMES = {
  COD: 'Cash on Delivery',
  UPI: 'UPI',
  ONLINE: 'Pay online (UPI, cards, net banking, wallets)',
} as const;
const PAYMENT_NOTES = {
  ONLINE: 'Pay securely through Razorpay; your order is confirmed as soon as the payment is',
  UPI: (upiId: string | null) => `Pay to ${upiId} with any UPI app; the shop confirms your payment`,
};

/** Everything the checkout screen shows, computed from the database: selected lines, totals, choices. */
export const checkoutData = (deps: Deps, actor: Actor, store: StoreRow): Promise<CheckoutData> =>
  asCustomer(deps, actor, store, async (tx, customerId) => {
    const cart = await readCart(tx, customerId);
    const selected = cart.lines.filter((l) => l.is_selected);
    const subtotal = Math.round(cart.summary.subtotal * 100);
    const discount = Math.round(cart.summary.discount * 100);
    const allFree = selected.length > 0 && selected.every((l) => l.is_shipping_free);
    const [rows, addresses, contact, settings, prepay, holdEnds] = await Promise.all([
      activeDeliveryOptions(tx),
      repo.listAddresses(tx, customerId),
      contactOf(tx, customerId),
      findSettings(tx),
      requiresPrepayment(tx, customerId),
      holdExpiry(tx, customerId, new Date()),
    ]);
    const cod = checkoutCod(settings, prepay, addresses);
    const options = rows.map((o) => toDeliveryOption(o, deliveryChargePaise(o, subtotal, allFree)));
    const shipping = selected.length && options[0] ? Math.round(options[0].delivery_charge * 100) : 0;
    const methods = settings?.paymentMethods ?? ['COD'];
    const upiId = settings?.upiId ?? null;
    const online = (await findGateway(tx)) ? (['ONLINE'] as const) : [];
    const payment = [
      ...(['COD', 'UPI'] as const).filter((m) => methods.includes(m) && (m === 'COD' || upiId)),
      ...online,
    ];
    return {
      cart_data: selected,
      order_data: {
        total_cart_value: paiseToRupees(subtotal),
        discount: paiseToRupees(discount),
        coupon_code: cart.summary.coupon?.applicable ? cart.summary.coupon.code : null,
        is_shipping_free: shipping === 0,
        shipping_charge: paiseToRupees(shipping),
        gst: cart.summary.gst,
        total_price: paiseToRupees(subtotal - discount + shipping),
        total_items: cart.summary.selected_count,
      },
      user_address: addresses.map(toAddress),
      delivery_option: options,
      user_contact: contact,
      payment_methods: payment.map((id, i) => ({
        id,
        name: PAYMENT_NAMES[id],
        description:
          id === 'COD'
            ? cod?.fee
              ? `Pay in cash when your order arrives (COD fee ${formatRupees(cod.fee)})`
              : 'Pay in cash when your order arrives'
            : id === 'ONLINE'
              ? PAYMENT_NOTES.ONLINE
              : PAYMENT_NOTES.UPI(upiId),
        isDefault: i === 0,
        upi_id: id === 'UPI' ? upiId : null,
      })),
      cod,
      hold_expires_at: holdEnds?.toISOString() ?? null,
      notes: {
        secure_checkout: settings?.secureCheckoutNote ?? true,
        free_returns: settings?.freeReturnsNote ?? false,
        return_days: settings?.returnDays ?? null,
      },
    };
  });

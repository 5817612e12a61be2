import { randomUUID } from 'node:crypto';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { demoShops, type TestApp } from '../../../test/harness.ts';
import type { Actor } from '../../plugins/auth.ts';
import { type demoVendor, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { findStoreBySlug } from '../stores/stores.service.ts';

export type Card = {
  id: string;
  product_name: string;
  product_price: number;
  discount_price: number | null;
  product_quantity: number;
  free_shipping: boolean;
};

export const ADDRESS = '/api/store/address/';
export const CART = '/api/store/store-user/store-cart/';
export const PLACE = '/api/store/order/create-order/';
export const ORDERS = '/api/store/store-user/store-order/';
export const home = {
  full_name: 'Ravi Kumar',
  address_line1: '14 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560025',
};

export async function productsOf(t: TestApp, slug: string): Promise<Card[]> {
  const res = await t.app.inject({
    url: '/api/store/stores/product?limit=100',
    headers: { 'store-origin': slug },
  });
  // Products sold in sizes or packs need a variant chosen; these helpers add products as they are.
  return (res.json().data as (Card & { has_variants: boolean })[]).filter((c) => !c.has_variants);
}

export async function stockOf(t: TestApp, slug: string, id: string): Promise<number> {
  const res = await t.app.inject({
    url: `/api/store/stores/product/${id}`,
    headers: { 'store-origin': slug },
  });
  return res.json().data.product_quantity;
}

/** A signed-in customer with an address and the given products in the cart, ready to check out. */
export async function shopperWithCart(t: TestApp, slug: string, lines: { id: string; quantity: number }[]) {
  const c = await verifiedCustomer(t, slug);
  const address = (await c.call('POST', ADDRESS, home)).json().data;
  for (const l of lines) {
    const res = await c.call('POST', CART, { product_id: l.id, quantity: l.quantity });
    expect(res.statusCode).toBe(201);
  }
  const checkout = async () => (await c.call('GET', '/api/store/store-user/user-checkout/')).json().data;
  /** The body the checkout screen sends for everything selected, with a delivery option (first by default). */
  const orderBody = async (option = 0, payment = 'COD') => {
    const d = await checkout();
    const delivery = d.delivery_option[option];
    return {
      cart_item: d.cart_data.map((l: { id: string; quantity: number; unit_price: number }) => ({
        id: l.id,
        quantity: l.quantity,
        unit_price: l.unit_price,
      })),
      shipping_address: address.id,
      delivery_type: delivery.id,
      payment_option: payment,
      total_amount:
        Math.round((d.order_data.total_cart_value - d.order_data.discount + delivery.delivery_charge) * 100) /
        100,
    };
  };
  const place = (body: object, key: string = crypto.randomUUID()) =>
    c.call('POST', PLACE, body, { 'idempotency-key': key });
  return { ...c, address, checkout, orderBody, place };
}

/**
 * A new shopper orders one unit of a product with 10 or more in stock that does not ship free, with the first
 * delivery option and `payment` (COD by default): the shopper and the order's id.
 */
export async function shopperOrder(t: TestApp, slug: string, payment = 'COD') {
  const p = (await productsOf(t, slug)).find((c) => c.product_quantity >= 10 && !c.free_shipping);
  if (!p) throw new Error('product');
  const s = await shopperWithCart(t, slug, [{ id: p.id, quantity: 1 }]);
  const res = await s.place(await s.orderBody(0, payment));
  expect(res.statusCode).toBe(201);
  return { s, id: res.json().data.order_id as string };
}

/** The vendor moves an order through `statuses` (shipping issues its invoice); the last answer's order details. */
export async function moveOrderAs(
  vendor: Awaited<ReturnType<typeof demoVendor>>,
  orderId: string,
  ...statuses: string[]
) {
  let d = (await vendor.call('GET', `/api/admin/order/${orderId}/`)).json().data.order_details;
  for (const status of statuses) {
    const res = await vendor.call('PUT', `/api/admin/order/${orderId}/status/`, {
      status,
      carrier: 'Delhivery',
      tracking_number: 'DL1',
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json().data.order_details;
  }
  return d;
}

/**
 * `n` customers of a shop, each with a default address, made straight in the database for the service-level race
 * tests (signing 2,000 shoppers up through the API would be the test): their actors and address ids.
 */
export async function raceCustomers(t: TestApp, storeId: string, n: number, tag: string) {
  const users = await t.owner
    .insert(schema.users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        storeId,
        role: 'CUSTOMER' as const,
        email: `${tag}.${i}.${randomUUID().slice(0, 8)}@example.in`,
        firstName: 'Race',
        lastName: String(i),
      })),
    )
    .returning({ id: schema.users.id });
  const addresses = await withStore(t.owner, storeId, (tx) =>
    tx
      .insert(schema.customerAddresses)
      .values(
        users.map((u) => ({
          storeId,
          customerId: u.id,
          fullName: 'Race Buyer',
          addressLine1: '1 Test Street',
          city: 'Pune',
          state: 'Maharashtra',
          postalCode: '411001',
          isDefault: true,
        })),
      )
      .returning({ id: schema.customerAddresses.id, customerId: schema.customerAddresses.customerId }),
  );
  return addresses.map((a) => ({
    actor: { userId: a.customerId, role: 'CUSTOMER', storeId, familyId: randomUUID() } as Actor,
    addressId: a.id,
  }));
}

/** The race tests' shop: demo shop A, and its first delivery option. */
export async function raceShop(t: TestApp) {
  const shops = await demoShops(t.owner);
  const store = await findStoreBySlug(t.deps, shops.a.slug);
  if (!store) throw new Error('demo shop');
  const [option] = await withStore(t.owner, store.id, (tx) =>
    tx
      .select()
      .from(schema.deliveryOptions)
      .where(eq(schema.deliveryOptions.storeId, store.id))
      .orderBy(schema.deliveryOptions.position),
  );
  if (!option) throw new Error(`no delivery option for ${store.id}`);
  return { store, deliveryId: option.id };
}

/**
 * A fresh product with `stock` units in the race shop and a cart line for each entry of `carts` (a customer and the
 * quantity), written directly as the database owner: the race tests' starting point.
 */
export async function raceProduct(
  t: TestApp,
  storeId: string,
  p: { name: string; pricePaise: number; stock: number },
  carts: { customerId: string; quantity: number }[],
) {
  return withStore(t.owner, storeId, async (tx) => {
    const [made] = await tx
      .insert(schema.products)
      .values({
        storeId,
        slug: `race-${randomUUID()}`,
        name: p.name,
        pricePaise: p.pricePaise,
        quantity: p.stock,
      })
      .returning({ id: schema.products.id });
    if (!made) throw new Error('product');
    const lines = carts.length
      ? await tx
          .insert(schema.cartItems)
          .values(
            carts.map((c) => ({
              storeId,
              customerId: c.customerId,
              productId: made.id,
              quantity: c.quantity,
            })),
          )
          .returning({
            id: schema.cartItems.id,
            customerId: schema.cartItems.customerId,
            quantity: schema.cartItems.quantity,
          })
      : [];
    return { productId: made.id, lines };
  });
}

/** A race product's stock, its stock ledger rows and its order lines, read as the database owner in the race shop. */
export async function raceStock(t: TestApp, storeId: string, productId: string) {
  return withStore(t.owner, storeId, async (tx) => {
    const [p] = await tx
      .select({ quantity: schema.products.quantity })
      .from(schema.products)
      .where(eq(schema.products.id, productId));
    const ledger = await tx
      .select()
      .from(schema.stockLedger)
      .where(eq(schema.stockLedger.productId, productId));
    const items = await tx.select().from(schema.orderItems).where(eq(schema.orderItems.productId, productId));
    return { stock: p?.quantity ?? -1, ledger, items };
  });
}

import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';

type Card = {
  id: string;
  product_price: number;
  discount_price: number | null;
  product_quantity: number;
  free_shipping: boolean;
  has_variants: boolean;
};
const { t, shops } = await demoSuite();
let cards: Card[];
beforeAll(async () => {
  cards = (
    await t.app.inject({
      url: '/api/store/stores/product?limit=100',
      headers: { 'store-origin': shops.a.slug },
    })
  ).json().data;
});

const CART = '/api/store/store-user/store-cart/';
const inStock = (min: number) => {
  const c = cards.find(
    (x) =>
      !x.has_variants &&
      x.product_quantity >= min &&
      !x.free_shipping &&
      (x.discount_price ?? x.product_price) >= 50 &&
      (x.discount_price ?? x.product_price) <= 160,
  );
  if (!c) throw new Error('demo shop has such a product');
  return c;
};

describe('the cart', () => {
  it('adds, sums a repeated add into one line, changes quantity and selection, and computes the summary', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const p = inStock(5);
    expect(
      (await c.call('POST', CART, { product_id: p.id, quantity: 2, store_id: shops.a.id })).statusCode,
    ).toBe(201);
    const again = (await c.call('POST', CART, { product_id: p.id, quantity: 1 })).json().data;
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0].quantity).toBe(3);
    const unit = p.discount_price ?? p.product_price;
    expect(again.summary).toMatchObject({
      items_count: 3,
      selected_count: 3,
      subtotal: unit * 3,
      shipping_charge: 40,
      discount: 0,
    });
    expect(again.summary.total).toBe(unit * 3 + 40);
    expect(again.summary.gst).toBeGreaterThan(0);

    const line = again.lines[0].id;
    const fewer = (await c.call('PATCH', `${CART}${line}/`, { quantity: 1 })).json().data;
    expect(fewer.summary.subtotal).toBe(unit);
    const off = (await c.call('PATCH', `${CART}${line}/`, { is_selected: false })).json().data;
    expect(off.summary).toMatchObject({ selected_count: 0, subtotal: 0, shipping_charge: 0, total: 0 });
    expect(off.lines[0].is_selected).toBe(false);

    // Standard delivery (the first option) turns free once the selected lines reach its threshold.
    const options = (await c.call('GET', '/api/store/get-store-delivery-options/')).json().data
      .delivery_options;
    const many = Math.ceil(options[0].free_above / unit);
    if (many <= p.product_quantity) {
      const free = (await c.call('PATCH', `${CART}${line}/`, { quantity: many, is_selected: true })).json()
        .data;
      expect(free.summary).toMatchObject({ shipping_charge: 0, is_shipping_free: true });
      await c.call('PATCH', `${CART}${line}/`, { quantity: 1, is_selected: false });
    }

    const reload = (await c.call('GET', CART)).json().data;
    expect(reload.lines[0]).toMatchObject({ quantity: 1, is_selected: false });
    const removed = (await c.call('DELETE', `${CART}${line}/`)).json().data;
    expect(removed.lines).toEqual([]);
  });

  it('never goes beyond stock, and says how many are left', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const p = inStock(2);
    const over = await c.call('POST', CART, { product_id: p.id, quantity: p.product_quantity + 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.reason).toBe('OUT_OF_STOCK');
    await c.call('POST', CART, { product_id: p.id, quantity: p.product_quantity });
    const more = await c.call('POST', CART, { product_id: p.id, quantity: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(`You already have all ${p.product_quantity} in your cart`);
    const line = (await c.call('GET', CART)).json().data.lines[0];
    expect(
      (await c.call('PATCH', `${CART}${line.id}/`, { quantity: p.product_quantity + 1 })).statusCode,
    ).toBe(409);
    expect((await c.call('GET', CART)).json().data.lines[0].quantity).toBe(p.product_quantity);
  });

  it('ends two concurrent adds of the same product with one line of the summed quantity, never above stock', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const p = inStock(3);
    const both = await Promise.all([
      c.call('POST', CART, { product_id: p.id, quantity: 1 }),
      c.call('POST', CART, { product_id: p.id, quantity: 1 }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const cart = (await c.call('GET', CART)).json().data;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(2);
    const half = Math.floor(p.product_quantity / 2) + 1;
    const d = await verifiedCustomer(t, shops.a.slug);
    const race = await Promise.all([
      d.call('POST', CART, { product_id: p.id, quantity: half }),
      d.call('POST', CART, { product_id: p.id, quantity: half }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await d.call('GET', CART)).json().data.lines[0].quantity).toBe(half);
  });

  it('applies a valid coupon, explains an expired or unknown one, and removes it', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const p = inStock(2);
    const unit = p.discount_price ?? p.product_price;
    await c.call('POST', CART, {
      product_id: p.id,
      quantity: Math.min(p.product_quantity, Math.ceil(500 / unit)),
    });
    const expired = await c.call('POST', `${CART}coupon/`, { code: 'monsoon20' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      message: 'This coupon has expired',
      error: { reason: 'COUPON_EXPIRED' },
    });
    expect((await c.call('POST', `${CART}coupon/`, { code: 'NOPE' })).json().message).toBe(
      'This coupon code is not valid',
    );
    const applied = (await c.call('POST', `${CART}coupon/`, { code: 'welcome10' })).json().data;
    const sub = applied.summary.subtotal;
    expect(applied.summary.discount).toBe(Math.min(Math.floor(sub * 10) / 100, 200));
    expect(applied.summary.coupon).toMatchObject({ code: 'WELCOME10', applicable: true });
    expect(applied.summary.total).toBeCloseTo(
      sub - applied.summary.discount + applied.summary.shipping_charge,
      2,
    );
    const gone = (await c.call('DELETE', `${CART}coupon/`)).json().data;
    expect(gone.summary).toMatchObject({ discount: 0, coupon: null });
  });

  it("refuses strangers: no token, a vendor, another customer's line, another shop's product", async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const other = await verifiedCustomer(t, shops.a.slug);
    const p = inStock(2);
    const line = (await c.call('POST', CART, { product_id: p.id, quantity: 1 })).json().data.lines[0].id;
    expect((await t.app.inject({ url: CART, headers: { 'store-origin': shops.a.slug } })).statusCode).toBe(
      401,
    );
    const vendor = await verifiedVendor(t);
    expect((await vendor.call('GET', CART, undefined, { 'store-origin': shops.a.slug })).statusCode).toBe(
      403,
    );
    expect((await other.call('DELETE', `${CART}${line}/`)).statusCode).toBe(404);
    expect((await other.call('PATCH', `${CART}${line}/`, { quantity: 2 })).statusCode).toBe(404);
    expect((await c.call('GET', CART)).json().data.lines[0].quantity).toBe(1);
    const bProduct = (
      await t.app.inject({
        url: '/api/store/stores/product?limit=1',
        headers: { 'store-origin': shops.b.slug },
      })
    ).json().data[0];
    expect((await c.call('POST', CART, { product_id: bProduct.id, quantity: 1 })).statusCode).toBe(404);
    expect((await c.call('GET', CART, undefined, { 'store-origin': shops.b.slug })).statusCode).toBe(401);
    expect((await c.call('POST', CART, { product_id: p.id, quantity: 0 })).statusCode).toBe(400);
    expect((await c.call('POST', CART, { product_id: p.id, quantity: 1, price: 1 })).statusCode).toBe(400);
  });
});

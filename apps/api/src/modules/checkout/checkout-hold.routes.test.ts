import { randomUUID } from 'node:crypto';
import { schema, type Tx, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * Stock held during checkout (issue 40, decision 0030), through the HTTP API on both databases: the hold and its
 * countdown's end, the stock other shoppers see and may add or hold, the end of a hold by a change of the cart, by
 * the order, and by the clock (the app's clock moved forward, nothing sleeps and nothing runs), and the counter
 * selling held units (the oldest hold is served first).
 */
let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOLD = '/api/store/store-user/checkout-hold/';
const CART = '/api/store/store-user/store-cart/';
const MINUTE = 60_000;
const inShop = <T>(fn: (tx: Tx) => Promise<T>) => withStore(t.owner, shops.a.id, fn);

/** A product of shop A sold as one item, with `stock` units and "Only N left" from 5 down. */
async function product(stock: number) {
  return inShop(async (tx) => {
    const [p] = await tx
      .insert(schema.products)
      .values({
        storeId: shops.a.id,
        slug: `held-${randomUUID()}`,
        name: `Held Lamp ${randomUUID().slice(0, 6)}`,
        pricePaise: 250_00,
        quantity: stock,
        lowStockThreshold: 5,
      })
      .returning({ id: schema.products.id, name: schema.products.name });
    if (!p) throw new Error('product');
    const [v] = await tx
      .select({ id: schema.productVariants.id })
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, p.id));
    return { ...p, variantId: v?.id ?? '' };
  });
}

/** What any shopper sees: the product page and the listing's card. */
async function shown(id: string) {
  const headers = { 'store-origin': shops.a.slug };
  const page = (await t.app.inject({ url: `/api/store/stores/product/${id}`, headers })).json().data;
  const cards = (
    await t.app.inject({ url: '/api/store/stores/product?limit=100&sort=newest', headers })
  ).json().data;
  const card = cards.find((c: { id: string }) => c.id === id);
  return {
    quantity: page.product_quantity as number,
    held: page.held_quantity as number,
    status: page.stock_status as string,
    card: card?.product_quantity as number | undefined,
  };
}

const stockOf = async (id: string) =>
  (
    await inShop((tx) =>
      tx.select({ q: schema.products.quantity }).from(schema.products).where(eq(schema.products.id, id)),
    )
  )[0]?.q;

describe('stock held during checkout', () => {
  it('holds the units of the shopper who starts checkout; others see the stock without them and cannot add or hold them', async () => {
    const p = await product(3);
    const a = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 2 }]);
    const before = Date.now();
    const held = await a.call('POST', HOLD);
    expect(held.statusCode, held.body).toBe(200);
    const ends = Date.parse(held.json().data.hold_expires_at);
    expect(ends).toBeGreaterThanOrEqual(before + 10 * MINUTE - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 10 * MINUTE + 1000);
    expect(held.json().data.held_units).toBe(2);
    expect((await a.checkout()).hold_expires_at).toBe(held.json().data.hold_expires_at);
    expect(await shown(p.id)).toEqual({ quantity: 1, held: 2, status: 'LOW_STOCK', card: 1 });

    // Another shopper may add and hold the one unit nobody holds, no more.
    const b = await shopperWithCart(t, shops.a.slug, []);
    const two = await b.call('POST', CART, { product_id: p.id, quantity: 2 });
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe('Only 1 more can be added (1 in stock)');
    expect((await b.call('POST', CART, { product_id: p.id, quantity: 1 })).statusCode).toBe(201);
    expect((await b.call('POST', HOLD)).statusCode).toBe(200);
    expect(await shown(p.id)).toEqual({ quantity: 0, held: 3, status: 'OUT_OF_STOCK', card: 0 });

    // A third finds it all held: told so, not "out of stock".
    const c = await shopperWithCart(t, shops.a.slug, []);
    const none = await c.call('POST', CART, { product_id: p.id, quantity: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.reason).toBe('HELD');
    expect(none.json().message).toBe(
      'The last units of this product are held by another shopper at checkout. Try again in a few minutes.',
    );

    // Opening checkout again keeps the hold and its end: the countdown does not restart.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * MINUTE });
    const again = await a.call('POST', HOLD);
    expect(again.json().data.hold_expires_at).toBe(held.json().data.hold_expires_at);
  });

  it('places the order from the shopper’s own hold, never from units another shopper holds', async () => {
    const p = await product(1);
    // Both put the last unit in their carts before either started checkout.
    const a = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    const b = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    const bBody = await b.orderBody();
    expect((await a.call('POST', HOLD)).statusCode).toBe(200);

    const bHold = await b.call('POST', HOLD);
    expect(bHold.statusCode).toBe(409);
    expect(bHold.json().error.reason).toBe('HELD');
    expect(bHold.json().message).toBe(
      `${p.name} is held by another shopper at checkout. Try again in a few minutes, or remove it from your cart.`,
    );
    expect(bHold.json().error.issues[0].path).toBe(`cart_item.${bBody.cart_item[0]?.id}`);
    // An order without a hold (an API client skipping checkout) cannot take it either.
    const bOrder = await b.place(bBody);
    expect(bOrder.statusCode).toBe(409);
    expect(bOrder.json().error.reason).toBe('HELD');
    expect(await stockOf(p.id)).toBe(1);

    const placed = await a.place(await a.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
    expect((await a.checkout()).hold_expires_at).toBeNull();
    expect(
      await inShop((tx) => tx.select().from(schema.stockHolds).where(eq(schema.stockHolds.productId, p.id))),
    ).toEqual([]);
    expect(await shown(p.id)).toEqual({ quantity: 0, held: 0, status: 'OUT_OF_STOCK', card: 0 });
    const late = await b.call('POST', HOLD);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.reason).toBe('OUT_OF_STOCK');
  });

  it('ends the hold when the shopper changes the cart: a quantity, a selection, a removal or an add', async () => {
    const p = await product(1);
    const other = await product(10);
    const a = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    const line = (await a.checkout()).cart_data[0].id as string;
    const b = await shopperWithCart(t, shops.a.slug, []);
    const bAdd = () => b.call('POST', CART, { product_id: p.id, quantity: 1 });
    const changes = [
      () => a.call('PATCH', `${CART}${line}/`, { quantity: 1 }),
      () => a.call('PATCH', `${CART}${line}/`, { is_selected: true }),
      () => a.call('POST', CART, { product_id: other.id, quantity: 1 }),
    ];
    for (const change of changes) {
      expect((await a.call('POST', HOLD)).statusCode).toBe(200);
      expect((await bAdd()).json().error.reason).toBe('HELD');
      expect((await change()).statusCode).toBeLessThan(300);
      expect((await a.checkout()).hold_expires_at).toBeNull();
      expect((await shown(p.id)).quantity).toBe(1);
    }
    expect((await a.call('POST', HOLD)).statusCode).toBe(200);
    expect((await a.call('DELETE', `${CART}${line}/`)).statusCode).toBe(200);
    expect((await bAdd()).statusCode).toBe(201);
  });

  it('frees expired holds by the clock alone: after 10 minutes another shopper adds, holds and buys', async () => {
    const p = await product(1);
    const a = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    expect((await a.call('POST', HOLD)).statusCode).toBe(200);
    const b = await shopperWithCart(t, shops.a.slug, []);
    expect((await b.call('POST', CART, { product_id: p.id, quantity: 1 })).json().error.reason).toBe('HELD');

    // The app's clock 9 minutes on: still held. 10 minutes and a second on: free, with nothing run meanwhile.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 9 * MINUTE });
    expect((await b.call('POST', CART, { product_id: p.id, quantity: 1 })).json().error.reason).toBe('HELD');
    vi.setSystemTime(Date.now() + MINUTE + 1000);
    expect((await b.call('POST', CART, { product_id: p.id, quantity: 1 })).statusCode).toBe(201);
    expect((await b.call('POST', HOLD)).statusCode).toBe(200);
    expect((await b.place(await b.orderBody())).statusCode).toBe(201);
    // The first shopper's expired hold is no claim: the unit is sold.
    const lost = await a.place(await a.orderBody());
    expect(lost.statusCode).toBe(409);
    expect(lost.json().error.reason).toBe('OUT_OF_STOCK');
    expect(await stockOf(p.id)).toBe(0);
  });

  it('shows stock all held as not in stock on the marketplace, and a hold that has ended as stock again', async () => {
    const p = await product(2);
    const onMarketplace = async () => {
      const res = await t.app.inject({
        url: `/api/store/get-store/products/?search=${encodeURIComponent(p.name)}&limit=100`,
        headers: { host: 'localhost:4000' },
      });
      return res.json().data.results.find((r: { id: string }) => r.id === p.id)?.in_stock as
        | boolean
        | undefined;
    };
    expect(await onMarketplace()).toBe(true);
    const a = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 2 }]);
    expect((await a.call('POST', HOLD)).statusCode).toBe(200);
    expect(await shown(p.id)).toEqual({ quantity: 0, held: 2, status: 'OUT_OF_STOCK', card: 0 });
    expect(await onMarketplace()).toBe(false);
    // Shop pages compare with the database's clock: the hold's end moved to the past there.
    await inShop((tx) =>
      tx
        .update(schema.stockHolds)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(schema.stockHolds.productId, p.id)),
    );
    expect(await shown(p.id)).toEqual({ quantity: 2, held: 0, status: 'LOW_STOCK', card: 2 });
    expect(await onMarketplace()).toBe(true);
  });

  it('serves the oldest hold first when the counter sold held units', async () => {
    const p = await product(2);
    const a = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    const b = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    expect((await a.call('POST', HOLD)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
    expect((await b.call('POST', HOLD)).statusCode).toBe(200);
    // The counter sells what is on the shelf (take_sale_stock, as a counter sale does): one unit of the two held.
    await inShop((tx) => tx.execute(sql`select take_sale_stock(${shops.a.id}, ${p.variantId}, 1)`));
    const bOrder = await b.place(await b.orderBody());
    expect(bOrder.statusCode).toBe(409);
    expect(bOrder.json().error.reason).toBe('HELD');
    expect((await a.place(await a.orderBody())).statusCode).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
  });
});

import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { CART, type Card, ORDERS, productsOf, shopperWithCart, stockOf } from './orders.test-helpers.ts';

const { t, shops } = await demoSuite();
let cards: Card[];
beforeAll(async () => {
  cards = await productsOf(t, shops.a.slug);
});

/** Reads and writes shop A's rows directly (the owner connection works under row-level security too). */
const inShopA = <T>(fn: (tx: Parameters<Parameters<typeof withStore>[2]>[0]) => Promise<T>) =>
  withStore(t.owner, shops.a.id, fn);

/** Products of shop A with at least `minStock` in stock now. */
const pick = async (n: number, minStock = 5) => {
  cards = await productsOf(t, shops.a.slug);
  const found = cards.filter((c) => c.product_quantity >= minStock && !c.free_shipping).slice(0, n);
  if (found.length < n) throw new Error('demo shop has enough products in stock');
  return found;
};

describe('placing an order', () => {
  it('re-prices from the database, takes stock, empties those cart lines, mails, and numbers the order', async () => {
    const [p1, p2] = await pick(2);
    if (!p1 || !p2) throw new Error('two products');
    const before = [await stockOf(t, shops.a.slug, p1.id), await stockOf(t, shops.a.slug, p2.id)];
    const s = await shopperWithCart(t, shops.a.slug, [
      { id: p1.id, quantity: 2 },
      { id: p2.id, quantity: 1 },
    ]);
    const body = await s.orderBody(1); // Express: always charged
    const res = await s.place(body);
    expect(res.statusCode).toBe(201);
    const { order_id, order } = res.json().data;
    expect(res.json().message).toBe('Order placed successfully!');
    expect(order).toMatchObject({
      id: order_id,
      status: 'PENDING',
      payment_method: 'COD',
      payment_status: 'PENDING',
      total_items: 3,
      shipping_charge: 99,
      total_amount: body.total_amount,
      trackingNumber: null,
      delivery_type: { name: 'Express Delivery', estimated_time: '1-2 business days' },
      shipping_address: { address_line1: '14 Residency Road', city: 'Bengaluru' },
      can_cancel: true,
    });
    expect(order.order_number).toMatch(/^ORD-\d{4,}$/);
    expect(order.product.items).toHaveLength(2);
    expect(order.tax).toBeGreaterThan(0);
    expect(order.expected_delivery).not.toBeNull();
    expect(order.timeline.map((s: { complete: boolean }) => s.complete)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);

    expect(await stockOf(t, shops.a.slug, p1.id)).toBe((before[0] ?? 0) - 2);
    expect(await stockOf(t, shops.a.slug, p2.id)).toBe((before[1] ?? 0) - 1);
    expect((await s.call('GET', CART)).json().data.lines).toEqual([]);
    const ledger = await inShopA((tx) =>
      tx.select().from(schema.stockLedger).where(eq(schema.stockLedger.orderId, order_id)),
    );
    expect(ledger.map((l) => [l.change, l.reason]).sort()).toEqual([
      [-1, 'SALE'],
      [-2, 'SALE'],
    ]);
    // Each ledger row records the stock left after the sale and names the order.
    expect(
      ledger
        .map((l) => [l.productId, l.quantityAfter, l.note])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [p1.id, (before[0] ?? 0) - 2, order.order_number],
        [p2.id, (before[1] ?? 0) - 1, order.order_number],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const payments = await inShopA((tx) =>
      tx.select().from(schema.paymentTransactions).where(eq(schema.paymentTransactions.orderId, order_id)),
    );
    expect(payments).toMatchObject([
      {
        paymentMode: 'COD',
        paymentStatus: 'PENDING',
        amountPaise: Math.round(body.total_amount * 100),
        reference: `TXN-${order.order_number.slice(4)}`,
      },
    ]);
    const mail = await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(s.email)}` });
    const mailed = JSON.stringify(mail.json());
    expect(mailed).toContain(`Order ${order.order_number} placed`);
    expect(mailed).toContain(`We received your order ${order.order_number}.`);
    expect(mailed).not.toContain('ORDER_NUMBER');

    // The next order of the shop gets the next number.
    const [p3] = (await pick(3)).slice(2);
    const again = await shopperWithCart(t, shops.a.slug, [{ id: p3?.id ?? '', quantity: 1 }]);
    const next = (await again.place(await again.orderBody())).json().data.order;
    expect(Number(next.order_number.slice(4))).toBe(Number(order.order_number.slice(4)) + 1);
  });

  it('applies the coupon again on the server and counts its use', async () => {
    const [p] = cards.filter((c) => c.product_quantity >= 2 && (c.discount_price ?? c.product_price) >= 600);
    if (!p) throw new Error('a product of ₹600 or more');
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    expect((await s.call('POST', `${CART}coupon/`, { code: 'WELCOME10' })).statusCode).toBe(200);
    const body = await s.orderBody();
    const d = await s.checkout();
    const [coupon] = await inShopA((tx) =>
      tx
        .select()
        .from(schema.coupons)
        .where(and(eq(schema.coupons.code, 'WELCOME10'), eq(schema.coupons.storeId, shops.a.id))),
    );
    const order = (await s.place(body)).json().data.order;
    expect(order.discount).toBe(d.order_data.discount);
    expect(order.discount).toBeGreaterThan(0);
    expect(order.coupon_code).toBe('WELCOME10');
    const [after] = await inShopA((tx) =>
      tx
        .select()
        .from(schema.coupons)
        .where(eq(schema.coupons.id, coupon?.id ?? '')),
    );
    expect(after?.usedCount).toBe((coupon?.usedCount ?? 0) + 1);
  });

  it('refuses with 409 naming the line when stock ran out or a price changed, and keeps the cart', async () => {
    const [p] = await pick(1, 3);
    if (!p) throw new Error('product');
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 2 }]);
    const body = await s.orderBody();
    const line = body.cart_item[0].id;

    await inShopA((tx) =>
      tx.update(schema.products).set({ quantity: 1 }).where(eq(schema.products.id, p.id)),
    );
    const out = await s.place(body);
    expect(out.statusCode).toBe(409);
    expect(out.json().error.reason).toBe('OUT_OF_STOCK');
    expect(out.json().message).toBe(`Only 1 of ${p.product_name} left. Lower the quantity to continue.`);
    expect(out.json().error.issues[0].path).toBe(`cart_item.${line}`);

    await inShopA((tx) =>
      tx
        .update(schema.products)
        .set({ quantity: 10, pricePaise: 1_00, salePricePaise: null })
        .where(eq(schema.products.id, p.id)),
    );
    const priced = await s.place(body);
    expect(priced.statusCode).toBe(409);
    expect(priced.json().error.reason).toBe('PRICE_CHANGED');
    expect(priced.json().message).toContain(p.product_name);
    expect((await s.call('GET', CART)).json().data.lines).toMatchObject([{ id: line, quantity: 2 }]);
    expect(
      await inShopA((tx) =>
        tx.select().from(schema.orders).where(eq(schema.orders.customerId, s.session.id)),
      ),
    ).toEqual([]);
  });

  it('validates the body, the key, the address and the delivery option', async () => {
    const [p] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const body = await s.orderBody();
    const noKey = await s.call('POST', '/api/store/order/create-order/', body);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.issues[0].path).toBe('Idempotency-Key');
    const empty = await s.place({ ...body, cart_item: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].path).toBe('cart_item');
    const badOption = await s.place({ ...body, delivery_type: crypto.randomUUID() });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().error.issues[0].path).toBe('delivery_type');
    const [settings] = await inShopA((tx) => tx.select().from(schema.storeSettings));
    await inShopA((tx) => tx.update(schema.storeSettings).set({ upiId: null }));
    const upi = await s.place({ ...body, payment_option: 'UPI' });
    await inShopA((tx) => tx.update(schema.storeSettings).set({ upiId: settings?.upiId ?? null }));
    expect(upi.statusCode).toBe(400);
    expect(upi.json().error.issues[0].path).toBe('payment_option');
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/store/order/create-order/',
      payload: body,
      headers: { 'store-origin': shops.a.slug, 'idempotency-key': crypto.randomUUID() },
    });
    expect(anon.statusCode).toBe(401);
    // Another customer's address, and the same address id at another shop: not found.
    const other = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const theirs = await other.place({ ...(await other.orderBody()), shipping_address: s.address.id });
    expect(theirs.statusCode).toBe(404);
    expect((await s.call('GET', CART)).json().data.lines).toHaveLength(1);
  });

  it('a UPI order carries the exact-amount UPI link and its QR code until paid', async () => {
    const [p] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const body = await s.orderBody(0, 'UPI');
    expect((await s.checkout()).payment_methods.map((m: { id: string }) => m.id)).toEqual(['COD', 'UPI']);
    const order = (await s.place(body)).json().data.order;
    expect(order).toMatchObject({ payment_method: 'UPI', payment_status: 'PENDING' });
    expect(order.upi.link).toContain(`am=${body.total_amount.toFixed(2)}`);
    expect(order.upi.link).toMatch(/^upi:\/\/pay\?pa=/);
    expect(order.upi.qr_svg).toMatch(/^<svg/);
    const listed = (await s.call('GET', `${ORDERS}user/`)).json().data[0];
    expect(listed.upi).toBeNull();
  });

  it('answers a retry with the first order and refuses the key with another body', async () => {
    const [p] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const body = await s.orderBody();
    const key = crypto.randomUUID();
    const first = await s.place(body, key);
    const retry = await s.place(body, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.order_id).toBe(first.json().data.order_id);
    const reused = await s.place({ ...body, total_amount: body.total_amount + 1 }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.reason).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('ten concurrent requests with one key make one order', async () => {
    const [p] = await pick(1);
    const before = await stockOf(t, shops.a.slug, p?.id ?? '');
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const body = await s.orderBody();
    const key = crypto.randomUUID();
    const all = await Promise.all(Array.from({ length: 10 }, () => s.place(body, key)));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(all.map((r) => r.json().data.order_id)).size).toBe(1);
    expect(await stockOf(t, shops.a.slug, p?.id ?? '')).toBe(before - 1);
  });
});

describe('the customer’s orders', () => {
  it('lists by tab with cursor pages, shows one order, and hides other customers’ and shops’ orders', async () => {
    const [p] = await pick(1, 10);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await s.call('POST', CART, { product_id: p?.id, quantity: 1 });
      ids.push((await s.place(await s.orderBody())).json().data.order_id);
    }
    const page1 = await s.call('GET', `${ORDERS}user/?limit=2`);
    expect(page1.json().data.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1]]);
    const cursor = page1.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const page2 = await s.call('GET', `${ORDERS}user/?limit=2&cursor=${cursor}`);
    expect(page2.json().data.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
    expect(page2.headers['x-next-cursor']).toBeUndefined();
    expect((await s.call('GET', `${ORDERS}user/?status=delivered`)).json().data).toEqual([]);
    expect((await s.call('GET', `${ORDERS}user/?status=processing`)).json().data).toHaveLength(3);
    const bad = await s.call('GET', `${ORDERS}user/?status=lost`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('status');
    expect((await s.call('GET', `${ORDERS}user/?cursor=nonsense`)).statusCode).toBe(400);

    expect((await s.call('GET', `/api/store/order/${ids[0]}/success-order/`)).json().data.id).toBe(ids[0]);
    const stranger = await verifiedCustomer(t, shops.a.slug);
    expect((await stranger.call('GET', `${ORDERS}${ids[0]}/`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `${ORDERS}${ids[0]}/cancel/`, {})).statusCode).toBe(404);
    expect((await stranger.call('GET', `${ORDERS}user/`)).json().data).toEqual([]);
    const elsewhere = await verifiedCustomer(t, shops.b.slug);
    expect((await elsewhere.call('GET', `/api/store/order/${ids[0]}/success-order/`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `${ORDERS}user/`, headers: { 'store-origin': shops.a.slug } })).statusCode,
    ).toBe(401);
  });

  it('cancelling restocks, writes ledger rows, mails, and cannot happen twice', async () => {
    const [p] = await pick(1);
    const before = await stockOf(t, shops.a.slug, p?.id ?? '');
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 2 }]);
    const id = (await s.place(await s.orderBody())).json().data.order_id;
    expect(await stockOf(t, shops.a.slug, p?.id ?? '')).toBe(before - 2);
    const res = await s.call('POST', `${ORDERS}${id}/cancel/`, { reason: 'Ordered by mistake' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'CANCELLED',
      can_cancel: false,
      payment_status: 'CANCELLED',
    });
    expect(res.json().data.cancelledDate).not.toBeNull();
    expect(await stockOf(t, shops.a.slug, p?.id ?? '')).toBe(before);
    const ledger = await inShopA((tx) =>
      tx.select().from(schema.stockLedger).where(eq(schema.stockLedger.orderId, id)),
    );
    expect(ledger.map((l) => l.change).sort()).toEqual([-2, 2]);
    const twice = await s.call('POST', `${ORDERS}${id}/cancel/`, {});
    expect(twice.statusCode).toBe(409);
    expect((await s.call('GET', `${ORDERS}user/?status=cancelled`)).json().data).toHaveLength(1);
    const mail = await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(s.email)}` });
    expect(JSON.stringify(mail.json())).toContain('cancelled');
  });

  it('buy again puts the products back in the cart at today’s price', async () => {
    const [p] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 3 }]);
    const id = (await s.place(await s.orderBody())).json().data.order_id;
    const res = await s.call('POST', `${ORDERS}${id}/buy-again/`, {});
    expect(res.statusCode).toBe(200);
    // One line of the order, three units back in the cart, and the shopper is told the units (issue 42).
    expect(res.json().data).toMatchObject({ added: 1, units: 3 });
    expect(res.json().message).toBe('Added 3 items to your cart');
    expect(res.json().data.cart.lines).toMatchObject([{ quantity: 3, product: { id: p?.id } }]);
  });

  it('the vendor delivers; then the customer can review as a verified buyer and ask for a return', async () => {
    const [p] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const id = (await s.place(await s.orderBody())).json().data.order_id;
    const early = await s.call('POST', `/api/store/stores/product/${p?.id}/product-reviews/`, { rating: 5 });
    expect(early.statusCode).toBe(403);
    expect((await s.call('POST', `${ORDERS}${id}/return/`, { reason: 'Too small' })).statusCode).toBe(409);

    const vendor = await demoVendor(t, shops.a);
    const skip = await vendor.call('PUT', `/api/admin/order/${id}/status/`, { status: 'DELIVERED' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.reason).toBe('INVALID_TRANSITION');
    await vendor.call('PUT', `/api/admin/order/${id}/status/`, { status: 'PROCESSING' });
    const shipped = await vendor.call('PUT', `/api/admin/order/${id}/status/`, {
      status: 'SHIPPED',
      tracking_number: 'TRK123',
      carrier: 'India Post',
    });
    expect(shipped.json().message).toBe('Order status updated to SHIPPED');
    expect((await s.call('POST', `${ORDERS}${id}/cancel/`, {})).statusCode).toBe(409);
    expect(
      (await vendor.call('PUT', `/api/admin/order/${id}/status/`, { status: 'DELIVERED' })).statusCode,
    ).toBe(200);
    const delivered = (await s.call('GET', `${ORDERS}${id}/`)).json().data;
    expect(delivered).toMatchObject({
      status: 'DELIVERED',
      payment_status: 'SUCCESS',
      trackingNumber: 'TRK123',
      can_review: true,
    });
    expect(delivered.timeline.every((s: { complete: boolean }) => s.complete)).toBe(true);

    const badRating = await s.call('POST', `/api/store/stores/product/${p?.id}/product-reviews/`, {
      rating: 6,
    });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().error.issues[0].path).toBe('rating');
    const review = await s.call('POST', `/api/store/stores/product/${p?.id}/product-reviews/`, {
      rating: 4,
      description: 'Good quality',
      order_id: id,
    });
    expect(review.statusCode).toBe(201);
    expect(review.json().data).toMatchObject({ start_rating: 4, is_verified_customer: true });
    expect(
      (await s.call('POST', `/api/store/stores/product/${p?.id}/product-reviews/`, { rating: 4 })).statusCode,
    ).toBe(409);
    const listed = await t.app.inject({
      url: `/api/store/stores/product/${p?.id}/product-reviews/`,
      headers: { 'store-origin': shops.a.slug },
    });
    expect(listed.json().data[0]).toMatchObject({ description: 'Good quality', is_verified_customer: true });

    const ret = await s.call('POST', `${ORDERS}${id}/return/`, { reason: 'Colour differs from the photo' });
    expect(ret.statusCode).toBe(200);
    expect(ret.json().data).toMatchObject({ can_return: false, return_request: { status: 'REQUESTED' } });
    expect((await s.call('POST', `${ORDERS}${id}/return/`, { reason: 'Again please' })).statusCode).toBe(409);
    expect((await s.call('GET', `${ORDERS}user/?status=delivered`)).json().data[0].id).toBe(id);
  });

  it('vendor status changes need the shop’s owner: another vendor gets 404 and nothing changes', async () => {
    const [p] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
    const id = (await s.place(await s.orderBody())).json().data.order_id;
    const otherVendor = await demoVendor(t, shops.b);
    const res = await otherVendor.call(
      'PUT',
      `/api/admin/order/${id}/status/`,
      { status: 'PROCESSING' },
      shops.a.slug,
    );
    expect(res.statusCode).toBe(404);
    const viaOwnShop = await otherVendor.call('PUT', `/api/admin/order/${id}/status/`, {
      status: 'PROCESSING',
    });
    expect(viaOwnShop.statusCode).toBe(404);
    const customer = await s.call('POST', `/api/admin/order/${id}/status/`, { status: 'PROCESSING' });
    expect([401, 403, 404]).toContain(customer.statusCode);
    expect((await s.call('GET', `${ORDERS}${id}/`)).json().data.status).toBe('PENDING');
  });
});

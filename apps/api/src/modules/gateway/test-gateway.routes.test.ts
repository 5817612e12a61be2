import { formatPaise } from '@haat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * The development test gateway (issue 44): a shop connects it in one step, and its page approves a payment the
 * way Razorpay's checkout does, the shopper's return verified by the same signature check. (Its webhooks go to the
 * server's own port, which app.inject has not: the journey with webhooks is payment-gateway.spec.)
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp({ TEST_GATEWAY_PORT: String(41000 + Math.floor(Math.random() * 20000)) });
  shops = await demoShops(t.owner);
}, 60_000);
afterAll(() => t?.close());

describe('the test gateway', () => {
  it('connects in one step, and its page approves a payment that the return then verifies', async () => {
    const vendor = await demoVendor(t, shops.a);
    const connected = await vendor.call('POST', '/api/admin/payment-gateway/test-gateway/');
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().data).toMatchObject({ connected: true, mode: 'TEST' });
    expect(connected.json().data.key_id).toMatch(/^rzp_test_/);

    const product = (await productsOf(t, shops.a.slug)).find((p) => p.product_quantity > 5);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: product?.id ?? '', quantity: 1 }]);
    const placed = await s.place(await s.orderBody(0, 'ONLINE'));
    const orderId = placed.json().data.order_id as string;
    const pay = (await s.call('POST', `/api/store/order/${orderId}/pay-online/`)).json().data;
    expect(pay.test_checkout_url).toBe(`/dev/test-gateway/${shops.a.id}/${pay.gateway_order_id}`);

    const back = encodeURIComponent(`/order/success?orderId=${orderId}`);
    const page = await t.app.inject({ url: `${pay.test_checkout_url}?return=${back}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approve payment');
    // The webhook can be sent three times over (one event id), as a gateway retrying does.
    expect(page.body).toContain('<option value="thrice">');
    expect(page.body).toContain(formatPaise(pay.amount_paise));

    const decided = await t.app.inject({
      method: 'POST',
      url: `${pay.test_checkout_url}?return=${back}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card&webhook=none&outcome=approve',
    });
    expect(decided.statusCode).toBe(303);
    const to = new URL(decided.headers.location as string, 'http://shop');
    expect(to.pathname).toBe('/order/success');
    const answer = Object.fromEntries(
      ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'].map((k) => [
        k,
        to.searchParams.get(k),
      ]),
    );
    const res = await s.call('POST', `/api/store/order/${orderId}/payment-return/`, answer);
    expect(res.json().data.status).toBe('PAID');

    // A return path to another site is refused.
    const away = await t.app.inject({
      url: `${pay.test_checkout_url}?return=${encodeURIComponent('//evil.example/')}`,
    });
    expect(away.statusCode).toBe(400);
  });
});

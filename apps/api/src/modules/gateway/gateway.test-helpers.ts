import { Writable } from 'node:stream';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';
import { FakeRazorpay } from './fake-razorpay.ts';

/*
 * A test app whose Razorpay is the fake gateway (RAZORPAY_API_URL), its webhooks delivered to the app by inject,
 * with shop A connected to it, and a log kept to search for secrets.
 */

export const GATEWAY = '/api/admin/payment-gateway/';
export const shopKeys = {
  key_id: 'rzp_test_ShopA1234567',
  key_secret: 'kS3cr3t-shop-a-0001',
  webhook_secret: 'wh-S3cr3t-shop-a-0002',
};

export async function gatewayApp() {
  let log = '';
  const logStream = new Writable({
    write(chunk, _enc, done) {
      log += String(chunk);
      done();
    },
  });
  let t: TestApp | null = null;
  const fake = await FakeRazorpay.start(0, async (d) => {
    const url = new URL(d.url);
    if (!t) return 503;
    const r = await t.app.inject({ method: 'POST', url: url.pathname, headers: d.headers, payload: d.body });
    return r.statusCode;
  });
  t = await createTestApp({ RAZORPAY_API_URL: fake.url }, { logStream });
  const app = t;
  const shops = await demoShops(app.owner);
  const webhook = `/api/store/gateway/razorpay/webhook/${shops.a.id}/`;
  fake.addAccount({
    keyId: shopKeys.key_id,
    keySecret: shopKeys.key_secret,
    webhookSecret: shopKeys.webhook_secret,
    webhookUrl: `http://127.0.0.1${webhook}`,
  });
  const vendor = await demoVendor(app, shops.a);
  return {
    t: app,
    fake,
    shops,
    vendor,
    webhook,
    log: () => log,
    close: async () => {
      await app.close();
      await fake.close();
    },
  };
}
export type GatewayWorld = Awaited<ReturnType<typeof gatewayApp>>;

/** A shopper of shop A with a product in the cart who placed an order paid online; its id and total. */
export async function onlineOrder(w: GatewayWorld) {
  const product = (await productsOf(w.t, w.shops.a.slug)).find((p) => p.product_quantity > 5);
  if (!product) throw new Error('no product in stock');
  const s = await shopperWithCart(w.t, w.shops.a.slug, [{ id: product.id, quantity: 1 }]);
  const placed = await s.place(await s.orderBody(0, 'ONLINE'));
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().data.order_id as string;
  const pay = async () => {
    const r = await s.call('POST', `/api/store/order/${orderId}/pay-online/`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { gateway_order_id: string; amount_paise: number; paid: boolean };
  };
  const back = (body: object) => s.call('POST', `/api/store/order/${orderId}/payment-return/`, body);
  const status = async () =>
    (await s.call('GET', `/api/store/order/${orderId}/payment-status/`)).json().data.status as string;
  return { s, orderId, pay, back, status };
}

/** The order's payment row and order as stored (the shop's context). */
export function storedPayment(w: GatewayWorld, orderId: string) {
  return withStore(w.t.owner, w.shops.a.id, async (tx) => {
    const [payment] = await tx
      .select()
      .from(schema.paymentTransactions)
      .where(eq(schema.paymentTransactions.orderId, orderId));
    const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    const events = await tx
      .select({ status: schema.orderEvents.status, note: schema.orderEvents.note })
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, orderId));
    return { payment, order, events };
  });
}

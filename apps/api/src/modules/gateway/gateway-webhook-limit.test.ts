import { schema, withStore } from '@haat/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GATEWAY,
  type GatewayWorld,
  gatewayApp,
  onlineOrder,
  shopKeys,
  storedPayment,
} from './gateway.test-helpers.ts';
import { hmacHex } from './signatures.ts';

/*
 * The webhook route's guards (issue 44), on the real database (PGlite, or PostgreSQL with DATABASE_URL): a body
 * that is unsigned or signed with anything but the shop's webhook secret is refused (400) and changes nothing; a
 * flood of deliveries is answered 429 with the failure envelope, and the gateway's signed retry after the window
 * is taken. The window is moved by setting the clock (Date only), never by waiting.
 */

let w: GatewayWorld;
beforeAll(async () => {
  w = await gatewayApp();
  expect((await w.vendor.call('PUT', GATEWAY, shopKeys)).statusCode).toBe(200);
}, 120_000);
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => w?.close());

const deliver = (body: string, headers: Record<string, string>) =>
  w.t.app.inject({
    method: 'POST',
    url: w.webhook,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const inbox = () => withStore(w.t.owner, w.shops.a.id, (tx) => tx.select().from(schema.gatewayEvents));

/** An order waiting for its online payment, paid at the gateway, its webhook not sent yet. */
async function paidAtGateway() {
  const o = await onlineOrder(w);
  const { gateway_order_id } = await o.pay();
  const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', method: 'card', webhook: 'none' });
  return { o, paid };
}

describe('the webhook route accepts only signed bodies', () => {
  it('refuses an unsigned body and wrong signatures with 400, changing nothing', async () => {
    const { o, paid } = await paidAtGateway();
    const before = (await inbox()).length;
    const body = paid.event.body;
    const tries = {
      unsigned: {},
      'a guessed secret': { 'x-razorpay-signature': hmacHex('guessed-secret', body) },
      'the key secret': { 'x-razorpay-signature': hmacHex(shopKeys.key_secret, body) },
      'not a digest': { 'x-razorpay-signature': 'sha256=abc' },
    };
    for (const [what, headers] of Object.entries(tries)) {
      const res = await deliver(body, { ...headers, 'x-razorpay-event-id': paid.event.id });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({
        success: false,
        message: 'The webhook signature does not match',
      });
      expect(res.json().error.issues[0].path, what).toBe('X-Razorpay-Signature');
    }
    expect(await o.status()).toBe('PENDING');
    expect((await inbox()).length).toBe(before);
    const { payment, events } = await storedPayment(w, o.orderId);
    expect(payment).toMatchObject({ paymentStatus: 'PENDING', gatewayPaymentId: null });
    expect(events.filter((e) => e.status === 'PAYMENT_RECEIVED')).toEqual([]);
  });
});

describe('the webhook route is rate-limited', () => {
  it('answers a flood with 429 and the envelope; the signed retry after the window is taken', async () => {
    const { o, paid } = await paidAtGateway();
    vi.useFakeTimers({ toFake: ['Date'] });
    // A minute no hit has touched yet (nor the one before it), one second in.
    const start = (Math.floor(Date.now() / 60_000) + 2) * 60_000 + 1000;
    vi.setSystemTime(start);
    const forged = JSON.stringify({ event: 'payment.captured', payload: {} });
    const junk = { 'x-razorpay-signature': 'f'.repeat(64) };
    let taken = 0;
    let res = await deliver(forged, junk);
    while (res.statusCode === 400 && taken < 1000) {
      taken++;
      res = await deliver(forged, junk);
    }
    // 600 deliveries a minute for one shop: the 601st is refused.
    expect(taken).toBe(600);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Too many webhook deliveries. Please retry later.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The genuine delivery inside the window is refused too (the gateway retries it), and changes nothing.
    expect(await paid.send()).toBe(429);
    expect(await o.status()).toBe('PENDING');
    // Two minutes on, the window has passed: the same signed delivery is taken, once.
    vi.setSystemTime(start + 125_000);
    expect(await paid.send()).toBe(200);
    expect(await o.status()).toBe('PAID');
    expect((await inbox()).filter((e) => e.eventId === paid.event.id)).toEqual([
      expect.objectContaining({ event: 'payment.captured', outcome: 'PAID' }),
    ]);
  }, 120_000);
});

import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GATEWAY,
  type GatewayWorld,
  gatewayApp,
  onlineOrder,
  shopKeys,
  storedPayment,
} from './gateway.test-helpers.ts';
import { runOnlinePaymentExpiry } from './online-expiry.ts';
import { hmacHex } from './signatures.ts';

/*
 * Online payments end to end on the real database (PGlite, or PostgreSQL with DATABASE_URL), the gateway being
 * the fake Razorpay: connecting keys (checked, sealed, never shown), checkout's online option, the gateway order
 * for the server's amount, the signed return and the signed webhook in every order and number of deliveries.
 */

let w: GatewayWorld;
beforeAll(async () => {
  w = await gatewayApp();
}, 120_000);
afterAll(() => w?.close());

const hook = (body: string, headers: Record<string, string> = {}) =>
  w.t.app.inject({
    method: 'POST',
    url: w.webhook,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(shopKeys.webhook_secret, body),
      ...headers,
    },
    payload: body,
  });

describe('connecting Razorpay in Settings', () => {
  it('checks the keys with a test call, keeps the secrets sealed and never shows them', async () => {
    const before = (await w.vendor.call('GET', GATEWAY)).json().data;
    expect(before).toMatchObject({ connected: false, key_id: null, test_gateway_available: true });
    expect(before.webhook_url).toMatch(new RegExp(`/api/store/gateway/razorpay/webhook/${w.shops.a.id}/$`));

    const wrong = await w.vendor.call('PUT', GATEWAY, { ...shopKeys, key_secret: 'not-the-secret-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues[0].path).toBe('key_secret');
    expect((await w.vendor.call('GET', GATEWAY)).json().data.connected).toBe(false);

    const res = await w.vendor.call('PUT', GATEWAY, shopKeys);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ connected: true, mode: 'LIVE', key_id: shopKeys.key_id });
    const read = (await w.vendor.call('GET', GATEWAY)).body;
    for (const secret of [shopKeys.key_secret, shopKeys.webhook_secret]) {
      expect(res.body).not.toContain(secret);
      expect(read).not.toContain(secret);
    }
    const [row] = await withStore(w.t.owner, w.shops.a.id, (tx) => tx.select().from(schema.storeGateways));
    expect(row?.keySecretEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(shopKeys.key_secret);
    expect(JSON.stringify(row)).not.toContain(shopKeys.webhook_secret);
  });

  it('names the field of a malformed key id; another role or shop cannot see or change it', async () => {
    const bad = await w.vendor.call('PUT', GATEWAY, { ...shopKeys, key_id: 'pk_live_123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('key_id');
    const elsewhere = await w.vendor.call('GET', GATEWAY, undefined, w.shops.b.slug);
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('paying online', () => {
  it('is offered at checkout, and the gateway order is for the amount the server computed', async () => {
    const o = await onlineOrder(w);
    const methods = (await o.s.checkout()).payment_methods.map((m: { id: string }) => m.id);
    expect(methods).toContain('ONLINE');
    const { payment, order } = await storedPayment(w, o.orderId);
    expect(order?.paymentMethod).toBe('ONLINE');
    const pay = await o.pay();
    expect(pay.amount_paise).toBe(order?.totalPaise);
    expect(w.fake.orders.get(pay.gateway_order_id)?.amount).toBe(payment?.amountPaise);
    // A retry reuses the same gateway order.
    expect((await o.pay()).gateway_order_id).toBe(pay.gateway_order_id);
    expect(await o.status()).toBe('PENDING');
  });

  it('webhook before the return: paid by the webhook, and the return then answers PAID', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', method: 'card' });
    expect(paid.webhookStatus).toBe(200);
    expect(await o.status()).toBe('PAID');
    const back = await o.back(paid.checkout ?? {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.status).toBe('PAID');
    const { payment, order, events } = await storedPayment(w, o.orderId);
    expect(order?.paymentStatus).toBe('SUCCESS');
    expect(payment).toMatchObject({
      paymentStatus: 'SUCCESS',
      gatewayPaymentId: paid.payment.id,
      gatewayMethod: 'card',
      cardNetwork: 'Visa',
      cardLast4: '1111',
      authCode: '828553',
      gatewayFeePaise: expect.any(Number),
      gatewayTaxPaise: expect.any(Number),
    });
    expect(events.filter((e) => e.status === 'PAYMENT_RECEIVED')).toHaveLength(1);
    // Transaction detail shows what the gateway reported, the merchant having done nothing.
    const detail = (await w.vendor.call('GET', `/api/admin/transaction/${payment?.id}/`)).json().data;
    expect(detail).toMatchObject({ payment_mode: 'ONLINE', payment_status: 'SUCCESS' });
    expect(detail.gateway).toMatchObject({
      provider: 'RAZORPAY',
      order_id: gateway_order_id,
      payment_id: paid.payment.id,
      method: 'card',
      card_network: 'Visa',
      card_last4: '1111',
      auth_code: '828553',
    });
    expect(detail.gateway.fee).toBeGreaterThan(0);
    // And the transactions' CSV.
    const csv = (await w.vendor.call('GET', '/api/admin/transaction/export.csv')).body;
    expect(csv.split('\n')[0]).toContain(
      'gateway_payment_id,gateway_method,card,bank,vpa,wallet,auth_code,rrn',
    );
    expect(csv).toContain(`${paid.payment.id},card,Visa 1111,,,,828553`);
  });

  it('return before the webhook: paid on the verified return; the late webhook changes nothing', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', method: 'upi', webhook: 'none' });
    const back = await o.back(paid.checkout ?? {});
    expect(back.json().data.status).toBe('PAID');
    const late = await hook(paid.event.body, { 'x-razorpay-event-id': paid.event.id });
    expect(late.json().data.outcome).toBe('ALREADY_PAID');
    const { payment, events } = await storedPayment(w, o.orderId);
    expect(payment).toMatchObject({ vpa: 'gaurav.kumar@exampleupi', rrn: '313436062528' });
    expect(events.filter((e) => e.status === 'PAYMENT_RECEIVED')).toHaveLength(1);
  });

  it('the same webhook delivered three times makes one payment', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', webhook: 'none' });
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await paid.send()) ?? 0);
    expect(outcomes).toEqual([200, 200, 200]);
    const { order, events } = await storedPayment(w, o.orderId);
    expect(order?.paymentStatus).toBe('SUCCESS');
    expect(events.filter((e) => e.status === 'PAYMENT_RECEIVED')).toHaveLength(1);
    const inbox = await withStore(w.t.owner, w.shops.a.id, (tx) => tx.select().from(schema.gatewayEvents));
    expect(inbox.filter((e) => e.eventId === paid.event.id)).toEqual([
      expect.objectContaining({ event: 'payment.captured', outcome: 'PAID' }),
    ]);
  });

  it('mails the shopper "payment received" once: webhook three times and the return', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', method: 'upi', webhook: 'none' });
    for (let i = 0; i < 3; i++) expect(await paid.send()).toBe(200);
    expect((await o.back(paid.checkout ?? {})).json().data.status).toBe('PAID');
    const { order } = await storedPayment(w, o.orderId);
    const mails = await withStore(w.t.owner, w.shops.a.id, (tx) =>
      tx.select().from(schema.outbox).where(eq(schema.outbox.storeId, w.shops.a.id)),
    );
    const num = `ORD-${order?.number}`;
    const received = mails
      .map((m) => m.payload as { to: string; subject: string; text: string })
      .filter((m) => m.subject === `Payment received for order ${num}`);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe(order?.contactEmail);
    expect(received[0]?.text).toContain(`received your online payment of ₹`);
    expect(received[0]?.text).toContain('Paid by UPI gaurav.kumar@exampleupi.');
  });

  it('a failed payment shows as failed; paying again then succeeds', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const failed = await w.fake.pay(gateway_order_id, { outcome: 'fail', method: 'netbanking' });
    expect(failed.webhookStatus).toBe(200);
    expect(await o.status()).toBe('FAILED');
    const { payment } = await storedPayment(w, o.orderId);
    expect(payment).toMatchObject({
      paymentStatus: 'FAILED',
      bank: 'HDFC',
      failureReason: 'Payment failed because the bank declined it.',
    });
    const again = await o.pay();
    expect(again.gateway_order_id).toBe(gateway_order_id);
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve' });
    expect((await o.back(paid.checkout ?? {})).json().data.status).toBe('PAID');
  });
});

describe('signals that must change nothing', () => {
  it('a webhook with a bad signature is refused with 400', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', webhook: 'none' });
    const forged = await hook(paid.event.body, {
      'x-razorpay-signature': hmacHex('guessed-secret', paid.event.body),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.issues[0].path).toBe('X-Razorpay-Signature');
    const unsigned = await w.t.app.inject({
      method: 'POST',
      url: w.webhook,
      headers: { 'content-type': 'application/json' },
      payload: paid.event.body,
    });
    expect(unsigned.statusCode).toBe(400);
    // The body changed after signing (an amount lowered): refused too.
    const tampered = paid.event.body.replace(/"amount":(\d+)/, '"amount":100');
    const signedOriginal = hmacHex(shopKeys.webhook_secret, paid.event.body);
    expect((await hook(tampered, { 'x-razorpay-signature': signedOriginal })).statusCode).toBe(400);
    expect(await o.status()).toBe('PENDING');
    // The genuine delivery still pays it.
    expect((await hook(paid.event.body, { 'x-razorpay-event-id': paid.event.id })).json().data.outcome).toBe(
      'PAID',
    );
  });

  it('a return with a forged signature is refused; the order stays unpaid', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', webhook: 'none' });
    const forged = await o.back({ ...paid.checkout, razorpay_signature: hmacHex('x', 'y') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.issues[0].path).toBe('razorpay_signature');
    const otherOrder = await o.back({ ...paid.checkout, razorpay_order_id: 'order_someoneelse1' });
    expect(otherOrder.statusCode).toBe(400);
    expect(await o.status()).toBe('PENDING');
  });

  it('a signed webhook for an unknown order, or for another amount, is answered 200 and ignored', async () => {
    const stranger = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: 'pay_Unknown0001', order_id: 'order_NotOurs0001', amount: 100, status: 'captured' },
        },
      },
    });
    const res = await hook(stranger, { 'x-razorpay-event-id': 'evt_unknown_order_1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('UNKNOWN_ORDER');

    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', webhook: 'none' });
    const event = JSON.parse(paid.event.body);
    event.payload.payment.entity.amount = 100;
    const less = await hook(JSON.stringify(event), { 'x-razorpay-event-id': 'evt_amount_mismatch_1' });
    expect(less.json().data.outcome).toBe('AMOUNT_MISMATCH');
    expect(await o.status()).toBe('PENDING');
  });

  it('no secret reaches the log, even from failed calls', () => {
    const log = w.log();
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [shopKeys.key_secret, shopKeys.webhook_secret, 'not-the-secret-1']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('an online payment never made', () => {
  it('cancels the order after 30 minutes, stock back; a payment arriving after that is kept to refund', async () => {
    const o = await onlineOrder(w);
    const { gateway_order_id } = await o.pay();
    const { order } = await storedPayment(w, o.orderId);
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    const placedAt = order?.createdAt ?? new Date();
    // 29 minutes on: still waiting.
    await runOnlinePaymentExpiry({ db: w.t.appDb, log }, new Date(placedAt.getTime() + 29 * 60_000));
    expect((await storedPayment(w, o.orderId)).order?.status).toBe('PENDING');
    await runOnlinePaymentExpiry({ db: w.t.appDb, log }, new Date(placedAt.getTime() + 31 * 60_000));
    expect((await storedPayment(w, o.orderId)).order?.status).toBe('CANCELLED');
    // Its line went back to stock (the earlier tests' unpaid orders were cancelled with it).
    const items = await withStore(w.t.owner, w.shops.a.id, (tx) =>
      tx.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, o.orderId)),
    );
    expect(items.map((i) => i.restockedQuantity)).toEqual(items.map((i) => i.quantity));
    // Paying it now is refused; a capture the gateway still reports is recorded on it, not made paid.
    const again = await o.s.call('POST', `/api/store/order/${o.orderId}/pay-online/`);
    expect(again.statusCode).toBe(409);
    const late = await w.fake.pay(gateway_order_id, { outcome: 'approve', webhook: 'none' });
    const res = await hook(late.event.body, { 'x-razorpay-event-id': late.event.id });
    expect(res.json().data.outcome).toBe('ORDER_CANCELLED');
    const { payment } = await storedPayment(w, o.orderId);
    expect(payment).toMatchObject({
      gatewayPaymentId: late.payment.id,
      failureReason: 'Paid after the order was cancelled: refund it',
    });
  });
});

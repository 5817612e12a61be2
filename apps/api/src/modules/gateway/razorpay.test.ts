import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRazorpay, type WebhookDelivery } from './fake-razorpay.ts';
import { GatewayError } from './provider.ts';
import { razorpayProvider } from './razorpay.ts';
import { hmacHex, paymentSignature, paymentSignatureOk, webhookSignatureOk } from './signatures.ts';

/*
 * The Razorpay client (the official SDK) against the fake gateway, and the signatures against the SDK's own
 * algorithms: what the fake answers has the documented fields (fixtures/razorpay), and no secret reaches an error.
 */

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/razorpay', name), 'utf8')) as Record<
    string,
    unknown
  >;
const keys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'thisisasecretkey12',
  webhookSecret: 'webhooksecret42',
};
const sent: WebhookDelivery[] = [];
let fake: FakeRazorpay;

beforeAll(async () => {
  fake = await FakeRazorpay.start(0, async (d) => {
    sent.push(d);
    return 200;
  });
  fake.addAccount({ ...keys, webhookUrl: 'http://shop.test/webhook' });
});
afterAll(() => fake?.close());

const provider = () => razorpayProvider({ ...keys, baseUrl: fake.url });

describe('signatures', () => {
  it('computes what the SDK verifies: the payment signature and the webhook signature', () => {
    const signature = paymentSignature(keys.keySecret, 'order_IluGWxBm9U8zJ8', 'pay_DESlfW9H8K9uqM');
    const params = { order_id: 'order_IluGWxBm9U8zJ8', payment_id: 'pay_DESlfW9H8K9uqM' };
    expect(validatePaymentVerification(params, signature, keys.keySecret)).toBe(true);
    expect(
      paymentSignatureOk(keys.keySecret, {
        orderId: params.order_id,
        paymentId: params.payment_id,
        signature,
      }),
    ).toBe(true);
    // Another payment id, another secret, or a truncated digest: refused by both.
    const other = { orderId: params.order_id, paymentId: 'pay_other', signature };
    expect(paymentSignatureOk(keys.keySecret, other)).toBe(false);
    expect(
      validatePaymentVerification({ ...params, payment_id: 'pay_other' }, signature, keys.keySecret),
    ).toBe(false);
    expect(paymentSignatureOk('another-secret', { ...other, paymentId: params.payment_id })).toBe(false);
    expect(
      paymentSignatureOk(keys.keySecret, {
        ...other,
        paymentId: params.payment_id,
        signature: signature.slice(2),
      }),
    ).toBe(false);

    const body = JSON.stringify(fixture('webhook-payment-captured.json'));
    const digest = hmacHex(keys.webhookSecret, body);
    expect(Razorpay.validateWebhookSignature(body, digest, keys.webhookSecret)).toBe(true);
    expect(webhookSignatureOk(keys.webhookSecret, body, digest)).toBe(true);
    // One byte of the body changed (re-serialised with a space): the signature no longer matches.
    expect(webhookSignatureOk(keys.webhookSecret, `${body} `, digest)).toBe(false);
    expect(webhookSignatureOk(keys.webhookSecret, body, undefined)).toBe(false);
    expect(webhookSignatureOk(keys.webhookSecret, body, 'zz')).toBe(false);
  });
});

describe('the Razorpay client against the fake gateway', () => {
  it('creates an order, is paid, fetches the payment and refunds it, with the documented fields', async () => {
    const p = await provider();
    await p.checkKeys();
    const order = await p.createOrder({ amountPaise: 50_000, receipt: 'ORD-1001', notes: { order_id: 'x' } });
    expect(order).toMatchObject({ amountPaise: 50_000, currency: 'INR' });
    expect(
      Object.keys(fake.orders.get(order.id) ?? {})
        .filter((k) => k !== 'keyId')
        .sort(),
    ).toEqual(Object.keys(fixture('order.json')).sort());
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/orders');
    expect(Object.keys(created?.body as object).sort()).toEqual(
      Object.keys(fixture('order-create.request.json')).sort(),
    );

    const paid = await fake.pay(order.id, { outcome: 'approve', method: 'card' });
    expect(
      paid.checkout &&
        p.paymentSignatureOk({
          orderId: order.id,
          paymentId: paid.checkout.razorpay_payment_id,
          signature: paid.checkout.razorpay_signature,
        }),
    ).toBe(true);
    const { keyId: _, ...entity } = paid.payment;
    expect(Object.keys(entity).sort()).toEqual(Object.keys(fixture('payment-card-captured.json')).sort());

    const payment = await p.fetchPayment(paid.payment.id);
    expect(payment).toMatchObject({
      id: paid.payment.id,
      orderId: order.id,
      status: 'captured',
      amountPaise: 50_000,
      method: 'card',
      cardNetwork: 'Visa',
      cardLast4: '1111',
      authCode: '828553',
      feePaise: 1000,
      taxPaise: 180,
    });

    // The webhook went out signed as documented: the fake's delivery verifies with the SDK.
    const hook = sent.at(-1);
    expect(hook?.headers['x-razorpay-event-id']).toMatch(/^evt_/);
    expect(
      Razorpay.validateWebhookSignature(
        hook?.body ?? '',
        hook?.headers['x-razorpay-signature'] ?? '',
        keys.webhookSecret,
      ),
    ).toBe(true);
    expect(Object.keys(JSON.parse(hook?.body ?? '{}')).sort()).toEqual(
      Object.keys(fixture('webhook-payment-captured.json')).sort(),
    );

    const refund = await p.refund({ paymentId: payment.id, amountPaise: 20_000, notes: {} });
    expect(refund).toMatchObject({ paymentId: payment.id, amountPaise: 20_000, status: 'pending' });
    const { keyId: __, ...refundEntity } = fake.refunds.get(refund.id) ?? { keyId: '' };
    expect(Object.keys(refundEntity).sort()).toEqual(Object.keys(fixture('refund.json')).sort());
  });

  it('a failed payment carries the bank’s reason, and a UPI payment its VPA and RRN', async () => {
    const p = await provider();
    const order = await p.createOrder({ amountPaise: 12_345, receipt: 'ORD-1002', notes: {} });
    const failed = await fake.pay(order.id, { outcome: 'fail', method: 'netbanking' });
    expect(failed.checkout).toBeNull();
    expect(await p.fetchPayment(failed.payment.id)).toMatchObject({
      status: 'failed',
      bank: 'HDFC',
      error: 'Payment failed because the bank declined it.',
    });
    const upi = await fake.pay(order.id, { outcome: 'approve', method: 'upi' });
    expect(await p.fetchPayment(upi.payment.id)).toMatchObject({
      status: 'captured',
      vpa: 'gaurav.kumar@exampleupi',
      rrn: '313436062528',
    });
  });

  it('reads a day of settlements: the documented recon lines, paged, only that day and key', async () => {
    const p = await provider();
    const payIds: string[] = [];
    for (const amount of [10_000, 25_000]) {
      const order = await p.createOrder({ amountPaise: amount, receipt: 'ORD-S', notes: {} });
      payIds.push(
        (await fake.pay(order.id, { outcome: 'approve', method: 'upi', webhook: 'none' })).payment.id,
      );
    }
    const day = new Date(Date.UTC(2026, 11, 5, 9, 30));
    const setl = fake.settle(payIds, day);
    fake.settle([payIds[0] ?? ''], new Date(Date.UTC(2026, 11, 6, 9, 30)));
    const report = fake.requests.length;
    const lines = await p.settlementRecon({ year: 2026, month: 12, day: 5 });
    expect(lines.map((l) => [l.paymentId, l.amountPaise, l.settlementId, l.type])).toEqual([
      [payIds[0], 10_000, setl, 'payment'],
      [payIds[1], 25_000, setl, 'payment'],
    ]);
    expect(lines[0]?.settledAt.toISOString()).toBe(day.toISOString());
    expect(lines[0]?.orderId).toMatch(/^order_/);
    const asked = fake.requests.slice(report)[0];
    expect(asked?.path).toBe('/v1/settlements/recon/combined');
    const raw = await fetch(`${fake.url}/v1/settlements/recon/combined?year=2026&month=12&day=5&count=1`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
      },
    }).then((r) => r.json() as Promise<{ count: number; items: object[] }>);
    expect(raw.count).toBe(1);
    const item = raw.items[0] ?? {};
    expect(Object.keys(item).sort()).toEqual(
      Object.keys((fixture('settlement-recon.json').items as object[])[0] ?? {}).sort(),
    );
    expect(await p.settlementRecon({ year: 2026, month: 11, day: 5 })).toEqual([]);
  });

  it('wrong keys and an unreachable gateway are GatewayErrors that name no secret', async () => {
    const wrong = await razorpayProvider({ ...keys, keySecret: 'wrong-secret-value', baseUrl: fake.url });
    const auth = await wrong.checkKeys().catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(GatewayError);
    expect(auth).toMatchObject({ reason: 'AUTH', status: 400 });
    const down = await razorpayProvider({ ...keys, baseUrl: 'http://127.0.0.1:9' });
    const unreachable = await down.createOrder({ amountPaise: 100, receipt: 'r', notes: {} }).catch((e) => e);
    expect(unreachable).toMatchObject({ reason: 'UNREACHABLE' });
    for (const e of [auth, unreachable]) {
      const text = `${(e as Error).message} ${JSON.stringify(e)} ${(e as Error).stack}`;
      expect(text).not.toContain(keys.keySecret);
      expect(text).not.toContain('wrong-secret-value');
      expect(text).not.toContain(Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64'));
    }
  });

  it('refuses what the documentation refuses: an amount under ₹1, an unknown payment', async () => {
    const p = await provider();
    await expect(p.createOrder({ amountPaise: 99, receipt: 'r', notes: {} })).rejects.toMatchObject({
      reason: 'REJECTED',
      message: expect.stringContaining('The amount must be at least INR 1.00'),
    });
    await expect(p.fetchPayment('pay_unknown123')).rejects.toBeInstanceOf(GatewayError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GATEWAY,
  type GatewayWorld,
  gatewayApp,
  onlineOrder,
  shopKeys,
  storedPayment,
} from './gateway.test-helpers.ts';

/*
 * Refunds of online payments through the gateway (issue 44): Process Refund asks the gateway and records the
 * refund pending; the gateway's refund.processed webhook completes it, once; a refusal rolls everything back.
 */

let w: GatewayWorld;
beforeAll(async () => {
  w = await gatewayApp();
  expect((await w.vendor.call('PUT', GATEWAY, shopKeys)).statusCode).toBe(200);
}, 120_000);
afterAll(() => w?.close());

async function paidOrder() {
  const o = await onlineOrder(w);
  const { gateway_order_id } = await o.pay();
  const paid = await w.fake.pay(gateway_order_id, { outcome: 'approve', method: 'upi' });
  expect(await o.status()).toBe('PAID');
  const { payment } = await storedPayment(w, o.orderId);
  return { o, paid, paymentId: payment?.id as string, amount: (payment?.amountPaise ?? 0) / 100 };
}

const refund = (paymentId: string, amount: number) =>
  w.vendor.call('POST', `/api/admin/transaction/${paymentId}/refund/`, {
    amount,
    reason: 'Damaged in transit',
    method: 'GATEWAY',
  });

describe('refunds through the gateway', () => {
  it('a partial refund is asked of the gateway, pending, and completed by its webhook once', async () => {
    const { paid, paymentId } = await paidOrder();
    const res = await refund(paymentId, 100);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.payment_status).toBe('PARTIALLY_REFUNDED');
    expect(detail.refunds[0]).toMatchObject({ amount: 100, method: 'GATEWAY', status: 'PENDING' });
    const made = [...w.fake.refunds.values()].find((r) => r.payment_id === paid.payment.id);
    expect(made).toMatchObject({ amount: 10_000, status: 'pending' });

    expect(await w.fake.settleRefund(made?.id ?? '')).toBe(200);
    const after = (await w.vendor.call('GET', `/api/admin/transaction/${paymentId}/`)).json().data;
    expect(after.refunds[0]).toMatchObject({ status: 'COMPLETED', reference: made?.id });
    // Delivered again (a new event id each time from the fake): changes nothing.
    expect(await w.fake.settleRefund(made?.id ?? '')).toBe(200);
    const again = (await w.vendor.call('GET', `/api/admin/transaction/${paymentId}/`)).json().data;
    expect(again.refunds).toHaveLength(1);
    expect(again.refunds[0].status).toBe('COMPLETED');
  });

  it('GATEWAY is refused for a payment not made online', async () => {
    const [cod] = (
      await w.vendor.call('GET', '/api/admin/transaction/?status=SUCCESS&payment_mode=CASH')
    ).json().data.results as { id: string }[];
    if (!cod) throw new Error('the demo shop has no cash payment');
    const res = await refund(cod.id, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0].path).toBe('method');
  });

  it('a refund the gateway refuses is not recorded, and can be tried again', async () => {
    const { paymentId, amount } = await paidOrder();
    const refused = await refund(paymentId, 0.5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('GATEWAY_REFUSED');
    expect(refused.body).not.toContain(shopKeys.key_secret);
    const unchanged = (await w.vendor.call('GET', `/api/admin/transaction/${paymentId}/`)).json().data;
    expect(unchanged).toMatchObject({ payment_status: 'SUCCESS', refunded_amount: 0, refunds: [] });
    const full = await refund(paymentId, amount);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data).toMatchObject({ payment_status: 'REFUNDED', refundable: 0 });
  });
});

import { schema, withStore } from '@haat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayWorld, gatewayApp, onlineOrder, storedPayment } from './gateway.test-helpers.ts';
import { runGatewayRecon } from './recon.ts';

/*
 * The daily reconciliation against the fake Razorpay's settlement report, on the real database (PGlite, or
 * PostgreSQL with DATABASE_URL): matched payments get their settlement id, and the three kinds of mismatch are
 * listed once, however often the job runs.
 */

let w: GatewayWorld;
beforeAll(async () => {
  w = await gatewayApp();
  await w.vendor.call('PUT', '/api/admin/payment-gateway/', {
    key_id: 'rzp_test_ShopA1234567',
    key_secret: 'kS3cr3t-shop-a-0001',
    webhook_secret: 'wh-S3cr3t-shop-a-0002',
  });
}, 120_000);
afterAll(() => w?.close());

const DAY = 86_400_000;

async function paidOrder(webhook: 'none' | undefined = undefined) {
  const o = await onlineOrder(w);
  const { gateway_order_id } = await o.pay();
  const paid = await w.fake.pay(gateway_order_id, {
    outcome: 'approve',
    method: 'upi',
    ...(webhook ? { webhook } : {}),
  });
  return { orderId: o.orderId, paymentId: paid.payment.id as string, amount: Number(paid.payment.amount) };
}

describe('reconciling the gateway settlements', () => {
  it('records the settlement on matched payments and lists each mismatch once', async () => {
    const matched = await paidOrder();
    const unpaid = await paidOrder('none');
    const differs = await paidOrder();
    const notCaptured = await paidOrder();
    const fakePayment = w.fake.payments.get(notCaptured.paymentId);
    if (fakePayment) fakePayment.status = 'authorized';
    const now = new Date(Date.now() + 3 * DAY);
    const through = new Date(+now - DAY);
    const setl = w.fake.settle([matched.paymentId, unpaid.paymentId, differs.paymentId], through, [
      matched.amount,
      unpaid.amount,
      differs.amount - 100,
    ]);
    const log = { error: () => {}, info: () => {}, warn: () => {} } as never;
    const deps = { db: w.t.deps.db, config: w.t.deps.config, log };
    expect((await runGatewayRecon(deps, now)).shops).toBeGreaterThanOrEqual(1);
    expect((await storedPayment(w, matched.orderId)).payment?.settlementId).toBe(setl);
    expect((await storedPayment(w, unpaid.orderId)).order?.paymentStatus).toBe('PENDING');
    // Again, and once more the next day: nothing new.
    await runGatewayRecon(deps, now);
    await runGatewayRecon(deps, new Date(+now + DAY));
    const rows = await withStore(w.t.owner, w.shops.a.id, (tx) => tx.select().from(schema.gatewayMismatches));
    const found = rows.map((r) => [r.kind, r.gatewayPaymentId, r.orderId]).sort();
    expect(found).toEqual(
      [
        ['AMOUNT_DIFFERS', differs.paymentId, differs.orderId],
        ['CAPTURED_NOT_PAID', unpaid.paymentId, unpaid.orderId],
        ['PAID_NOT_CAPTURED', notCaptured.paymentId, notCaptured.orderId],
      ].sort(),
    );
    const amountRow = rows.find((r) => r.kind === 'AMOUNT_DIFFERS');
    expect(amountRow).toMatchObject({
      gatewayAmountPaise: differs.amount - 100,
      ourAmountPaise: differs.amount,
    });
    // Transaction detail names the settlement.
    const txId = (await storedPayment(w, matched.orderId)).payment?.id;
    const detail = (await w.vendor.call('GET', `/api/admin/transaction/${txId}/`)).json().data;
    expect(detail.gateway.settlement_id).toBe(setl);
    // The merchant's list (Settings → Payment gateway).
    const res = await w.vendor.call('GET', '/api/admin/payment-gateway/mismatches/');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.reconciled_through).toBe(new Date(+now).toISOString().slice(0, 10));
    expect(data.mismatches).toHaveLength(3);
    const shown = data.mismatches.find((m: { kind: string }) => m.kind === 'AMOUNT_DIFFERS');
    expect(shown).toMatchObject({ gateway_payment_id: differs.paymentId, settlement_id: setl });
    expect(shown.our_amount - shown.gateway_amount).toBeCloseTo(1);
    expect(shown.order_number).toMatch(/^ORD-\d+$/);
  });

  it('two processes at once read each day once (the shop is claimed with SKIP LOCKED)', async () => {
    const log = { error: () => {}, info: () => {}, warn: () => {} } as never;
    const deps = { db: w.t.deps.db, config: w.t.deps.config, log };
    const before = w.fake.requests.length;
    const later = new Date(Date.now() + 12 * DAY);
    await Promise.all([runGatewayRecon(deps, later), runGatewayRecon(deps, later)]);
    const days = w.fake.requests.slice(before).filter((r) => r.path === '/v1/settlements/recon/combined');
    // Ten days missed since the last run: the last seven are read, each once.
    expect(days).toHaveLength(7);
    const rows = await withStore(w.t.owner, w.shops.a.id, (tx) => tx.select().from(schema.storeGateways));
    expect(rows[0]?.reconciledThrough).toBe(new Date(+later - DAY).toISOString().slice(0, 10));
  });
});

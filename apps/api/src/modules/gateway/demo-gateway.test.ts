import { schema, withStore } from '@haat/db';
import { DEMO_GATEWAY_SHOP, seedDemoGateway } from '@haat/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';
import { sealer } from './registry.ts';

/*
 * The demo's online payments (issue 44, seed demo-gateway.ts), as the server seeds them in development: the shop
 * is connected to the test gateway (its secrets sealed with the server's key, readable by it), its checkout offers
 * "Pay online", and its back office shows orders paid online with the gateway's details and settlement, one
 * refunded through the gateway, and the reconciliation's mismatch.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_GATEWAY_PORT: String(41000 + Math.floor(Math.random() * 20000)) });
}, 60_000);
afterAll(() => t?.close());

describe('the demo shop that takes online payments', () => {
  it('is connected to the test gateway, with paid online orders, a gateway refund and a mismatch', async () => {
    const box = sealer(t.deps);
    if (!box) throw new Error('no gateway key outside production');
    expect(await seedDemoGateway(t.owner, { seal: box.seal })).toBe(true);
    // Seeded once: a second run changes nothing.
    expect(await seedDemoGateway(t.owner, { seal: box.seal })).toBe(false);
    const [shop] = await t.owner
      .select({ id: schema.stores.id, slug: schema.stores.slug })
      .from(schema.stores)
      .where(eq(schema.stores.slug, DEMO_GATEWAY_SHOP));
    if (!shop) throw new Error(`no ${DEMO_GATEWAY_SHOP}`);
    const vendor = await demoVendor(t, shop);

    const settings = (await vendor.call('GET', '/api/admin/payment-gateway/')).json().data;
    expect(settings).toMatchObject({ connected: true, mode: 'TEST', provider: 'RAZORPAY' });
    expect(settings.key_id).toMatch(/^rzp_test_\w{14}$/);
    const [row] = await withStore(t.owner, shop.id, (tx) =>
      tx.select().from(schema.storeGateways).where(eq(schema.storeGateways.storeId, shop.id)),
    );
    expect(box.open(row?.webhookSecretEnc ?? '')).toMatch(/^[\w-]{24}$/);

    const online = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select({ id: schema.paymentTransactions.id })
        .from(schema.paymentTransactions)
        .where(
          and(
            eq(schema.paymentTransactions.storeId, shop.id),
            eq(schema.paymentTransactions.paymentMode, 'ONLINE'),
          ),
        ),
    );
    expect(online.length).toBe(7);
    const details = await Promise.all(
      online.map(async (r) => (await vendor.call('GET', `/api/admin/transaction/${r.id}/`)).json().data),
    );
    for (const d of details) {
      expect(d.gateway).toMatchObject({
        provider: 'RAZORPAY',
        payment_id: expect.stringMatching(/^pay_\w{14}$/),
        order_id: expect.stringMatching(/^order_\w{14}$/),
        settlement_id: expect.stringMatching(/^setl_\w{14}$/),
      });
      expect(d.gateway.fee).toBeGreaterThan(d.gateway.fee_tax);
    }
    const methods = new Set(details.map((d) => d.gateway.method));
    expect([...methods].sort()).toEqual(['card', 'netbanking', 'upi', 'wallet']);
    const card = details.find((d) => d.gateway.method === 'card');
    expect(card.gateway).toMatchObject({ card_last4: expect.stringMatching(/^\d{4}$/) });
    const upi = details.find((d) => d.gateway.method === 'upi');
    expect(upi.gateway.vpa).toMatch(/@okhdfcbank$/);
    const refunded = details.filter((d) => d.refunds.length);
    expect(refunded).toHaveLength(1);
    expect(refunded[0].refunds[0]).toMatchObject({ method: 'GATEWAY', status: 'COMPLETED' });
    expect(refunded[0].refunds[0].reference).toMatch(/^rfnd_\w{14}$/);
    const late = details.find((d) => d.gateway.failure_reason);
    expect(late.gateway.failure_reason).toBe('Paid after the order was cancelled: refund it');

    const mismatches = (await vendor.call('GET', '/api/admin/payment-gateway/mismatches/')).json().data;
    expect(mismatches.mismatches).toEqual([
      expect.objectContaining({
        kind: 'CAPTURED_NOT_PAID',
        gateway_payment_id: late.gateway.payment_id,
        settlement_id: late.gateway.settlement_id,
        resolved_at: null,
      }),
    ]);
    expect(mismatches.reconciled_through).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A shopper's checkout offers paying online.
    const product = (await productsOf(t, shop.slug)).find((p) => p.product_quantity > 5);
    const s = await shopperWithCart(t, shop.slug, [{ id: product?.id ?? '', quantity: 1 }]);
    const checkout = (await s.call('GET', '/api/store/store-user/user-checkout/')).json().data;
    expect(checkout.payment_methods.map((m: { id: string }) => m.id)).toContain('ONLINE');
  });
});

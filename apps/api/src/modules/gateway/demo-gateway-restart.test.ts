import { schema, withStore } from '@haat/db';
import { DEMO_GATEWAY_SHOP, seedDemoGateway } from '@haat/db/seed';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { sealer, stopTestGateway } from './registry.ts';

/*
 * The demo's online payments after a restart (issue 44): the development test gateway keeps its books in memory,
 * so a fresh one knows neither the demo shop's keys nor its seeded payments. Process Refund on a seeded online
 * payment must still be accepted (pending) and completed by the gateway's signed webhook to this server, as for a
 * payment made since, and the gateway must remember what was refunded across a second restart.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_GATEWAY_PORT: String(41000 + Math.floor(Math.random() * 20000)) });
  // The webhook goes to this server's own port, as in development.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await stopTestGateway();
  await t?.close();
});

const detailOf = async (vendor: Awaited<ReturnType<typeof demoVendor>>, id: string) =>
  (await vendor.call('GET', `/api/admin/transaction/${id}/`)).json().data;

/** Reads the transaction until its first refund is no longer pending (the gateway's webhook), at most 15 s. */
async function settled(vendor: Awaited<ReturnType<typeof demoVendor>>, id: string) {
  for (let i = 0; i < 150; i++) {
    const d = await detailOf(vendor, id);
    if (d.refunds[0]?.status !== 'PENDING') return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  return detailOf(vendor, id);
}

describe('the demo shop after a restart of the test gateway', () => {
  it('refunds a seeded online payment through the gateway, completed by its webhook', async () => {
    const box = sealer(t.deps);
    if (!box) throw new Error('no gateway key outside production');
    expect(await seedDemoGateway(t.owner, { seal: box.seal })).toBe(true);
    const [shop] = await t.owner
      .select({ id: schema.stores.id, slug: schema.stores.slug })
      .from(schema.stores)
      .where(eq(schema.stores.slug, DEMO_GATEWAY_SHOP));
    if (!shop) throw new Error(`no ${DEMO_GATEWAY_SHOP}`);
    const vendor = await demoVendor(t, shop);
    const pt = schema.paymentTransactions;
    const [seeded] = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select({ id: pt.id, amountPaise: pt.amountPaise })
        .from(pt)
        .where(and(eq(pt.paymentMode, 'ONLINE'), eq(pt.paymentStatus, 'SUCCESS'), isNull(pt.failureReason)))
        .limit(1),
    );
    if (!seeded) throw new Error('no seeded online payment');

    // A restart: the test gateway's books are empty.
    await stopTestGateway();
    const refund = (amount: number) =>
      vendor.call('POST', `/api/admin/transaction/${seeded.id}/refund/`, {
        amount,
        reason: 'Damaged in transit',
        method: 'GATEWAY',
      });
    const first = await refund(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.refunds[0]).toMatchObject({ amount: 1, method: 'GATEWAY', status: 'PENDING' });
    const done = await settled(vendor, seeded.id);
    expect(done.refunds[0]).toMatchObject({
      status: 'COMPLETED',
      reference: expect.stringMatching(/^rfnd_/),
    });

    // Another restart: the gateway is told what was refunded, so it takes the rest and no more.
    await stopTestGateway();
    const rest = seeded.amountPaise / 100 - 1;
    const second = await refund(rest);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ payment_status: 'REFUNDED', refundable: 0 });
  });
});

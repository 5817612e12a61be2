import { withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from './demo-suite.ts';

/*
 * The requests the fuzzer (fuzz.test.ts) shrank its 500s to, kept as plain tests: each failed with 500 before its
 * fix and now answers 400 naming the field.
 */

const { t, shops, vendor } = await demoSuite();
beforeAll(async () => {});

const expectField = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { error: { issues: { path: string }[] } };
  expect(body.error.issues.map((i) => i.path)).toContain(field);
};

describe('what the fuzzer found', () => {
  it('a price filter beyond any price (2^53 rupees) on the shop listing', async () => {
    const res = await t.app.inject({
      url: '/api/store/stores/product?max_price=9007199254740992',
      headers: { 'store-origin': shops.a.slug },
    });
    expectField(res, 'max_price');
    const min = await t.app.inject({
      url: '/api/store/stores/product?min_price=1e300',
      headers: { 'store-origin': shops.a.slug },
    });
    expectField(min, 'min_price');
  });

  it('a refund of 5e-324 rupees (positive, but 0 paise)', async () => {
    const rows = await withStore(t.owner, shops.a.id, (tx) =>
      tx.execute(sql`select id from payment_transactions where store_id = ${shops.a.id} limit 1`),
    );
    const [payment] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: string }[];
    expect(payment).toBeDefined();
    const res = await vendor.call('POST', `/api/admin/transaction/${payment?.id}/refund/`, {
      amount: 5e-324,
      reason: 'Fuzzed amount',
      method: 'CASH',
    });
    expectField(res, 'amount');
    expect(res.json().error.issues[0].message).toBe('Amount must be at least ₹0.01');
  });

  it('a fixed coupon worth 5e-324 rupees, and a cap of as little', async () => {
    const coupon = { code: 'FUZZ01', kind: 'FIXED', value: 5e-324, min_order: 0, usage_limit: 1 };
    expectField(await vendor.call('POST', '/api/admin/coupon/', coupon), 'value');
    const capped = { ...coupon, kind: 'PERCENT', value: 10, max_discount: 5e-324 };
    expectField(await vendor.call('POST', '/api/admin/coupon/', capped), 'max_discount');
  });

  it('a path with malformed percent-encoding, and a path id that is not an id', async () => {
    for (const url of ['/api/store/stores/product/%E0%A4%A', '/api/admin/order/%C0/']) {
      const res = await t.app.inject({ url, headers: { 'store-origin': shops.a.slug } });
      expectField(res, 'url');
      expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    const id = await vendor.call('GET', '/api/admin/order/not-an-id/');
    expectField(id, 'id');
  });
});

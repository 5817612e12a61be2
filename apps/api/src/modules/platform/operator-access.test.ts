import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { platformOperator } from './platform.test-helpers.ts';

/*
 * Issue 35 item 4: the platform operator reads a shop's back office to support it and changes nothing there
 * (decision 0021). Before, its token with a shop's store-origin acted as the owner: a refund, the UPI id, a 90 %
 * coupon, staff all went through.
 */

const { t, shops } = await demoSuite();
let owner: Awaited<ReturnType<typeof demoVendor>>;
let operator: Awaited<ReturnType<typeof platformOperator>>;
beforeAll(async () => {
  owner = await demoVendor(t, shops.a);
  operator = await platformOperator(t);
}, 60_000);

const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  operator.call(method, url, payload, shops.a.slug);

const refusedAsOperator = (res: {
  statusCode: number;
  body: string;
  json: () => { error?: { reason?: string }; message?: string };
}) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error?.reason).toBe('ROLE_FORBIDDEN');
  expect(res.json().message).toMatch(/^The platform operator can only look at a shop's back office/);
};

describe("the platform operator in a shop's back office", () => {
  it('reads the dashboard, products, orders, transactions and the audit trail', async () => {
    for (const url of [
      '/api/admin/dashboard/',
      '/api/admin/inventory/',
      '/api/admin/order/',
      '/api/admin/transaction/',
      '/api/admin/audit-trail/',
    ]) {
      const res = await asOperator('GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it("cannot change the shop's UPI id, refund, make a coupon or touch staff; nothing changes", async () => {
    const settingsBefore = (await owner.call('GET', '/api/admin/store-setting/')).json().data;
    refusedAsOperator(
      await asOperator('PUT', '/api/admin/store-setting/', {
        payment_methods: ['COD', 'UPI'],
        upi_id: 'someone-else@okaxis',
      }),
    );
    expect((await owner.call('GET', '/api/admin/store-setting/')).json().data).toEqual(settingsBefore);

    const [payment] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.paymentTransactions)
        .where(
          and(
            eq(schema.paymentTransactions.storeId, shops.a.id),
            eq(schema.paymentTransactions.paymentStatus, 'SUCCESS'),
          ),
        )
        .limit(1),
    );
    if (!payment) throw new Error('expected a settled payment in the demo shop');
    refusedAsOperator(
      await asOperator('POST', `/api/admin/transaction/${payment.id}/refund/`, {
        amount: 1,
        reason: 'Operator test',
        method: 'CASH',
      }),
    );
    const [after] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.paymentTransactions).where(eq(schema.paymentTransactions.id, payment.id)),
    );
    expect(after?.refundedPaise).toBe(payment.refundedPaise);

    refusedAsOperator(
      await asOperator('POST', '/api/admin/coupon/', {
        code: 'OPERATOR90',
        kind: 'PERCENT',
        value: 90,
        min_order: 0,
        starts_at: '2026-01-01T00:00:00.000Z',
        expires_at: '2030-01-01T00:00:00.000Z',
        active: true,
      }),
    );
    refusedAsOperator(await asOperator('GET', '/api/admin/staff/'));
    refusedAsOperator(
      await asOperator('POST', '/api/admin/staff/invite/', { email: 'friend@example.in', role: 'MANAGER' }),
    );
    const coupons = (await owner.call('GET', '/api/admin/coupon/')).json().data;
    expect(JSON.stringify(coupons)).not.toContain('OPERATOR90');
  });

  it("cannot use the owner's wizard (payments, launch, details) or upload images to the shop", async () => {
    const launch = await t.app.inject({
      method: 'POST',
      url: '/api/store/create-store-setting/',
      headers: { authorization: `Bearer ${operator.token}` },
      payload: {
        store_id: shops.a.id,
        online_status: 'PUBLISHED',
        payment_methods: ['UPI'],
        upi_id: 'someone-else@okaxis',
      },
    });
    expect(launch.statusCode, launch.body).toBe(404);
    const read = await t.app.inject({
      url: `/api/store/get-store-setting/?store_id=${shops.a.id}`,
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(read.statusCode).toBe(404);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/store/upload/?store_id=${shops.a.id}&kind=product`,
      headers: { authorization: `Bearer ${operator.token}` },
    });
    refusedAsOperator(upload);
    const [settings] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.storeSettings).where(eq(schema.storeSettings.storeId, shops.a.id)),
    );
    expect(settings?.upiId).not.toBe('someone-else@okaxis');
  });

  it('keeps its platform powers: suspends and lifts the shop', async () => {
    const put = (online_status: string, reason?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/platform/shops/${shops.a.id}/status/`,
        headers: { authorization: `Bearer ${operator.token}` },
        payload: { online_status, reason },
      });
    expect((await put('MAINTENANCE')).statusCode).toBe(200);
    expect((await put('PUBLISHED')).statusCode).toBe(200);
  });
});

import { schema } from '@haat/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { ensureOperator } from '../accounts/bootstrap-accounts.ts';

/*
 * The platform operator's console (issue 15): every shop with its activity, suspension with a reason mailed to the
 * owner and shown in their back office, its effect on the storefront and the back office, lifting it, and the
 * shop's audit trail recording who did it.
 */

const { t, shops, vendor } = await demoSuite();
let operatorToken = '';
const OPERATOR = { email: 'operator@haat.test', password: 'operator-pass-2026' };
beforeAll(async () => {
  await ensureOperator(t.owner, OPERATOR.email, OPERATOR.password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/',
    payload: { ...OPERATOR, role_name: 'ADMIN' },
  });
  expect(res.statusCode, res.body).toBe(200);
  operatorToken = res.json().data.access_token;
});

const asOperator = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${operatorToken}` } });
const storefront = () =>
  t.app.inject({ url: '/api/store/stores/product?limit=1', headers: { 'store-origin': shops.a.slug } });

describe("the operator's console", () => {
  it('lists every shop with owner, plan, status, orders in the last 30 days and last activity; filters and pages', async () => {
    const all = await asOperator('GET', '/api/platform/shops/?limit=100');
    expect(all.statusCode).toBe(200);
    const data = all.json().data;
    expect(data.count).toBe(shops.all.length);
    const a = data.results.find((r: { id: string }) => r.id === shops.a.id);
    expect(a).toMatchObject({ slug: shops.a.slug, online_status: 'PUBLISHED' });
    expect(a.owner.email).toMatch(/@/);
    expect(a.orders_30d).toBeGreaterThan(0);
    expect(a.last_activity).not.toBeNull();

    const found = (await asOperator('GET', `/api/platform/shops/?search=${shops.a.slug}`)).json().data;
    expect(found.results.map((r: { id: string }) => r.id)).toContain(shops.a.id);
    const drafts = (await asOperator('GET', '/api/platform/shops/?status=DRAFT')).json().data;
    expect(drafts.results.every((r: { online_status: string }) => r.online_status === 'DRAFT')).toBe(true);
    expect(drafts.count).toBeGreaterThan(0);
    const page = (await asOperator('GET', '/api/platform/shops/?limit=2&offset=1')).json().data;
    expect(page.results).toHaveLength(2);
    expect(page.count).toBe(shops.all.length);

    const bad = await asOperator('GET', '/api/platform/shops/?status=CLOSED');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('status');
  });

  it('is for the operator alone: no token 401, a vendor or a customer 403', async () => {
    expect((await t.app.inject({ url: '/api/platform/shops/' })).statusCode).toBe(401);
    const asVendor = await vendor.call('GET', '/api/platform/shops/');
    expect(asVendor.statusCode).toBe(403);
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('GET', '/api/platform/shops/')).statusCode).toBe(403);
    const suspend = await vendor.call('PUT', `/api/platform/shops/${shops.b.id}/status/`, {
      online_status: 'SUSPENDED',
      reason: 'A vendor trying',
    });
    expect(suspend.statusCode).toBe(403);
    expect((await storefrontOf(shops.b.slug)).statusCode).toBe(200);
  });

  it('suspends a shop with a reason: shoppers are turned away, the owner is mailed and sees why, cannot reopen it; lifting it reopens', async () => {
    const missing = await asOperator('PUT', `/api/platform/shops/${shops.a.id}/status/`, {
      online_status: 'SUSPENDED',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0]).toEqual({
      path: 'reason',
      message: 'Give the reason for the suspension',
    });
    expect((await storefront()).statusCode).toBe(200);

    const reason = 'Counterfeit goods reported by three customers';
    const res = await asOperator('PUT', `/api/platform/shops/${shops.a.id}/status/`, {
      online_status: 'SUSPENDED',
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ online_status: 'SUSPENDED', status_note: reason });

    const closed = await storefront();
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toMatchObject({ code: 'STORE_UNAVAILABLE', status: 'SUSPENDED' });

    const mine = (await vendor.call('GET', '/api/store/shop/shop/mine/')).json().data;
    expect(mine.find((s: { id: string }) => s.id === shops.a.id)).toMatchObject({
      online_status: 'SUSPENDED',
      status_note: reason,
    });
    const reopen = await vendor.call('POST', '/api/store/create-store-setting/', {
      store_id: shops.a.id,
      online_status: 'PUBLISHED',
    });
    expect(reopen.statusCode).toBe(403);
    expect(reopen.json().message).toContain('suspended');

    const [mail] = await t.owner
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.storeId, shops.a.id))
      .orderBy(desc(schema.outbox.createdAt))
      .limit(1);
    const sent = (mail?.payload ?? {}) as { subject?: string; text?: string };
    expect(sent.subject).toContain('suspended');
    expect(sent.text).toContain(reason);

    const trail = (await asOperator('GET', `/api/platform/shops/${shops.a.id}/audit/?search=platform`)).json()
      .data;
    const row = trail.results.find((r: { summary: string }) => r.summary.includes(reason));
    expect(row?.summary).toContain('suspended by the platform');
    expect(row?.actor_name).toContain('Platform');

    const lift = await asOperator('PUT', `/api/platform/shops/${shops.a.id}/status/`, {
      online_status: 'PUBLISHED',
    });
    expect(lift.statusCode, lift.body).toBe(200);
    expect(lift.json().data).toEqual({ online_status: 'PUBLISHED', status_note: null });
    expect((await storefront()).statusCode).toBe(200);
  });

  it('answers 404 for an unknown shop and 400 naming the field for a malformed id or status', async () => {
    const unknown = await asOperator(
      'PUT',
      '/api/platform/shops/00000000-0000-0000-0000-000000000000/status/',
      {
        online_status: 'MAINTENANCE',
      },
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await asOperator('PUT', '/api/platform/shops/nope/status/', {
      online_status: 'MAINTENANCE',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.issues[0].path).toBe('id');
    const status = await asOperator('PUT', `/api/platform/shops/${shops.b.id}/status/`, {
      online_status: 'DRAFT',
    });
    expect(status.statusCode).toBe(400);
    expect(status.json().error.issues[0].path).toBe('online_status');
    expect((await storefrontOf(shops.b.slug)).statusCode).toBe(200);
  });
});

function storefrontOf(slug: string) {
  return t.app.inject({ url: '/api/store/stores/product?limit=1', headers: { 'store-origin': slug } });
}

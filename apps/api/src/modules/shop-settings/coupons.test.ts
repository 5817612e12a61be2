import { schema } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';
import { asShop, auditRows } from './shop-settings.test-helpers.ts';

const { t, shops, vendor: vendorA } = await demoSuite();
const vendorB = await demoVendor(t, shops.b);

const URL = '/api/admin/coupon/';
const CART = '/api/store/store-user/store-cart/';
const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
type Coupon = { id: string; code: string; state: string; used_count: number; usage_limit: number | null };
const coupon = (extra: Record<string, unknown> = {}) => ({
  code: 'diwali15',
  kind: 'PERCENT',
  value: 15,
  max_discount: 300,
  min_order: 500,
  starts_at: iso(-DAY),
  expires_at: iso(30 * DAY),
  usage_limit: 100,
  active: true,
  ...extra,
});
const couponRow = async (storeId: string, id: string) =>
  (
    await asShop(t, storeId, (tx) =>
      tx
        .select()
        .from(schema.coupons)
        .where(and(eq(schema.coupons.storeId, storeId), eq(schema.coupons.id, id))),
    )
  )[0];
const fieldsOf = (c: Record<string, unknown>) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  max_discount: c.max_discount,
  min_order: c.min_order,
  starts_at: c.starts_at,
  expires_at: c.expires_at,
  usage_limit: c.usage_limit,
  active: c.active,
});

describe('coupons', () => {
  it('adds a coupon with its code uppercased that a customer can apply in the cart', async () => {
    const res = await vendorA.call('POST', URL, coupon());
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      code: 'DIWALI15',
      kind: 'PERCENT',
      value: 15,
      max_discount: 300,
      min_order: 500,
      used_count: 0,
      usage_limit: 100,
      state: 'ACTIVE',
      description: '15% off up to ₹300 on orders of ₹500 or more',
    });
    const audit = await auditRows(t, shops.a.id, 'COUPON', created.id);
    expect(audit).toMatchObject([{ action: 'CREATE', after: { code: 'DIWALI15', value: 15 } }]);

    const cards = (
      await t.app.inject({
        url: '/api/store/stores/product?limit=100',
        headers: { 'store-origin': shops.a.slug },
      })
    ).json().data as {
      id: string;
      product_price: number;
      discount_price: number | null;
      product_quantity: number;
    }[];
    const p = cards.find((c) => c.product_quantity >= 5 && (c.discount_price ?? c.product_price) >= 200);
    if (!p) throw new Error('demo shop has a product worth ₹200 with stock');
    const customer = await verifiedCustomer(t, shops.a.slug);
    const unit = p.discount_price ?? p.product_price;
    await customer.call('POST', CART, { product_id: p.id, quantity: Math.min(5, Math.ceil(600 / unit)) });
    const applied = await customer.call('POST', `${CART}coupon/`, { code: 'diwali15' });
    expect(applied.statusCode).toBe(200);
    const summary = applied.json().data.summary;
    expect(summary.coupon).toMatchObject({ code: 'DIWALI15', applicable: true });
    expect(summary.discount).toBe(Math.min(Math.floor(summary.subtotal * 15) / 100, 300));
  });

  it('computes each coupon’s state: scheduled, paused, expired, used up', async () => {
    const scheduled = (await vendorA.call('POST', URL, coupon({ code: 'SOON5', starts_at: iso(DAY) }))).json()
      .data;
    const paused = (await vendorA.call('POST', URL, coupon({ code: 'PAUSED5', active: false }))).json().data;
    const expired = (
      await vendorA.call(
        'POST',
        URL,
        coupon({ code: 'OLD5', starts_at: iso(-10 * DAY), expires_at: iso(-DAY) }),
      )
    ).json().data;
    const limited = (await vendorA.call('POST', URL, coupon({ code: 'ONCE5', usage_limit: 1 }))).json().data;
    await asShop(t, shops.a.id, (tx) =>
      tx.update(schema.coupons).set({ usedCount: 1 }).where(eq(schema.coupons.id, limited.id)),
    );
    const list = (await vendorA.call('GET', URL)).json().data as Coupon[];
    const state = (id: string) => list.find((c) => c.id === id)?.state;
    expect(state(scheduled.id)).toBe('SCHEDULED');
    expect(state(paused.id)).toBe('PAUSED');
    expect(state(expired.id)).toBe('EXPIRED');
    expect(state(limited.id)).toBe('USED_UP');
    expect(list.find((c) => c.id === limited.id)?.used_count).toBe(1);
    // The seeded coupons are listed too, with their real uses.
    expect(list.find((c) => c.code === 'MONSOON20')?.state).toBe('EXPIRED');
  });

  it('refuses a code the shop already has (any case) with 409 naming the field', async () => {
    const res = await vendorA.call('POST', URL, coupon({ code: 'welcome10' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'CONFLICT', issues: [{ path: 'code', message: 'You already have a coupon WELCOME10' }] },
    });
    // Another shop may use the same code.
    const other = (await vendorB.call('GET', URL)).json().data as Coupon[];
    const mine = (await vendorA.call('POST', URL, coupon({ code: 'BONUS77' }))).json().data;
    expect(other.some((c) => c.code === 'BONUS77')).toBe(false);
    expect((await vendorB.call('POST', URL, coupon({ code: 'BONUS77' }))).statusCode).toBe(201);
    // Renaming onto a taken code is refused too.
    const renamed = await vendorA.call('PUT', `${URL}${mine.id}/`, fieldsOf({ ...mine, code: 'WELCOME10' }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.issues[0].path).toBe('code');
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [coupon({ code: 'AB' }), 'code'],
      [coupon({ code: 'NO-DASH' }), 'code'],
      [coupon({ code: 'A'.repeat(21) }), 'code'],
      [coupon({ value: 95 }), 'value'],
      [coupon({ value: 12.5 }), 'value'],
      [coupon({ value: 0 }), 'value'],
      [coupon({ kind: 'FIXED', value: 100, max_discount: 50 }), 'max_discount'],
      [coupon({ kind: 'BOGO' }), 'kind'],
      [coupon({ min_order: -1 }), 'min_order'],
      [coupon({ starts_at: iso(DAY), expires_at: iso(-DAY) }), 'expires_at'],
      [coupon({ expires_at: 'next week' }), 'expires_at'],
      [coupon({ usage_limit: 0 }), 'usage_limit'],
    ];
    for (const [body, path] of cases) {
      const res = await vendorA.call('POST', URL, body);
      expect(res.statusCode, path).toBe(400);
      expect(
        (res.json().error.issues as { path: string }[]).map((i) => i.path),
        path,
      ).toContain(path);
    }
  });

  it('edits a coupon (fixed rupees with paise), never below the uses so far, and audits the change', async () => {
    const created = (await vendorA.call('POST', URL, coupon({ code: 'FLAT50' }))).json().data;
    const fixed = { ...fieldsOf(created), kind: 'FIXED', value: 50.5, max_discount: null };
    const res = await vendorA.call('PUT', `${URL}${created.id}/`, fixed);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'FIXED', value: 50.5, max_discount: null });
    expect(await couponRow(shops.a.id, created.id)).toMatchObject({ value: 5050, maxDiscountPaise: null });
    const audit = await auditRows(t, shops.a.id, 'COUPON', created.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'UPDATE',
      before: { kind: 'PERCENT', value: 15 },
      after: { kind: 'FIXED', value: 50.5 },
    });

    await asShop(t, shops.a.id, (tx) =>
      tx.update(schema.coupons).set({ usedCount: 3 }).where(eq(schema.coupons.id, created.id)),
    );
    const low = await vendorA.call('PUT', `${URL}${created.id}/`, { ...fixed, usage_limit: 2 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.issues).toEqual([
      { path: 'usage_limit', message: 'Already used 3 times: the limit cannot be lower' },
    ]);
    expect((await vendorA.call('PUT', `${URL}${created.id}/`, { ...fixed, usage_limit: 3 })).statusCode).toBe(
      200,
    );
  });

  it('deletes a coupon: the cart no longer accepts it', async () => {
    const created = (await vendorA.call('POST', URL, coupon({ code: 'GONE10', min_order: 0 }))).json().data;
    const del = await vendorA.call('DELETE', `${URL}${created.id}/`);
    expect(del.statusCode).toBe(200);
    expect(await couponRow(shops.a.id, created.id)).toBeUndefined();
    const customer = await verifiedCustomer(t, shops.a.slug);
    const applied = await customer.call('POST', `${CART}coupon/`, { code: 'GONE10' });
    expect(applied.json().message).toBe('This coupon code is not valid');
    expect((await auditRows(t, shops.a.id, 'COUPON', created.id)).at(-1)).toMatchObject({ action: 'DELETE' });
    expect((await vendorA.call('DELETE', `${URL}${created.id}/`)).statusCode).toBe(404);
  });

  it('answers 404 for another shop’s coupon or another vendor’s shop and changes nothing', async () => {
    const theirs = (await vendorB.call('POST', URL, coupon({ code: 'BSHOP20' }))).json().data;
    const put = await vendorA.call('PUT', `${URL}${theirs.id}/`, fieldsOf({ ...theirs, value: 90 }));
    expect(put.statusCode).toBe(404);
    expect((await vendorA.call('DELETE', `${URL}${theirs.id}/`)).statusCode).toBe(404);
    expect(await couponRow(shops.b.id, theirs.id)).toMatchObject({ value: 15, code: 'BSHOP20' });

    expect((await vendorA.call('GET', URL, undefined, shops.b.slug)).statusCode).toBe(404);
    expect((await vendorA.call('POST', URL, coupon({ code: 'INTRUDE1' }), shops.b.slug)).statusCode).toBe(
      404,
    );
    expect(
      ((await vendorB.call('GET', URL)).json().data as Coupon[]).some((c) => c.code === 'INTRUDE1'),
    ).toBe(false);
    const stranger = await verifiedVendor(t);
    expect((await stranger.call('GET', URL, undefined, { 'store-origin': shops.a.slug })).statusCode).toBe(
      404,
    );

    const anon = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: coupon({ code: 'ANON1' }),
      headers: { 'store-origin': shops.a.slug },
    });
    expect(anon.statusCode).toBe(401);
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('POST', URL, coupon({ code: 'CUST1' }))).statusCode).toBe(403);
    expect((await customer.call('DELETE', `${URL}${theirs.id}/`)).statusCode).toBe(403);
  });
});

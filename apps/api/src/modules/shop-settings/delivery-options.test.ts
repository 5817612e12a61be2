import { schema } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';
import { asShop, auditRows } from './shop-settings.test-helpers.ts';

const { t, shops, vendor: vendorA } = await demoSuite();
const vendorB = await demoVendor(t, shops.b);

const URL = '/api/admin/delivery-option/';
type Option = { id: string; name: string; is_recommended: boolean; active: boolean; position: number };
const option = (extra: Record<string, unknown> = {}) => ({
  name: 'Same Day Delivery',
  estimated_time: 'Today, before 9 pm',
  description: 'Within the city only',
  charge: 149.5,
  free_above: 2499,
  honours_free_shipping: false,
  is_recommended: false,
  min_days: 0,
  max_days: 1,
  active: true,
  ...extra,
});
const atCheckout = async (slug: string) =>
  (
    await t.app.inject({ url: '/api/store/get-store-delivery-options/', headers: { 'store-origin': slug } })
  ).json().data.delivery_options as { id: string; delivery_name: string; base_charge: number }[];
const optionRow = async (storeId: string, id: string) =>
  (
    await asShop(t, storeId, (tx) =>
      tx
        .select()
        .from(schema.deliveryOptions)
        .where(and(eq(schema.deliveryOptions.storeId, storeId), eq(schema.deliveryOptions.id, id))),
    )
  )[0];

describe('delivery options', () => {
  it("lists the shop's options in checkout order, inactive ones too", async () => {
    const res = await vendorA.call('GET', URL);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Option[];
    expect(list.map((o) => o.name).slice(0, 2)).toEqual(['Standard Delivery', 'Express Delivery']);
    expect(list[0]).toMatchObject({
      charge: 40,
      free_above: 499,
      is_recommended: true,
      min_days: 3,
      max_days: 5,
    });
  });

  it('adds an option in paise-exact rupees that checkout then shows, and writes an audit row', async () => {
    const res = await vendorA.call('POST', URL, option());
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Same Day Delivery',
      charge: 149.5,
      free_above: 2499,
      active: true,
    });
    expect(created.position).toBeGreaterThanOrEqual(2);
    const shown = await atCheckout(shops.a.slug);
    expect(shown.find((o) => o.id === created.id)).toMatchObject({
      delivery_name: 'Same Day Delivery',
      base_charge: 149.5,
    });
    const audit = await auditRows(t, shops.a.id, 'DELIVERY_OPTION', created.id);
    expect(audit).toMatchObject([{ action: 'CREATE', after: { name: 'Same Day Delivery', charge: 149.5 } }]);
  });

  it('edits an option: recommending it clears the others, checkout shows the change, audit keeps before and after', async () => {
    const created = (await vendorA.call('POST', URL, option({ name: 'Bike Courier' }))).json().data;
    const res = await vendorA.call(
      'PUT',
      `${URL}${created.id}/`,
      option({ name: 'Bike Courier', charge: 60, is_recommended: true, position: 0 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ charge: 60, is_recommended: true, position: 0 });
    const list = (await vendorA.call('GET', URL)).json().data as Option[];
    expect(list.filter((o) => o.is_recommended).map((o) => o.id)).toEqual([created.id]);
    const shown = await atCheckout(shops.a.slug);
    expect(shown.find((o) => o.id === created.id)?.base_charge).toBe(60);
    const audit = await auditRows(t, shops.a.id, 'DELIVERY_OPTION', created.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'UPDATE',
      summary: expect.stringContaining('(recommended instead of Standard Delivery)'),
      before: { charge: 149.5, is_recommended: false },
      after: { charge: 60, is_recommended: true, position: 0 },
    });
  });

  it('hides a turned-off option from checkout and deletes one (checkout no longer offers it)', async () => {
    const created = (await vendorA.call('POST', URL, option({ name: 'Pickup Point' }))).json().data;
    await vendorA.call('PUT', `${URL}${created.id}/`, option({ name: 'Pickup Point', active: false }));
    expect((await atCheckout(shops.a.slug)).some((o) => o.id === created.id)).toBe(false);
    const del = await vendorA.call('DELETE', `${URL}${created.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ id: created.id });
    expect(await optionRow(shops.a.id, created.id)).toBeUndefined();
    expect((await auditRows(t, shops.a.id, 'DELIVERY_OPTION', created.id)).at(-1)).toMatchObject({
      action: 'DELETE',
      before: { name: 'Pickup Point' },
    });
    expect((await vendorA.call('DELETE', `${URL}${created.id}/`)).statusCode).toBe(404);
  });

  it('keeps the product pages’ free-shipping line in step with the options', async () => {
    const list = (await vendorB.call('GET', URL)).json().data as (Option & Record<string, unknown>)[];
    const standard = list.find((o) => o.name === 'Standard Delivery') as Option & Record<string, unknown>;
    const { id: _id, created_at: _c, ...fields } = standard;
    await vendorB.call('PUT', `${URL}${standard.id}/`, { ...fields, free_above: 349 });
    const card = (
      await t.app.inject({
        url: '/api/store/stores/product?limit=1',
        headers: { 'store-origin': shops.b.slug },
      })
    ).json().data[0];
    const product = (
      await t.app.inject({
        url: `/api/store/stores/product/${card.id}`,
        headers: { 'store-origin': shops.b.slug },
      })
    ).json().data;
    expect(product.offers.free_shipping_above).toBe(349);
    expect((await vendorB.call('GET', '/api/admin/store-setting/')).json().data.free_shipping_above).toBe(
      349,
    );
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [option({ name: '' }), 'name'],
      [option({ charge: -5 }), 'charge'],
      [option({ charge: 10.555 }), 'charge'],
      [option({ min_days: 4, max_days: 2 }), 'max_days'],
      [option({ estimated_time: undefined }), 'estimated_time'],
      [option({ position: 1.5 }), 'position'],
      [{ ...option(), surprise: true }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await vendorA.call('POST', URL, body);
      expect(res.statusCode, path).toBe(400);
      const issues = res.json().error.issues as { path: string }[];
      expect(issues.map((i) => i.path).join(' '), path).toContain(path);
    }
  });

  it('never leaves a shop without an active option', async () => {
    const list = (await vendorB.call('GET', URL)).json().data as Option[];
    const [keep, ...rest] = list;
    if (!keep) throw new Error('shop b has delivery options');
    for (const o of rest) expect((await vendorB.call('DELETE', `${URL}${o.id}/`)).statusCode).toBe(200);

    const del = await vendorB.call('DELETE', `${URL}${keep.id}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      message: expect.stringContaining('at least one active delivery option'),
      error: { code: 'CONFLICT', reason: 'LAST_DELIVERY_OPTION' },
    });
    const { id: _id, created_at: _c, ...fields } = keep as Option & Record<string, unknown>;
    const off = await vendorB.call('PUT', `${URL}${keep.id}/`, { ...fields, active: false });
    expect(off.statusCode).toBe(409);
    expect(await optionRow(shops.b.id, keep.id)).toMatchObject({ active: true });
    expect(await atCheckout(shops.b.slug)).toHaveLength(1);

    // With a second active option the first may go.
    const second = (await vendorB.call('POST', URL, option({ name: 'Courier' }))).json().data;
    expect((await vendorB.call('DELETE', `${URL}${keep.id}/`)).statusCode).toBe(200);
    expect((await atCheckout(shops.b.slug)).map((o) => o.id)).toEqual([second.id]);
  });

  it('answers 404 for another shop’s option id and changes nothing', async () => {
    const theirs = (await vendorB.call('GET', URL)).json().data[0] as Option & Record<string, unknown>;
    const { id: _id, created_at: _c, ...fields } = theirs;
    const put = await vendorA.call('PUT', `${URL}${theirs.id}/`, { ...fields, name: 'Hijacked', charge: 1 });
    expect(put.statusCode).toBe(404);
    expect((await vendorA.call('DELETE', `${URL}${theirs.id}/`)).statusCode).toBe(404);
    const malformed = await vendorA.call('PUT', `${URL}not-a-uuid/`, option());
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.issues[0].path).toBe('id');
    expect(await optionRow(shops.b.id, theirs.id)).toMatchObject({ name: theirs.name });
  });

  it('answers 404 for another vendor’s shop, 401 without a token and 403 for a customer', async () => {
    const before = (await vendorB.call('GET', URL)).json().data;
    expect((await vendorA.call('GET', URL, undefined, shops.b.slug)).statusCode).toBe(404);
    const post = await vendorA.call('POST', URL, option({ name: 'Sneaky' }), shops.b.slug);
    expect(post.statusCode).toBe(404);
    expect((await vendorB.call('GET', URL)).json().data).toEqual(before);

    const stranger = await verifiedVendor(t);
    expect((await stranger.call('POST', URL, option(), { 'store-origin': shops.a.slug })).statusCode).toBe(
      404,
    );
    expect((await vendorA.call('GET', URL, undefined, 'no-such-shop-here')).statusCode).toBe(404);

    const anon = await t.app.inject({ method: 'GET', url: URL, headers: { 'store-origin': shops.a.slug } });
    expect(anon.statusCode).toBe(401);
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('GET', URL)).statusCode).toBe(403);
    expect((await customer.call('POST', URL, option())).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { verifiedCustomer } from '../accounts/accounts.test-helpers.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const ADDRESS = '/api/store/address/';
const home = {
  full_name: 'Asha Verma',
  phone_number: '9876543210',
  address_line1: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  postal_code: '411001',
};

describe('addresses', () => {
  it('adds, lists default first, edits, moves the default and deletes', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const first = await c.call('POST', ADDRESS, home);
    expect(first.statusCode).toBe(201);
    // The first address becomes the default even when not asked.
    expect(first.json().data).toMatchObject({ ...home, country: 'India', is_default: true, isDefault: true });
    const office = (
      await c.call('POST', ADDRESS, {
        ...home,
        full_name: 'Asha at work',
        address_line1: '5 FC Road',
        is_default: true,
      })
    ).json().data;
    const list = (await c.call('GET', `${ADDRESS}?address_type=CUSTOMER_ADDRESS`)).json().data;
    expect(list.map((a: { id: string; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [office.id, true],
      [first.json().data.id, false],
    ]);

    const edited = await c.call('PUT', `${ADDRESS}${first.json().data.id}/`, { ...home, city: 'Mumbai' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ city: 'Mumbai', is_default: false });

    // Deleting the default makes the remaining address the default.
    expect((await c.call('DELETE', `${ADDRESS}${office.id}/`)).statusCode).toBe(200);
    const after = (await c.call('GET', ADDRESS)).json().data;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ city: 'Mumbai', is_default: true });
  });

  it('names the field of a bad PIN code, an unknown state and a missing street', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const res = await c.call('POST', ADDRESS, {
      ...home,
      postal_code: '41100',
      state: 'Atlantis',
      address_line1: ' ',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['postal_code', 'state', 'address_line1']));
    expect((await c.call('GET', ADDRESS)).json().data).toEqual([]);
  });

  it('asks for a login, and another customer or shop sees 404 and changes nothing', async () => {
    const anon = await t.app.inject({ url: ADDRESS, headers: { 'store-origin': shops.a.slug } });
    expect(anon.statusCode).toBe(401);
    const owner = await verifiedCustomer(t, shops.a.slug);
    const mine = (await owner.call('POST', ADDRESS, home)).json().data;
    const other = await verifiedCustomer(t, shops.a.slug);
    expect((await other.call('PUT', `${ADDRESS}${mine.id}/`, { ...home, city: 'Goa' })).statusCode).toBe(404);
    expect((await other.call('DELETE', `${ADDRESS}${mine.id}/`)).statusCode).toBe(404);
    const malformed = await other.call('DELETE', `${ADDRESS}not-a-uuid/`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.issues[0]).toEqual({ path: 'id', message: 'id must be a valid id' });
    const elsewhere = await verifiedCustomer(t, shops.b.slug);
    expect((await elsewhere.call('PUT', `${ADDRESS}${mine.id}/`, { ...home, city: 'Goa' })).statusCode).toBe(
      404,
    );
    expect((await owner.call('GET', ADDRESS)).json().data[0]).toMatchObject({ id: mine.id, city: 'Pune' });
  });
});

describe('contact and delivery options', () => {
  it('reads and changes the contact phone, refusing a bad number', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const contact = (await c.call('GET', '/api/store/store-user/user-contact/')).json().data;
    expect(contact.email).toBe(c.email);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/store/store-user/user-contact/',
      payload: { phone_number: '12345' },
      headers: { authorization: `Bearer ${c.session.access_token}`, 'store-origin': shops.a.slug },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('phone_number');
    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/store/store-user/user-contact/',
      payload: { phone_number: '9123456780' },
      headers: { authorization: `Bearer ${c.session.access_token}`, 'store-origin': shops.a.slug },
    });
    expect(good.json().data.phone_number).toBe('9123456780');
  });

  it('every shop has Standard and Express; Standard turns free above its threshold', async () => {
    const res = await t.app.inject({
      url: '/api/store/get-store-delivery-options/',
      headers: { 'store-origin': shops.b.slug },
    });
    expect(res.statusCode).toBe(200);
    const [standard, express] = res.json().data.delivery_options;
    expect(standard).toMatchObject({
      delivery_name: 'Standard Delivery',
      delivery_charge: 40,
      is_recommended: true,
    });
    // The demo shop's Standard delivery is free at its own threshold.
    expect(standard.free_above).toBeGreaterThan(0);
    expect(express).toMatchObject({ delivery_name: 'Express Delivery', delivery_charge: 99, is_free: false });

    const c = await verifiedCustomer(t, shops.b.slug);
    const cards = (
      await t.app.inject({
        url: '/api/store/stores/product?limit=100',
        headers: { 'store-origin': shops.b.slug },
      })
    ).json().data as {
      id: string;
      product_quantity: number;
      free_shipping: boolean;
      product_price: number;
      discount_price: number | null;
    }[];
    const pricey = cards.find(
      (p) =>
        p.product_quantity > 0 &&
        !p.free_shipping &&
        (p.discount_price ?? p.product_price) >= standard.free_above,
    );
    if (!pricey) throw new Error('demo shop has a product above its free-delivery threshold');
    await c.call('POST', '/api/store/store-user/store-cart/', { product_id: pricey.id, quantity: 1 });
    const priced = (await c.call('GET', '/api/store/get-store-delivery-options/')).json().data
      .delivery_options;
    expect(priced[0]).toMatchObject({ is_free: true, delivery_charge: 0, base_charge: 40 });
    expect(priced[1]).toMatchObject({ is_free: false, delivery_charge: 99 });
  });

  it('checkout data lists only the selected lines with totals for the first delivery option', async () => {
    const c = await verifiedCustomer(t, shops.a.slug);
    const cards = (
      await t.app.inject({
        url: '/api/store/stores/product?limit=100',
        headers: { 'store-origin': shops.a.slug },
      })
    ).json().data as { id: string; product_quantity: number; free_shipping: boolean }[];
    const [p1, p2] = cards.filter((p) => p.product_quantity >= 3 && !p.free_shipping);
    if (!p1 || !p2) throw new Error('demo shop has two products in stock');
    await c.call('POST', '/api/store/store-user/store-cart/', { product_id: p1.id, quantity: 2 });
    const cart = (
      await c.call('POST', '/api/store/store-user/store-cart/', { product_id: p2.id, quantity: 1 })
    ).json().data;
    const second = cart.lines.find((l: { product: { id: string } }) => l.product.id === p2.id);
    await c.call('PATCH', `/api/store/store-user/store-cart/${second.id}/`, { is_selected: false });
    await c.call('POST', ADDRESS, home);

    const res = await c.call('GET', '/api/store/store-user/user-checkout/');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.cart_data).toHaveLength(1);
    expect(d.cart_data[0].product.id).toBe(p1.id);
    const subtotal = d.cart_data[0].line_total;
    expect(d.order_data.total_items).toBe(2);
    expect(d.order_data.total_cart_value).toBe(subtotal);
    const charge = d.delivery_option[0].delivery_charge;
    expect(d.order_data.total_price).toBe(Math.round((subtotal + charge) * 100) / 100);
    expect(d.user_address).toHaveLength(1);
    expect(d.user_contact.email).toBe(c.email);
    expect(d.payment_methods.map((m: { id: string }) => m.id)).toContain('COD');
    expect(d.notes).toHaveProperty('secure_checkout');
  });
});

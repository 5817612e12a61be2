import { schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';
import { asShop, auditRows } from './shop-settings.test-helpers.ts';

const { t, shops, vendor: vendorA } = await demoSuite();
const vendorB = await demoVendor(t, shops.b);

const SETTINGS = '/api/admin/store-setting/';
const CONTACTS = '/api/admin/store-contact/';
const ADDRESS = '/api/admin/store-address/';
const settingsRow = async (storeId: string) =>
  (
    await asShop(t, storeId, (tx) =>
      tx.select().from(schema.storeSettings).where(eq(schema.storeSettings.storeId, storeId)),
    )
  )[0];
const issuePaths = (res: { json(): { error: { issues?: { path: string }[] } } }) =>
  (res.json().error.issues ?? []).map((i) => i.path);
const storeDetail = async (slug: string) =>
  (await t.app.inject({ url: `/api/store/store/${slug}/` })).json().data;
const productOffers = async (slug: string) => {
  const card = (
    await t.app.inject({ url: '/api/store/stores/product?limit=1', headers: { 'store-origin': slug } })
  ).json().data[0];
  return (
    await t.app.inject({ url: `/api/store/stores/product/${card.id}`, headers: { 'store-origin': slug } })
  ).json().data.offers;
};

describe('payments and policies', () => {
  it('reads what checkout and product pages use', async () => {
    const res = await vendorA.call('GET', SETTINGS);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.payment_methods).toContain('COD');
    expect(s).toHaveProperty('return_days');
    expect(s).toHaveProperty('secure_checkout_note');
    expect(s.free_shipping_above).toBe(499);
  });

  it('asks for a valid UPI id when UPI is on, then offers UPI at checkout', async () => {
    const codOnly = await vendorA.call('PUT', SETTINGS, { payment_methods: ['COD'] });
    expect(codOnly.json().data).toMatchObject({ payment_methods: ['COD'], upi_id: null });
    const missing = await vendorA.call('PUT', SETTINGS, { payment_methods: ['COD', 'UPI'], upi_id: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([
      { path: 'upi_id', message: 'Enter your UPI id to accept UPI payments' },
    ]);
    for (const bad of ['chai sutra@okaxis', 'chai@', 'x@okaxis', 'chai@1bank', 'no-at-sign']) {
      const res = await vendorA.call('PUT', SETTINGS, { payment_methods: ['COD', 'UPI'], upi_id: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(issuePaths(res), bad).toEqual(['upi_id']);
    }
    expect((await vendorA.call('PUT', SETTINGS, { payment_methods: [] })).statusCode).toBe(400);
    expect((await settingsRow(shops.a.id))?.paymentMethods).not.toContain('UPI');

    const good = await vendorA.call('PUT', SETTINGS, {
      payment_methods: ['UPI', 'COD'],
      upi_id: 'chaisutra.store@okhdfcbank',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({
      payment_methods: ['COD', 'UPI'],
      upi_id: 'chaisutra.store@okhdfcbank',
    });
    const customer = await verifiedCustomer(t, shops.a.slug);
    const checkout = (await customer.call('GET', '/api/store/store-user/user-checkout/')).json().data;
    expect(checkout.payment_methods.map((m: { id: string }) => m.id)).toEqual(['COD', 'UPI']);
    expect(checkout.payment_methods[1].upi_id).toBe('chaisutra.store@okhdfcbank');
    expect((await productOffers(shops.a.slug)).payment_methods).toEqual(['COD', 'UPI']);

    const audit = await auditRows(t, shops.a.id, 'SETTINGS', 'payments-policies');
    expect(audit.at(-1)).toMatchObject({
      action: 'UPDATE',
      after: { payment_methods: ['COD', 'UPI'], upi_id: 'chaisutra.store@okhdfcbank' },
    });

    // UPI only, then off again: the id is forgotten with it.
    const upiOnly = await vendorA.call('PUT', SETTINGS, { payment_methods: ['UPI'] });
    expect(upiOnly.json().data.payment_methods).toEqual(['UPI']);
    const off = await vendorA.call('PUT', SETTINGS, { payment_methods: ['COD'] });
    expect(off.json().data).toMatchObject({ payment_methods: ['COD'], upi_id: null });
  });

  it('saves return days, warranty and the checkout notes that shoppers then see', async () => {
    const res = await vendorA.call('PUT', SETTINGS, {
      return_days: 15,
      warranty_text: '1-year brand warranty on appliances',
      secure_checkout_note: false,
      free_returns_note: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      return_days: 15,
      free_returns_note: true,
      secure_checkout_note: false,
    });
    const offers = await productOffers(shops.a.slug);
    expect(offers).toMatchObject({ return_days: 15, warranty: '1-year brand warranty on appliances' });
    const customer = await verifiedCustomer(t, shops.a.slug);
    const raw = await customer.call('GET', '/api/store/store-user/user-checkout/');
    expect(raw.statusCode, raw.body).toBe(200);
    const checkout = raw.json().data;
    expect(checkout.notes).toEqual({ secure_checkout: false, free_returns: true, return_days: 15 });

    // No returns: the free-returns note cannot stay on.
    const noReturns = await vendorA.call('PUT', SETTINGS, { return_days: null });
    expect(noReturns.statusCode).toBe(400);
    expect(issuePaths(noReturns)).toEqual(['free_returns_note']);
    const cleared = await vendorA.call('PUT', SETTINGS, {
      return_days: null,
      free_returns_note: false,
      warranty_text: '  ',
    });
    expect(cleared.json().data).toMatchObject({ return_days: null, warranty_text: null });
    expect((await settingsRow(shops.a.id))?.returnDays).toBeNull();
  });

  it('refuses bad values with the field named and keeps the stored ones', async () => {
    const before = await settingsRow(shops.a.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ return_days: 91 }, 'return_days'],
      [{ return_days: -1 }, 'return_days'],
      [{ return_days: 2.5 }, 'return_days'],
      [{ payment_methods: ['CARD'] }, 'payment_methods.0'],
      [{ warranty_text: 'x'.repeat(301) }, 'warranty_text'],
      [{ free_shipping_threshold: 100 }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await vendorA.call('PUT', SETTINGS, body);
      expect(res.statusCode, path).toBe(400);
      expect(issuePaths(res), path).toContain(path);
    }
    expect(await settingsRow(shops.a.id)).toEqual(before);
  });
});

describe('contacts and address', () => {
  it('replaces the phone numbers; the storefront shows them and the primary one is the shop’s phone', async () => {
    const before = (await vendorA.call('GET', CONTACTS)).json().data;
    expect(before.contacts.length).toBeGreaterThan(0);
    const res = await vendorA.call('PUT', CONTACTS, {
      contacts: [
        { contact_type: 'Primary', phone_number: '9812345670' },
        { contact_type: 'WhatsApp', phone_number: '9812345671' },
        { contact_type: 'Orders', phone_number: '7012345672' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contacts).toHaveLength(3);
    const shop = await storeDetail(shops.a.slug);
    expect(shop.phone_number).toBe('9812345670');
    expect(shop.contacts.map((c: { phone_number: string }) => c.phone_number)).toEqual([
      '9812345670',
      '9812345671',
      '7012345672',
    ]);
    expect((await auditRows(t, shops.a.id, 'SETTINGS', 'contacts')).at(-1)).toMatchObject({
      action: 'UPDATE',
      after: { contacts: [{ contact_type: 'Primary', phone_number: '9812345670' }, {}, {}] },
    });
  });

  it('refuses bad phone lists with the field named', async () => {
    const cases: [unknown[], string][] = [
      [[{ contact_type: 'Primary', phone_number: '12345' }], 'contacts.0.phone_number'],
      [[{ contact_type: 'Primary', phone_number: '+919812345670' }], 'contacts.0.phone_number'],
      [[{ contact_type: 'Fax', phone_number: '9812345670' }], 'contacts.0.contact_type'],
      [[{ contact_type: 'WhatsApp', phone_number: '9812345670' }], 'contacts'],
      [
        [
          { contact_type: 'Primary', phone_number: '9812345670' },
          { contact_type: 'Primary', phone_number: '9812345671' },
        ],
        'contacts.1.contact_type',
      ],
      [[], 'contacts'],
    ];
    for (const [contacts, path] of cases) {
      const res = await vendorA.call('PUT', CONTACTS, { contacts });
      expect(res.statusCode, path).toBe(400);
      expect(issuePaths(res), path).toContain(path);
    }
  });

  it('saves the address with an Indian state and PIN; the marketplace shows the city', async () => {
    const res = await vendorA.call('PUT', ADDRESS, {
      address_line_1: '22 MG Road',
      address_line_2: 'Near the clock tower',
      city: 'Pune',
      state: 'Maharashtra',
      postal_code: '411001',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      address_line_1: '22 MG Road',
      address_line_2: 'Near the clock tower',
      city: 'Pune',
      state: 'Maharashtra',
      postal_code: '411001',
      country: 'India',
    });
    expect((await vendorA.call('GET', ADDRESS)).json().data.city).toBe('Pune');
    const shop = await storeDetail(shops.a.slug);
    expect(shop.location).toMatchObject({ city: 'Pune', state: 'Maharashtra' });
    expect((await auditRows(t, shops.a.id, 'SETTINGS', 'address')).at(-1)).toMatchObject({
      after: { city: 'Pune', postal_code: '411001' },
    });

    const cases: [Record<string, unknown>, string][] = [
      [{ state: 'Bavaria' }, 'state'],
      [{ postal_code: '41100' }, 'postal_code'],
      [{ postal_code: '011001' }, 'postal_code'],
      [{ city: '' }, 'city'],
      [{ address_line_1: ' ' }, 'address_line_1'],
      [{ country: 'Nepal' }, 'country'],
    ];
    const good = {
      address_line_1: '1 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      postal_code: '700016',
    };
    for (const [extra, path] of cases) {
      const bad = await vendorA.call('PUT', ADDRESS, { ...good, ...extra });
      expect(bad.statusCode, path).toBe(400);
      expect(issuePaths(bad), path).toContain(path);
    }
    expect((await vendorA.call('GET', ADDRESS)).json().data.city).toBe('Pune');
  });
});

describe('who may change settings', () => {
  it('answers 404 for another vendor’s shop, 401 without a token, 403 for a customer; nothing changes', async () => {
    const before = await settingsRow(shops.b.id);
    const contactsBefore = (await vendorB.call('GET', CONTACTS)).json().data;
    expect((await vendorA.call('GET', SETTINGS, undefined, shops.b.slug)).statusCode).toBe(404);
    expect((await vendorA.call('PUT', SETTINGS, { return_days: 1 }, shops.b.slug)).statusCode).toBe(404);
    expect(
      (
        await vendorA.call(
          'PUT',
          CONTACTS,
          { contacts: [{ contact_type: 'Primary', phone_number: '9000000000' }] },
          shops.b.slug,
        )
      ).statusCode,
    ).toBe(404);
    const stranger = await verifiedVendor(t);
    const addr = { address_line_1: 'x road', city: 'Goa', state: 'Goa', postal_code: '403001' };
    expect((await stranger.call('PUT', ADDRESS, addr, { 'store-origin': shops.b.slug })).statusCode).toBe(
      404,
    );
    expect(
      (await stranger.call('GET', ADDRESS, undefined, { 'store-origin': shops.b.slug })).statusCode,
    ).toBe(404);
    expect(await settingsRow(shops.b.id)).toEqual(before);
    expect((await vendorB.call('GET', CONTACTS)).json().data).toEqual(contactsBefore);

    for (const url of [SETTINGS, CONTACTS, ADDRESS]) {
      const anon = await t.app.inject({ url, headers: { 'store-origin': shops.a.slug } });
      expect(anon.statusCode, url).toBe(401);
    }
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('GET', SETTINGS)).statusCode).toBe(403);
    expect((await customer.call('PUT', SETTINGS, { return_days: 1 })).statusCode).toBe(403);
    expect((await customer.call('PUT', ADDRESS, addr)).statusCode).toBe(403);
  });

  it('leaves a suspended shop’s status to the platform (the status control’s route refuses the vendor)', async () => {
    const suspended = shops.byStatus('SUSPENDED');
    const owner = await demoVendor(t, suspended);
    const res = await owner.call('POST', '/api/store/create-store-setting/', {
      store_id: suspended.id,
      online_status: 'PUBLISHED',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This shop is suspended. Please contact platform support.');
    const vendor = await demoVendor(t, shops.a);
    const suspend = await vendor.call('POST', '/api/store/create-store-setting/', {
      store_id: shops.a.id,
      online_status: 'SUSPENDED',
    });
    expect(suspend.statusCode).toBe(403);
    // Its settings stay readable for the owner.
    expect((await owner.call('GET', SETTINGS)).statusCode).toBe(200);
  });
});

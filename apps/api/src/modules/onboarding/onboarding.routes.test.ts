import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { verifiedVendor } from '../accounts/accounts.test-helpers.ts';

const { t, shops } = await demoSuite();
let fashionId: string;
beforeAll(async () => {
  const [cat] = await t.owner
    .select()
    .from(schema.storeCategories)
    .where(eq(schema.storeCategories.name, 'Fashion'));
  fashionId = cat?.id ?? '';
});

const vendor = () => verifiedVendor(t, 'shopowner');

const details = (extra: Record<string, unknown> = {}) => ({
  store_name: 'Meera Handlooms',
  store_category_id: fashionId,
  phone_number: '9812345678',
  description: 'Handloom sarees from Chanderi and Maheshwar.',
  short_description: 'Handloom sarees',
  contact_type: 'Primary',
  contacts: [{ contact_type: 'WhatsApp', phone_number: '9812345679' }],
  ...extra,
});
const address = (storeId: string) => ({
  store_id: storeId,
  address_line_1: '12 Sarafa Bazaar',
  city: 'Indore',
  state: 'Madhya Pradesh',
  country: 'India',
  postal_code: '452002',
  latitude: 22.71,
  longitude: 75.86,
});

describe('the registration wizard, end to end through the API', () => {
  it('creates a draft shop, saves address, plan, subdomain, theme and launches it where shoppers see the edits', async () => {
    const v = await vendor();
    const created = await v.call('POST', '/api/store/shop/shop/create-store/', details());
    expect(created.statusCode).toBe(201);
    const store = created.json().data;
    expect(store).toMatchObject({
      slug: 'meera-handlooms',
      store_name: 'Meera Handlooms',
      plan: 'basic',
      online_status: 'DRAFT',
    });

    const mine = (await v.call('GET', '/api/store/shop/shop/mine/')).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: store.id, has_address: false })]);
    // On the Basic plan the shop lives at /store/{slug} on the platform's site.
    expect(mine[0].store_url).toMatch(/^https?:\/\/[^/]+\/store\/meera-handlooms$/);

    expect((await v.call('POST', '/api/store/create-store-address/', address(store.id))).statusCode).toBe(
      200,
    );
    expect(
      (await v.call('POST', '/api/store/create-store-plan/', { store_id: store.id, plan: 'professional' }))
        .statusCode,
    ).toBe(200);

    const check = await v.call('POST', '/api/store/check-domain-available/', {
      domain: 'meera-looms',
      store_id: store.id,
    });
    expect(check.json()).toMatchObject({
      data: { status: true, reason: 'AVAILABLE' },
      message: 'Available!',
    });
    const domain = await v.call('POST', '/api/store/create-store-domain/', {
      store_id: store.id,
      domain_name: 'meera-looms',
      domain_type: 'subdomain',
      isDomainValid: true,
    });
    expect(domain.statusCode).toBe(200);
    // My shops now names the Professional plan's subdomain (issue 42, #12).
    const urls = (await v.call('GET', '/api/store/shop/shop/mine/'))
      .json()
      .data.map((s: { store_url: string }) => s.store_url);
    expect(urls).toEqual([expect.stringMatching(/^https?:\/\/meera-looms\.[^/]+\/$/)]);

    const banner = (
      await v.call('GET', `/api/store/get-store-theme/?store_id=${store.id}&name=banner`)
    ).json().data;
    expect(banner.is_default).toBe(false);
    banner.config.banner.mainHeading = { text: 'Woven by hand in Indore', color: '#7c2d12', fontSize: 56 };
    const saved = await v.call('POST', '/api/store/create-store-theme/', {
      store_id: store.id,
      name: 'banner',
      config: banner.config,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.config.banner.mainHeading).toEqual({
      text: 'Woven by hand in Indore',
      color: '#7c2d12',
      fontSize: 56,
    });

    const draftHome = await t.app.inject({
      url: '/api/store/stores/home/',
      headers: { host: 'meera-looms.localhost:4000' },
    });
    expect(draftHome.statusCode).toBe(403);
    // Owner mode: the owner sees the draft shop with its real data; another vendor does not.
    const ownerView = await v.call('GET', '/api/store/stores/home/', undefined, {
      'store-origin': 'meera-looms',
    });
    expect(ownerView.statusCode).toBe(200);
    expect(ownerView.json().data.store.online_status).toBe('DRAFT');
    const stranger = await vendor();
    expect(
      (await stranger.call('GET', '/api/store/stores/home/', undefined, { 'store-origin': 'meera-looms' }))
        .statusCode,
    ).toBe(403);

    const launch = await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      store_access_url: {},
      online_status: 'PUBLISHED',
      payment_methods: ['COD', 'UPI'],
      upi_id: 'meera@okaxis',
      currency: 'INR',
    });
    expect(launch.statusCode).toBe(200);
    expect(launch.json().data).toMatchObject({ slug: 'meera-looms', online_status: 'PUBLISHED' });
    const audit = await withStore(t.owner, store.id, (tx) =>
      tx.select().from(schema.auditEvents).where(eq(schema.auditEvents.storeId, store.id)),
    );
    expect(audit.map((a) => a.summary)).toContain('Shop status changed from draft to published');

    // Changing only the status keeps the saved payment methods.
    expect(
      (
        await v.call('POST', '/api/store/create-store-setting/', {
          store_id: store.id,
          online_status: 'DRAFT',
        })
      ).statusCode,
    ).toBe(200);
    const settings = (await v.call('GET', `/api/store/get-store-setting/?store_id=${store.id}`)).json().data;
    expect(settings).toMatchObject({
      online_status: 'DRAFT',
      payment_methods: ['COD', 'UPI'],
      upi_id: 'meera@okaxis',
    });
    await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'PUBLISHED',
    });
    const home = await t.app.inject({
      url: '/api/store/stores/home/',
      headers: { host: 'meera-looms.localhost:4000' },
    });
    expect(home.statusCode).toBe(200);
    const h = home.json().data;
    expect(h.store).toMatchObject({
      store_name: 'Meera Handlooms',
      plan: 'professional',
      store_url: 'http://meera-looms.localhost:4000/',
    });
    expect(h.store.location.city).toBe('Indore');
    expect(h.sections[0].config.banner.mainHeading.text).toBe('Woven by hand in Indore');
    const market = (
      await t.app.inject({ url: '/api/store/get-store/?search=Meera', headers: { host: 'localhost:4000' } })
    ).json().data;
    expect(market.results[0]).toMatchObject({ slug: 'meera-looms', location: { city: 'Indore' } });
  });
});

describe('wizard validation', () => {
  it('refuses bad details with the field messages', async () => {
    const v = await vendor();
    for (const [extra, path] of [
      [{ phone_number: '12345' }, 'phone_number'],
      [{ store_name: '' }, 'store_name'],
      [{ store_category_id: 'nope' }, 'store_category_id'],
      [{ owner_is_admin: true }, ''],
    ] as const) {
      const res = await v.call('POST', '/api/store/shop/shop/create-store/', details(extra));
      expect(res.statusCode, path).toBe(400);
      if (path) expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const unknownCategory = await v.call(
      'POST',
      '/api/store/shop/shop/create-store/',
      details({ store_category_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknownCategory.statusCode).toBe(400);
  });

  it('validates Indian PIN codes and refuses publishing without an address', async () => {
    const v = await vendor();
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', details({ store_name: 'Pin Test Shop' }))
    ).json().data;
    const bad = await v.call('POST', '/api/store/create-store-address/', {
      ...address(store.id),
      postal_code: '4520',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toContainEqual({
      path: 'postal_code',
      message: 'Enter a valid 6-digit PIN code',
    });
    const publish = await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'PUBLISHED',
      payment_methods: ['COD'],
    });
    expect(publish.statusCode).toBe(400);
    const upi = await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'DRAFT',
      payment_methods: ['UPI'],
    });
    expect(upi.json().error.issues[0].path).toBe('upi_id');
  });

  it('checks domains: too short, reserved, taken by another shop, and free', async () => {
    const v = await vendor();
    const check = async (domain: string) =>
      (await v.call('POST', '/api/store/check-domain-available/', { domain })).json().data;
    expect(await check('ab')).toMatchObject({ status: false, reason: 'TOO_SHORT' });
    expect(await check('admin')).toMatchObject({ status: false, reason: 'RESERVED' });
    expect(await check(shops.a.slug)).toMatchObject({ status: false, reason: 'TAKEN' });
    expect(await check('-bad-')).toMatchObject({ status: false, reason: 'INVALID' });
    expect(await check('surely-free-name-42')).toMatchObject({ status: true });
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', details({ store_name: 'Domain Test Shop' }))
    ).json().data;
    const taken = await v.call('POST', '/api/store/create-store-domain/', {
      store_id: store.id,
      domain_name: shops.a.slug,
      domain_type: 'subdomain',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Not available');
  });

  it('refuses a theme section that does not match its schema, and keeps the stored one', async () => {
    const v = await vendor();
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', details({ store_name: 'Theme Test Shop' }))
    ).json().data;
    const res = await v.call('POST', '/api/store/create-store-theme/', {
      store_id: store.id,
      name: 'banner',
      config: { banner: { mainHeading: { text: 'x', fontSize: 200 } } },
    });
    expect(res.statusCode).toBe(400);
    const still = (await v.call('GET', `/api/store/get-store-theme/?store_id=${store.id}&name=banner`)).json()
      .data;
    expect(still.config.banner.mainHeading.fontSize).toBe(48);
  });
});

describe("another vendor's shop", () => {
  it('answers 404 to every onboarding call and changes nothing', async () => {
    const owner = await vendor();
    const other = await vendor();
    const store = (
      await owner.call('POST', '/api/store/shop/shop/create-store/', details({ store_name: 'Private Shop' }))
    ).json().data;
    const attempts: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['PUT', `/api/store/shop/shop/${store.id}/`, details({ store_name: 'Hijacked' })],
      ['POST', '/api/store/create-store-address/', address(store.id)],
      ['POST', '/api/store/create-store-plan/', { store_id: store.id, plan: 'enterprise' }],
      [
        'POST',
        '/api/store/create-store-domain/',
        { store_id: store.id, domain_name: 'hijacked-shop', domain_type: 'subdomain' },
      ],
      ['GET', `/api/store/get-store-theme/?store_id=${store.id}&name=banner`],
      ['POST', '/api/store/create-store-theme/', { store_id: store.id, name: 'footer', config: {} }],
      [
        'POST',
        '/api/store/create-store-setting/',
        { store_id: store.id, online_status: 'PUBLISHED', payment_methods: ['COD'] },
      ],
      ['POST', '/api/store/check-domain-available/', { domain: 'anything-free', store_id: store.id }],
      ['GET', `/api/store/get-store-setting/?store_id=${store.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await other.call(method, url, payload);
      expect(res.statusCode, url).toBe(404);
    }
    const [row] = await t.owner.select().from(schema.stores).where(eq(schema.stores.id, store.id));
    expect(row).toMatchObject({
      storeName: 'Private Shop',
      plan: 'basic',
      onlineStatus: 'DRAFT',
      slug: 'private-shop',
      city: null,
    });
    expect((await other.call('GET', '/api/store/shop/shop/mine/')).json().data).toEqual([]);
  });

  it('needs a vendor: no token is 401, a customer is refused', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/store/shop/shop/create-store/', payload: details() }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/store/shop/shop/mine/' })).statusCode).toBe(401);
  });
});

describe('switching a launched shop between statuses', () => {
  it('takes a shop offline with a note and a return time, never lets a vendor suspend it, and brings it back', async () => {
    const v = await vendor();
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', details({ store_name: 'Status Test Shop' }))
    ).json().data;
    await v.call('POST', '/api/store/create-store-address/', address(store.id));
    await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'PUBLISHED',
    });
    const back = new Date(Date.now() + 3 * 3600_000).toISOString();
    const off = await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'OFFLINE',
      status_note: 'Closed for Diwali, back soon',
      status_until: back,
    });
    expect(off.statusCode).toBe(200);
    const page = (
      await t.app.inject({
        url: `/api/store/host/?path=/store/${store.slug}`,
        headers: { host: 'localhost:4000' },
      })
    ).json().data;
    expect(page).toMatchObject({
      storeStatus: 'OFFLINE',
      store: { status_note: 'Closed for Diwali, back soon', status_until: back },
    });
    expect((await t.app.inject({ url: `/api/store/store/${store.slug}/` })).statusCode).toBe(403);

    const suspend = await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'SUSPENDED',
    });
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().message).toBe('Only the platform can suspend a shop.');

    await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'PUBLISHED',
    });
    const open = (await t.app.inject({ url: `/api/store/store/${store.slug}/` })).json().data;
    expect(open).toMatchObject({ online_status: 'PUBLISHED', status_note: null, status_until: null });
  });
});

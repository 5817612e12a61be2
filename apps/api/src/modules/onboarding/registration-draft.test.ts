import { schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';

/** Issue 17 #2: a resumed wizard loads every step from the server, and no save blanks what was saved before. */
let t: TestApp;
let fashionId: string;
let openSlug: string;
beforeAll(async () => {
  t = await createTestApp();
  openSlug = (await demoShops(t.owner)).a.slug;
  const [cat] = await t.owner
    .select()
    .from(schema.storeCategories)
    .where(eq(schema.storeCategories.name, 'Fashion'));
  fashionId = cat?.id ?? '';
});
afterAll(() => t?.close());

const details = (extra: Record<string, unknown> = {}) => ({
  store_name: 'Kavya Weaves',
  store_category_id: fashionId,
  phone_number: '9812345678',
  description: 'Ikat from Pochampally.',
  short_description: 'Ikat sarees',
  contact_type: 'Primary',
  contacts: [{ contact_type: 'WhatsApp', phone_number: '9812345679' }],
  ...extra,
});
const address = (storeId: string, extra: Record<string, unknown> = {}) => ({
  store_id: storeId,
  address_line_1: '4 Weavers Colony',
  address_line_2: 'Near the temple',
  city: 'Pochampally',
  state: 'Telangana',
  country: 'India',
  postal_code: '508284',
  latitude: 17.34,
  longitude: 78.82,
  ...extra,
});
const draftOf = async (v: Awaited<ReturnType<typeof verifiedVendor>>, id: string) =>
  (await v.call('GET', `/api/store/get-store-registration/?store_id=${id}`)).json().data;

describe('GET get-store-registration/', () => {
  it('answers every saved step: details with contacts, category, address and plan', async () => {
    const v = await verifiedVendor(t, 'resume');
    const store = (await v.call('POST', '/api/store/shop/shop/create-store/', details())).json().data;
    const fresh = await draftOf(v, store.id);
    expect(fresh).toMatchObject({ store_name: 'Kavya Weaves', category_name: 'Fashion', address: null });
    expect((await v.call('POST', '/api/store/create-store-address/', address(store.id))).statusCode).toBe(
      200,
    );
    await v.call('POST', '/api/store/create-store-plan/', { store_id: store.id, plan: 'professional' });

    const res = await v.call('GET', `/api/store/get-store-registration/?store_id=${store.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: store.id,
      slug: 'kavya-weaves',
      store_name: 'Kavya Weaves',
      store_category_id: fashionId,
      category_name: 'Fashion',
      phone_number: '9812345678',
      description: 'Ikat from Pochampally.',
      short_description: 'Ikat sarees',
      contact_type: 'Primary',
      contacts: [{ contact_type: 'WhatsApp', phone_number: '9812345679' }],
      image: null,
      address: {
        address_line_1: '4 Weavers Colony',
        address_line_2: 'Near the temple',
        city: 'Pochampally',
        state: 'Telangana',
        country: 'India',
        postal_code: '508284',
        latitude: 17.34,
        longitude: 78.82,
      },
      plan: 'professional',
      online_status: 'DRAFT',
      custom_domain: null,
    });
  });

  it('a shop made without extra contacts has none (the primary phone is not repeated as one)', async () => {
    const v = await verifiedVendor(t, 'resume');
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', details({ contacts: [] }))
    ).json().data;
    expect((await draftOf(v, store.id)).contacts).toEqual([]);
  });

  it('refuses a missing or malformed store_id naming it, no token, a customer, and another vendor (404)', async () => {
    const v = await verifiedVendor(t, 'resume');
    const store = (await v.call('POST', '/api/store/shop/shop/create-store/', details())).json().data;
    const missing = await v.call('GET', '/api/store/get-store-registration/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('store_id');
    expect((await v.call('GET', '/api/store/get-store-registration/?store_id=nope')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/store/get-store-registration/?store_id=${store.id}` })).statusCode,
    ).toBe(401);
    const shopper = await verifiedCustomer(t, openSlug);
    expect(
      (await shopper.call('GET', `/api/store/get-store-registration/?store_id=${store.id}`)).statusCode,
    ).toBe(403);
    const other = await verifiedVendor(t, 'resume');
    const theirs = await other.call('GET', `/api/store/get-store-registration/?store_id=${store.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(JSON.stringify(theirs.json())).not.toContain('Kavya');
  });
});

describe('saving a step never blanks what was saved earlier', () => {
  it('step 1 saved again without description, contacts or logo keeps them; null clears', async () => {
    const v = await verifiedVendor(t, 'resume');
    const store = (await v.call('POST', '/api/store/shop/shop/create-store/', details())).json().data;
    const { description, short_description, contacts, ...rest } = details({ store_name: 'Kavya Ikat' });
    expect((await v.call('PUT', `/api/store/shop/shop/${store.id}/`, rest)).statusCode).toBe(200);
    expect(await draftOf(v, store.id)).toMatchObject({
      store_name: 'Kavya Ikat',
      description: 'Ikat from Pochampally.',
      short_description: 'Ikat sarees',
      contacts: [{ contact_type: 'WhatsApp', phone_number: '9812345679' }],
    });
    await v.call('PUT', `/api/store/shop/shop/${store.id}/`, {
      ...rest,
      description: null,
      short_description: '',
      contacts: [],
    });
    expect(await draftOf(v, store.id)).toMatchObject({
      description: null,
      short_description: null,
      contacts: [],
    });
  });

  it('step 2 saved again without line 2 or coordinates keeps them', async () => {
    const v = await verifiedVendor(t, 'resume');
    const store = (await v.call('POST', '/api/store/shop/shop/create-store/', details())).json().data;
    await v.call('POST', '/api/store/create-store-address/', address(store.id));
    const { address_line_2, latitude, longitude, ...rest } = address(store.id, { city: 'Bhongir' });
    const again = await v.call('POST', '/api/store/create-store-address/', rest);
    expect(again.json().data).toMatchObject({
      city: 'Bhongir',
      address_line_2: 'Near the temple',
      latitude: 17.34,
    });
    expect((await draftOf(v, store.id)).address).toMatchObject({
      city: 'Bhongir',
      address_line_2: 'Near the temple',
      latitude: 17.34,
      longitude: 78.82,
    });
    // Saving the plan and the details leaves the address and contacts as they were.
    await v.call('POST', '/api/store/create-store-plan/', { store_id: store.id, plan: 'basic' });
    await v.call('PUT', `/api/store/shop/shop/${store.id}/`, details());
    expect(await draftOf(v, store.id)).toMatchObject({
      address: { address_line_1: '4 Weavers Colony', city: 'Bhongir' },
      contacts: [{ contact_type: 'WhatsApp', phone_number: '9812345679' }],
    });
  });
});

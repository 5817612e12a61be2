import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost:4000', ...headers } });

describe('GET /api/store/get-store/', () => {
  it('lists open shops with their own URLs and a total', async () => {
    const res = await get('/api/store/get-store/?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.count).toBe(shops.open.length);
    expect(body.data.results.length).toBe(shops.open.length);
    const card = body.data.results.find((s: { slug: string }) => s.slug === shops.a.slug);
    expect(card.store_url).toBe(`http://${shops.a.slug}.localhost:4000/`);
    expect(card.location.city).toBeTruthy();
    expect(body.data.results.every((s: { online_status: string }) => s.online_status === 'PUBLISHED')).toBe(
      true,
    );
  });

  it('filters by category and search on the server', async () => {
    const food = (await get('/api/store/get-store/?category=Food&limit=100')).json().data;
    expect(food.count).toBeGreaterThan(0);
    expect(food.results.every((s: { category: { name: string } }) => s.category.name === 'Food')).toBe(true);
    const all = (await get('/api/store/get-store/?category=All&limit=100')).json().data;
    expect(all.count).toBe(shops.open.length);
    const first = all.results[0];
    const found = (
      await get(`/api/store/get-store/?search=${encodeURIComponent(first.store_name.slice(0, 6))}`)
    ).json().data;
    expect(found.results.map((s: { slug: string }) => s.slug)).toContain(first.slug);
    const none = (await get('/api/store/get-store/?search=zzzz-no-such-shop')).json();
    expect(none.data).toEqual({ results: [], count: 0 });
  });

  it('pages with limit and offset', async () => {
    const p1 = (await get('/api/store/get-store/?limit=3&offset=0')).json().data;
    const p2 = (await get('/api/store/get-store/?limit=3&offset=3')).json().data;
    expect(p1.results).toHaveLength(3);
    const ids = new Set([...p1.results, ...p2.results].map((s: { id: string }) => s.id));
    expect(ids.size).toBe(p1.results.length + p2.results.length);
  });

  it('rejects a bad query with the field issues', async () => {
    const res = await get('/api/store/get-store/?category=Toys&limit=0');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['category', 'limit']);
    expect(body.requestId).toBeTruthy();
  });
});

describe('GET /api/store/store/{slug}/', () => {
  it('describes an open shop', async () => {
    const res = await get(`/api/store/store/${shops.a.slug}/`);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.slug).toBe(shops.a.slug);
    expect(s.store_owner.first_name).toBeTruthy();
    expect(s.store_owner).not.toHaveProperty('email');
    expect(s.location.city).toBeTruthy();
    expect(s.contacts.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown shop', async () => {
    const res = await get('/api/store/store/no-such-shop/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it.each(['DRAFT', 'OFFLINE', 'SUSPENDED', 'MAINTENANCE', 'TEMPORARILY_UNAVAILABLE'])(
    'answers 403 with the status for a %s shop',
    async (status) => {
      const shop = shops.byStatus(status);
      const res = await get(`/api/store/store/${shop.slug}/`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        message: `Store is currently ${status}`,
        error: { code: 'STORE_UNAVAILABLE', status },
      });
    },
  );

  it('never answers 500 for odd slugs', async () => {
    for (const slug of ['%27%20or%201=1', 'a', 'x'.repeat(100), 'UPPER-Case']) {
      const res = await get(`/api/store/store/${slug}/`);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/store/shop/shop/{slug}/get-store-details/', () => {
  it('gives name, description, address and contacts', async () => {
    const res = await get(`/api/store/shop/shop/${shops.a.slug}/get-store-details/`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(Object.keys(d).sort()).toEqual(['contacts', 'description', 'location', 'store_name']);
    expect(d.location.postal_code).toMatch(/^\d{6}$/);
  });
  it('answers 404 for an unknown shop and 403 for a closed one', async () => {
    expect((await get('/api/store/shop/shop/nope-nope/get-store-details/')).statusCode).toBe(404);
    expect(
      (await get(`/api/store/shop/shop/${shops.byStatus('SUSPENDED').slug}/get-store-details/`)).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/store/shop/category/', () => {
  it('lists the business categories', async () => {
    const res = await get('/api/store/shop/category/?limit=100&offset=0');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Beauty',
      'Electronic',
      'Fashion',
      'Food',
      'Home',
    ]);
  });
  it('rejects a negative offset', async () => {
    expect((await get('/api/store/shop/category/?offset=-1')).statusCode).toBe(400);
  });
});

describe('GET /api/store/host/', () => {
  it('resolves subdomains, paths, admin and unknown shops', async () => {
    const sub = (await get('/api/store/host/', { host: `${shops.a.slug}.localhost:4000` })).json().data;
    expect(sub).toMatchObject({
      face: 'storefront',
      via: 'host',
      storeSlug: shops.a.slug,
      storeStatus: 'PUBLISHED',
    });
    const path = (await get(`/api/store/host/?path=/store/${shops.a.slug}`)).json().data;
    expect(path).toMatchObject({ face: 'storefront', via: 'path', storeSlug: shops.a.slug });
    const admin = (await get('/api/store/host/', { host: 'admin.localhost:4000' })).json().data;
    expect(admin.face).toBe('backoffice');
    const unknown = (await get('/api/store/host/', { host: 'ghost-shop.localhost:4000' })).json().data;
    expect(unknown).toMatchObject({ face: 'storefront', storeStatus: 'NOT_FOUND', store: null });
    const draft = shops.byStatus('DRAFT');
    const d = (await get('/api/store/host/', { host: `${draft.slug}.localhost:4000` })).json().data;
    expect(d.storeStatus).toBe('DRAFT');
    expect(d.store.store_name).toBeTruthy();
    const custom = (await get('/api/store/host/', { host: 'shop.example.org' })).json().data;
    expect(custom.storeStatus).toBe('NOT_FOUND');
  });
});

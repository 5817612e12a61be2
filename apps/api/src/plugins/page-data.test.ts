import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../test/harness.ts';
import { pickEncoding } from './compress.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'haat-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><title>x</title><meta name="description" content="x" /><!--haat-head-->' +
      '<script type="module" crossorigin src="/assets/index-A1.js"></script></head><body></body></html>',
  );
  mkdirSync(join(dist, '.vite'));
  // The build's manifest: the entry, the storefront face and the listing page with the chunks they import.
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A1.js', isEntry: true },
      'src/faces/storefront/storefront-face.tsx': {
        file: 'assets/storefront-face-B2.js',
        imports: ['index.html', '_shared-C3.js'],
      },
      '_shared-C3.js': { file: 'assets/shared-C3.js' },
      'src/faces/storefront/products-page.tsx': {
        file: 'assets/products-page-D4.js',
        imports: ['_shared-C3.js'],
      },
      'src/faces/marketing/marketing-face.tsx': { file: 'assets/marketing-face-E5.js' },
      'src/faces/storefront/status-screens.tsx': { file: 'assets/status-screens-F6.js' },
    }),
  );
  t = await createTestApp({ WEB_DIST: dist });
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });
// Asked on the shop's own host, as the app does (the shop's links carry the host's port).
const api = async (slug: string, url: string) => {
  const res = await t.app.inject({ url, headers: { 'store-origin': slug, host: `${slug}.localhost:4000` } });
  return { data: res.json().data, total: Number(res.headers['x-total-count']) };
};
const block = (html: string) =>
  /<script id="haat-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
const pageData = (html: string) => JSON.parse(block(html) ?? 'null');
const shopHost = (slug: string) => `${slug}.localhost:4000`;

describe('data sent with a shop page', () => {
  it("is what the listing's API calls answer for this host's shop, and nothing of another shop", async () => {
    const a = shops.a.slug;
    const res = await get(shopHost(a), '/products');
    expect(res.statusCode).toBe(200);
    const data = pageData(res.body);
    const list = await api(a, '/api/store/stores/product?sort=relevance&limit=12&offset=0');
    expect(data.slug).toBe(a);
    expect(data.listing).toEqual({
      query: { sort: 'relevance', limit: 12, offset: 0 },
      items: list.data,
      total: list.total,
    });
    expect(data.categories).toEqual(
      (await api(a, '/api/store/stores/product/get-store-product-category/')).data,
    );
    expect(data.options).toEqual((await api(a, '/api/store/stores/product/product-options/')).data);
    expect(data.home).toEqual((await api(a, '/api/store/stores/home/')).data);
    const other = await api(shops.b.slug, '/api/store/stores/product?limit=100');
    for (const p of other.data) expect(res.body).not.toContain(p.id);
    // The first row's images start with the HTML.
    for (const p of list.data.slice(0, 2))
      expect(res.body).toContain(
        `<link rel="preload" as="image" href="${p.thumbnail.replaceAll('&', '&amp;')}"`,
      );
  });

  it("follows the listing's address (sort, page, size) and the shop named in the path", async () => {
    const b = shops.b.slug;
    const data = pageData(
      (await get('localhost:4000', `/store/${b}/products?sort=price_asc&page=2&size=24`)).body,
    );
    expect(data.slug).toBe(b);
    expect(data.listing.query).toEqual({ sort: 'price_asc', limit: 24, offset: 24 });
    const list = await api(b, '/api/store/stores/product?sort=price_asc&limit=24&offset=24');
    expect(data.listing.items).toEqual(list.data);
    // A reversed price range is the API's 400 to show: no page is sent for it.
    const bad = pageData((await get('localhost:4000', `/store/${b}/products?min=500&max=100`)).body);
    expect(bad.listing).toBeUndefined();
  });

  it("gives a product page its product, but not another shop's product asked for on this host", async () => {
    const [mine] = (await api(shops.a.slug, '/api/store/stores/product?limit=1')).data;
    const data = pageData((await get(shopHost(shops.a.slug), `/product/${mine.id}`)).body);
    expect(data.product).toEqual((await api(shops.a.slug, `/api/store/stores/product/${mine.id}`)).data);
    const [theirs] = (await api(shops.b.slug, '/api/store/stores/product?limit=1')).data;
    const foreign = await get(shopHost(shops.a.slug), `/product/${theirs.id}`);
    expect(pageData(foreign.body).product).toBeUndefined();
    expect(foreign.body).not.toContain(theirs.product_name);
  });

  it('is left out for a shop that is not open, and for the other faces', async () => {
    expect(block((await get(shopHost(shops.byStatus('DRAFT').slug), '/products')).body)).toBeUndefined();
    expect(block((await get('localhost:4000', '/')).body)).toBeUndefined();
    expect(block((await get('admin.localhost:4000', '/')).body)).toBeUndefined();
  });

  it('is escaped for the HTML and reads back exactly', async () => {
    const a = shops.a.slug;
    const [card] = (await api(a, '/api/store/stores/product?sort=newest&limit=1')).data;
    const name = 'Chai </script><script>alert(1)</script> <!-- & \u2028\u2029 "quoted"';
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.update(schema.products).set({ name }).where(eq(schema.products.id, card.id)),
    );
    const res = await get(shopHost(a), '/products?sort=newest');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<!-- &');
    expect(block(res.body)).not.toMatch(/[<>&\u2028\u2029]/);
    expect(pageData(res.body).listing.items[0].product_name).toBe(name);
  });

  it("preloads the face's chunks and the page's own from the build manifest", async () => {
    const res = await get(shopHost(shops.a.slug), '/products');
    const preloads = [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    // The entry is already in index.html; each chunk once.
    expect(preloads).toEqual([
      '/assets/storefront-face-B2.js',
      '/assets/shared-C3.js',
      '/assets/products-page-D4.js',
    ]);
    const home = await get(shopHost(shops.a.slug), '/');
    expect(home.body).not.toContain('products-page-D4.js');
    expect(home.body).not.toContain('status-screens-F6.js');
    // A closed shop's address shows its status screen, whatever the path.
    const draft = await get(shopHost(shops.byStatus('DRAFT').slug), '/products');
    expect(draft.body).toContain('href="/assets/status-screens-F6.js"');
    expect(draft.body).not.toContain('products-page-D4.js');
    expect((await get('localhost:4000', '/')).body).toContain('href="/assets/marketing-face-E5.js"');
    // The manifest itself is not served.
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).body).not.toContain('storefront-face-B2');
  });
});

describe('compression', () => {
  it('sends pages and API JSON gzip or brotli when accepted, and the same bytes decoded', async () => {
    const host = shopHost(shops.a.slug);
    const plain = await get(host, '/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await get(host, '/products', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const url = '/api/store/stores/product?limit=12';
    const json = await t.app.inject({ url, headers: { 'store-origin': shops.a.slug } });
    const gz = await t.app.inject({
      url,
      headers: { 'store-origin': shops.a.slug, 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBe(String(gz.rawPayload.length));
    expect(gz.headers['x-total-count']).toBe(json.headers['x-total-count']);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json.json());
  });

  it('leaves small answers and refused encodings alone', async () => {
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.status).toBe('ok');
    expect(pickEncoding('gzip, deflate, br')).toBe('gzip');
    expect(pickEncoding('br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, br')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('*, gzip;q=0')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });
});

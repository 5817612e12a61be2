import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../test/harness.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'haat-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><title>Build Your Online Store</title><meta name="description" content="x" /><!--haat-head--></head><body></body></html>',
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'entry-Ab12Cd34.js'), ASSET);
  writeFileSync(join(dist, 'favicon.svg'), FAVICON);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  t = await createTestApp({ WEB_DIST: dist });
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const ASSET = `export const greeting = ${JSON.stringify('namaste '.repeat(200))};\n`;

const page = (host: string, url = '/') =>
  t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
const injected = (html: string) =>
  JSON.parse(/<script id="haat-host" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('the server', () => {
  it('reports health with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' }, message: 'Healthy' });
  });

  it('publishes OpenAPI for every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/store/get-store/',
      '/api/store/store/{slug}/',
      '/api/store/stores/product',
      '/api/store/stores/home/',
      '/api/user/newsletter/',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('answers unknown API paths with the error envelope, request id and security headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'test-request-0001' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND' },
      requestId: 'test-request-0001',
    });
    expect(res.headers['x-request-id']).toBe('test-request-0001');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('the built assets', () => {
  it('go out compressed when the browser accepts it, with a year of caching, and as they are otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        url: '/assets/entry-Ab12Cd34.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    expect((await get('br')).statusCode).toBe(200);
    // A name that is not in the build is left to the routes as before (no compressed answer).
    const missing = await t.app.inject({
      url: '/assets/missing-0000.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.headers['content-encoding']).toBeUndefined();
    // ...and is not found: a chunk of another build is not a page.
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it("serve the other built files with an hour of caching, and neither the build's bookkeeping nor the template", async () => {
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe(FAVICON);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const head = await t.app.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // Without compression the asset comes from the file, cached for a year.
    const js = await t.app.inject({ url: '/assets/entry-Ab12Cd34.js?v=1' });
    expect(js.body).toBe(ASSET);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The manifest is not served: the address is a page like any other.
    const manifest = await page('localhost', '/.vite/manifest.json');
    expect(manifest.body).not.toBe('{}');
    expect(manifest.headers['content-type']).toContain('text/html');
    // index.html is the template of every page: asked for by name, it is rendered like a page, not sent raw.
    const index = await page('localhost', '/index.html');
    expect(index.body).not.toContain('<!--haat-head-->');
    expect(injected(index.body)).toMatchObject({ face: 'marketing' });
  });
});

describe('the API documentation', () => {
  it("serves the page, its assets and the OpenAPI document, with the page's own CSP", async () => {
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.body).toContain('swagger-initializer.js');
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['x-request-id']).toBeDefined();
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('./json');
    const ui = await t.app.inject({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' });
    expect(ui.statusCode).toBe(200);
    const yaml = await t.app.inject({ url: '/api/docs/yaml' });
    expect(yaml.headers['content-type']).toContain('application/x-yaml');
    expect(yaml.body).toContain('/api/store/stores/product:');
    // The old address of the page redirects, without a body or a type.
    const old = await t.app.inject({ url: '/api/docs/static/index.html' });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/api/docs/');
    expect(old.headers['content-type']).toBeUndefined();
    const missing = await t.app.inject({ url: '/api/docs/static/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('page requests', () => {
  it('inject the marketing face on the main domain', async () => {
    const res = await page('localhost:4000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Build Your Online Store</title>');
    expect(injected(res.body)).toMatchObject({ face: 'marketing', store: null });
  });

  it("inject the shop, its name as title and its description on the shop's subdomain", async () => {
    const res = await page(`${shops.a.slug}.localhost:4000`);
    expect(res.statusCode).toBe(200);
    const host = injected(res.body);
    expect(res.body).toContain(`<title>${host.store.store_name.replaceAll('&', '&amp;')}</title>`);
    expect(host).toMatchObject({
      face: 'storefront',
      via: 'host',
      storeSlug: shops.a.slug,
      storeStatus: 'PUBLISHED',
    });
    expect(res.body).toContain(`<meta name="description" content="`);
    expect(res.body).toContain('og:title');
  });

  it('inject the shop under /store/{slug} on the main domain', async () => {
    const host = injected((await page('localhost:4000', `/store/${shops.a.slug}`)).body);
    expect(host).toMatchObject({ face: 'storefront', via: 'path', storeSlug: shops.a.slug });
  });

  it('answer 404 with NOT_FOUND for an unknown subdomain, and inject a draft shop with its status', async () => {
    const res = await page('ghost-shop.localhost:4000');
    expect(res.statusCode).toBe(404);
    expect(injected(res.body).storeStatus).toBe('NOT_FOUND');
    const draft = injected((await page(`${shops.byStatus('DRAFT').slug}.localhost:4000`)).body);
    expect(draft.storeStatus).toBe('DRAFT');
  });

  it('give the admin host the title Admin Panel', async () => {
    const res = await page('admin.localhost:4000', '/dashboard');
    expect(res.body).toContain('<title>Admin Panel</title>');
    expect(injected(res.body).face).toBe('backoffice');
  });

  it('escape what they inject', async () => {
    const res = await page('localhost:4000', '/store/%3Cscript%3E');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body.match(/<script/g)?.length).toBe(1);
  });
});

describe('search engines and sharing', () => {
  it("gives a product page the product's title, description and image", async () => {
    const [card] = (
      await t.app.inject({
        url: '/api/store/stores/product?limit=1',
        headers: { 'store-origin': shops.a.slug },
      })
    ).json().data;
    const res = await page(`${shops.a.slug}.localhost:4000`, `/product/${card.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${card.product_name.replaceAll('&', '&amp;')} | `);
    expect(res.body).toContain('<meta property="og:type" content="product" />');
    // Absolute, as link previews need it.
    const absolute = new URL(card.thumbnail, `http://${shops.a.slug}.localhost:4000/`).href;
    expect(res.body).toContain(`<meta property="og:image" content="${absolute.replaceAll('&', '&amp;')}" />`);
    // Its first image (the largest paint) starts loading with the HTML.
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${card.thumbnail.replaceAll('&', '&amp;')}" fetchpriority="high" />`,
    );
    const listing = await page(`${shops.a.slug}.localhost:4000`, '/products');
    expect(listing.body).toMatch(/<title>All Products \| /);
  });

  it('serves robots.txt and a sitemap per shop host, and the open shops on the main domain', async () => {
    const robots = await page(`${shops.a.slug}.localhost:4000`, '/robots.txt');
    expect(robots.body).toContain(`Sitemap: http://${shops.a.slug}.localhost:4000/sitemap.xml`);
    expect((await page('admin.localhost:4000', '/robots.txt')).body).toContain('Disallow: /');
    const map = await page(`${shops.a.slug}.localhost:4000`, '/sitemap.xml');
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain(`<loc>http://${shops.a.slug}.localhost:4000/products</loc>`);
    expect(map.body.match(/\/product\//g)?.length).toBeGreaterThanOrEqual(20);
    const main = await page('localhost:4000', '/sitemap.xml');
    expect(main.body).toContain(`<loc>http://${shops.a.slug}.localhost:4000/</loc>`);
    expect(main.body).toContain('<loc>http://localhost:4000/shops</loc>');
    expect(robots.body).toContain('Disallow: /orders');
    expect((await page('localhost:4000', '/shops')).body).toContain('<title>All Shops | Haat</title>');
    expect(main.body).not.toContain(shops.byStatus('DRAFT').slug);
    expect((await page(`${shops.byStatus('DRAFT').slug}.localhost:4000`, '/sitemap.xml')).statusCode).toBe(
      404,
    );
  });
});

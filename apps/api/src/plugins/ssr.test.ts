import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { schema } from '@haat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEFERRED_BOOT } from './web.ts';

/**
 * Server rendering of the shop pages (decision 0017) through the web app's own server entry, loaded from the
 * source here (the build loads apps/web/dist/.ssr/entry-server.js the same way), and what happens when rendering
 * fails or hangs.
 */
const ENTRY = resolve(import.meta.dirname, '../../../web/src/entry-server.tsx');
const TEMPLATE =
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /><!--haat-head-->' +
  '<script type="module" crossorigin src="/assets/index-A1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/app-C3.js"></head>' +
  '<body><div id="root"></div></body></html>';

/** A web build whose server renderer is `renderer` (the module's source). */
function distWith(renderer: string) {
  const dist = mkdtempSync(join(tmpdir(), 'haat-ssr-'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  mkdirSync(join(dist, '.ssr'));
  writeFileSync(join(dist, '.ssr', 'entry-server.js'), renderer);
  // The build's manifest, so pages preload their chunks.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/faces/storefront/storefront-face.tsx': { file: 'assets/storefront-face-B2.js' },
      'src/faces/storefront/products-page.tsx': { file: 'assets/products-page-D4.js' },
      'src/faces/storefront/status-screens.tsx': { file: 'assets/status-screens-F6.js' },
    }),
  );
  return dist;
}

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp({
    WEB_DIST: distWith(`export { renderShopPage } from ${JSON.stringify(ENTRY)};\n`),
    // The first render here also transforms the web app's source (the build's loads in milliseconds).
    SSR_TIMEOUT_MS: '20000',
  });
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

type App = TestApp['app'];
const get = (app: App, host: string, url: string) =>
  app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
const shopHost = (slug: string) => `${slug}.localhost:4000`;
const api = async (slug: string, url: string) =>
  (await t.app.inject({ url, headers: { 'store-origin': slug, host: shopHost(slug) } })).json().data;
/** What the server put in #root (up to the scripts after it). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="haat-boot"|<\/body>)/.exec(html)?.[1] ?? '';
/** Text as React writes it into HTML. */
const text = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c,
  );
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n);

type Card = { id: string; product_name: string; product_price: number; discount_price: number | null };

describe('server-rendered shop pages', () => {
  it("renders the home with the shop's featured products and their prices, signed out, with no inline script", async () => {
    const a = shops.a.slug;
    const res = await get(t.app, shopHost(a), '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toMatch(/^ssr;dur=[\d.]+$/);
    const root = rootOf(res.body);
    const home = await api(a, '/api/store/stores/home/');
    expect(root).toContain(text(home.store.store_name));
    expect(home.featured.length).toBeGreaterThan(0);
    for (const p of home.featured as Card[]) {
      expect(root).toContain(text(p.product_name));
      expect(root).toContain(rupees(p.discount_price ?? p.product_price));
    }
    // Signed out on the server: the header's Login, never a session.
    expect(root).toContain('>Login</a>');
    // Scripts from 'self' only: the only inline ones are the JSON blocks outside #root.
    expect(root).not.toContain('<script');
    expect(res.body).toContain('<script id="haat-data" type="application/json">');
    // Controls wait for hydration (links work without it).
    expect(root).toContain('<fieldset disabled="" role="none" class="contents">');
  });

  it('renders the listing and a product page on the subdomain, a custom domain and under /store/{slug}', async () => {
    const b = shops.b.slug;
    await t.owner.insert(schema.storeDomains).values({
      storeId: shops.b.id,
      domainName: 'shop-b.example.in',
      domainType: 'custom',
      verifiedAt: new Date(),
    });
    const cards = (await api(b, '/api/store/stores/product?sort=relevance&limit=12&offset=0')) as Card[];
    for (const [host, path] of [
      [shopHost(b), '/products'],
      ['shop-b.example.in', '/products'],
      ['localhost:4000', `/store/${b}/products`],
    ] as const) {
      const root = rootOf((await get(t.app, host, path)).body);
      for (const c of cards) expect(root).toContain(text(c.product_name));
      expect(root).toContain('All Products');
    }
    const first = cards[0];
    if (!first) throw new Error('no product');
    const detail = await api(b, `/api/store/stores/product/${first.id}`);
    for (const [host, path] of [
      [shopHost(b), `/product/${first.id}`],
      ['shop-b.example.in', `/product/${first.id}`],
      ['localhost:4000', `/store/${b}/product/${first.id}`],
    ] as const) {
      const root = rootOf((await get(t.app, host, path)).body);
      expect(root).toMatch(
        new RegExp(`<h1[^>]*>${text(detail.product_name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
      );
      expect(root).toContain(rupees(detail.discount_price ?? detail.product_price));
      expect(root).toContain('Add to Cart');
    }
  });

  it('renders concurrent requests of different shops each with its own data', async () => {
    const [a, b] = [shops.a.slug, shops.b.slug];
    const [homeA, homeB] = [await api(a, '/api/store/stores/home/'), await api(b, '/api/store/stores/home/')];
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) => get(t.app, shopHost(i % 2 ? b : a), i % 4 < 2 ? '/' : '/products')),
    );
    pages.forEach((res, i) => {
      const [mine, theirs] = i % 2 ? [homeB, homeA] : [homeA, homeB];
      const root = rootOf(res.body);
      expect(root).toContain(text(mine.store.store_name));
      expect(root).not.toContain(text(theirs.store.store_name));
    });
  });

  it("loads a rendered page's code from its loader after the first screen, and a page left to the browser's at once", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    const listing = await get(t.app, shopHost(shops.a.slug), '/products');
    expect(rootOf(listing.body)).not.toBe('');
    // Nothing in the HTML starts the code: the loader does, with the entry and the page's chunks.
    expect(preloads(listing.body)).toEqual([]);
    expect(listing.body).not.toContain('<script type="module"');
    const boot = listing.body.match(/<script id="haat-boot" type="application\/json">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(boot ?? 'null')).toEqual({
      entry: '/assets/index-A1.js',
      modules: ['/assets/app-C3.js', '/assets/storefront-face-B2.js', '/assets/products-page-D4.js'],
    });
    expect(listing.body).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high" \/>/);
    // The loader runs under the CSP by its hash, which the header names.
    const loader = listing.body.match(/<script>([^<]*)<\/script>/)?.[1] ?? '';
    expect(loader).toBe(DEFERRED_BOOT);
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(listing.headers['content-security-policy']).toContain(`'sha256-${hash}'`);

    // A closed shop renders in the browser: its code is what paints it, and starts with the HTML.
    const draft = await get(t.app, shopHost(shops.byStatus('DRAFT').slug), '/');
    expect(draft.body).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    expect(preloads(draft.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/storefront-face-B2.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/status-screens-F6.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/app-C3.js">',
    ]);
    expect(draft.body).not.toContain('haat-boot');
  });

  it('leaves a closed shop, an unknown product and the other pages to the browser, as before', async () => {
    // A draft shop and a product the shop does not sell answer 404 (issue 42).
    const draft = await get(t.app, shopHost(shops.byStatus('DRAFT').slug), '/');
    expect(draft.statusCode).toBe(404);
    expect(rootOf(draft.body)).toBe('');
    expect(draft.headers['server-timing']).toBeUndefined();

    const unknown = await get(t.app, shopHost(shops.a.slug), '/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toBe('');

    const [theirs] = (await api(shops.b.slug, '/api/store/stores/product?limit=1')) as Card[];
    const foreign = await get(t.app, shopHost(shops.a.slug), `/product/${theirs?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(rootOf(foreign.body)).toBe('');
    expect(foreign.body).not.toContain(text(theirs?.product_name ?? '-'));

    for (const path of ['/cart', '/login', '/orders'])
      expect(rootOf((await get(t.app, shopHost(shops.a.slug), path)).body)).toBe('');
    expect(rootOf((await get(t.app, 'localhost:4000', '/')).body)).toBe('');
    expect(rootOf((await get(t.app, 'admin.localhost:4000', '/')).body)).toBe('');
    const missing = await get(t.app, shopHost('no-such-shop-here'), '/');
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body)).toBe('');
  });
});

describe('when server rendering fails', () => {
  it('serves the page to render in the browser when the renderer throws, hangs or is switched off', async () => {
    const cases: [string, Record<string, string>][] = [
      ["export async function renderShopPage() { throw new Error('boom'); }\n", {}],
      ['export function renderShopPage() { return new Promise(() => {}); }\n', { SSR_TIMEOUT_MS: '50' }],
      ['export const nothing = 1;\n', {}],
      [`export { renderShopPage } from ${JSON.stringify(ENTRY)};\n`, { SSR: 'off' }],
    ];
    for (const [renderer, env] of cases) {
      // Another app on the same database, with that build.
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: distWith(renderer),
        ...env,
      });
      const app = await buildApp({ db: t.appDb, config, logger: false });
      try {
        const res = await get(app, shopHost(shops.a.slug), '/');
        expect(res.statusCode).toBe(200);
        expect(rootOf(res.body)).toBe('');
        // The data still goes with the page: the browser renders it without another call.
        expect(res.body).toContain('<script id="haat-data" type="application/json">');
      } finally {
        await app.close();
      }
    }
  });
});

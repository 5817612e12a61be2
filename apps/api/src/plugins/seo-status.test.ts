import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../test/harness.ts';
import { ensureOperator } from '../modules/accounts/bootstrap-accounts.ts';

/*
 * What a search engine and a link preview read from a shop's pages served by the real server (server rendering and
 * the page cache on, issue 42): the HTTP status of unknown addresses and closed shops, the canonical address, the
 * product's schema.org data and absolute og:image addresses.
 */

function dist() {
  const dir = mkdtempSync(join(tmpdir(), 'haat-seo-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title><meta name="description" content="x" /><!--haat-head-->' +
      '<script type="module" crossorigin src="/assets/index-A1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, '.ssr'));
  writeFileSync(
    join(dir, '.ssr', 'entry-server.js'),
    'export async function renderShopPage() { return "<main>rendered</main>"; }\n',
  );
  return dir;
}

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let operatorToken = '';
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist() });
  shops = await demoShops(t.owner);
  await ensureOperator(t.owner, 'seo-operator@haat.test', 'operator-pass-2026');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/',
    payload: { email: 'seo-operator@haat.test', password: 'operator-pass-2026', role_name: 'ADMIN' },
  });
  operatorToken = res.json().data.access_token;
});
afterAll(() => t?.close());

const hostOf = (slug: string) => `${slug}.localhost:4000`;
const load = (url: string, slug = shops.a.slug) =>
  t.app.inject({ url, headers: { host: hostOf(slug), accept: 'text/html' } });
const api = async (slug: string, url: string) =>
  (await t.app.inject({ url, headers: { 'store-origin': slug, host: hostOf(slug) } })).json().data;
const setStatus = (id: string, online_status: string, reason?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/platform/shops/${id}/status/`,
    payload: { online_status, reason },
    headers: { authorization: `Bearer ${operatorToken}` },
  });
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const ogImageOf = (html: string) => attr(html, /<meta property="og:image" content="([^"]*)"/);
const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m?.[1] ? JSON.parse(m[1]) : null;
};
const fromHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

type Card = { id: string; total_reviews: number; stock_status: string };

describe('status codes of shop pages', () => {
  it('answers 404 with the page for an unknown address or product of an open shop, also when asked again', async () => {
    for (const url of ['/no-such-page', '/product/00000000-0000-4000-8000-000000000000', '/product/nope']) {
      for (const _ of [1, 2]) {
        const res = await load(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['x-page-cache']).toBeUndefined();
        expect(res.body).toContain('"storeStatus":"PUBLISHED"');
      }
    }
    // The shop's real pages still answer 200, from the cache the second time.
    for (const url of ['/', '/products', '/cart', '/orders', '/wishlist', '/policies/shipping']) {
      expect((await load(url)).statusCode, url).toBe(200);
    }
    expect((await load('/')).headers['x-page-cache']).toBe('hit');
  });

  it('answers a shop in maintenance 503 with Retry-After, a suspended one 403, a draft one 404, each time', async () => {
    const b = shops.b;
    expect((await load('/', b.slug)).statusCode).toBe(200);
    try {
      expect((await setStatus(b.id, 'MAINTENANCE')).statusCode).toBe(200);
      for (const _ of [1, 2]) {
        const res = await load('/', b.slug);
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('"storeStatus":"MAINTENANCE"');
      }
      expect((await load('/products', b.slug)).statusCode).toBe(503);
      expect((await setStatus(b.id, 'SUSPENDED', 'Checking status codes')).statusCode).toBe(200);
      expect((await load('/', b.slug)).statusCode).toBe(403);
      expect((await load('/', b.slug)).statusCode).toBe(403);
    } finally {
      expect((await setStatus(b.id, 'PUBLISHED')).statusCode).toBe(200);
    }
    expect((await load('/', b.slug)).statusCode).toBe(200);
    const draft = await load('/', shops.byStatus('DRAFT').slug);
    expect(draft.statusCode).toBe(404);
    const offline = await load('/', shops.byStatus('OFFLINE').slug);
    expect(offline.statusCode).toBe(503);
    expect(Number(offline.headers['retry-after'])).toBeGreaterThan(0);
    expect((await load('/', 'no-such-shop-here')).statusCode).toBe(404);
  });
});

describe('what search engines and link previews read', () => {
  it('gives each open shop page its absolute canonical address', async () => {
    const a = shops.a.slug;
    expect(canonicalOf((await load('/')).body)).toBe(`http://${a}.localhost:4000/`);
    expect(canonicalOf((await load('/products?sort=price_asc')).body)).toBe(
      `http://${a}.localhost:4000/products`,
    );
    expect(canonicalOf((await load('/no-such-page')).body)).toBeUndefined();
  });

  it('describes a product as schema.org Product with its offer in rupees, availability and rating', async () => {
    const a = shops.a.slug;
    const cards = (await api(a, '/api/store/stores/product?limit=100')) as Card[];
    const reviewed = cards.find((c) => c.total_reviews > 0);
    expect(reviewed, 'a demo product with reviews').toBeTruthy();
    for (const card of [reviewed, cards.find((c) => c.total_reviews === 0)]) {
      if (!card) continue;
      const detail = await api(a, `/api/store/stores/product/${card.id}`);
      const html = (await load(`/product/${card.id}`)).body;
      const url = `http://${a}.localhost:4000/product/${card.id}`;
      expect(canonicalOf(html)).toBe(url);
      const ld = jsonLdOf(html);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: detail.product_name,
        offers: {
          '@type': 'Offer',
          price: detail.deal?.discount_price ?? detail.discount_price ?? detail.product_price,
          priceCurrency: 'INR',
          availability:
            detail.stock_status === 'OUT_OF_STOCK'
              ? 'https://schema.org/OutOfStock'
              : 'https://schema.org/InStock',
          url,
        },
      });
      expect(ld.sku).toBe(detail.sku ?? detail.id);
      expect(typeof ld.description).toBe('string');
      expect(ld.description).not.toMatch(/<[a-z]/i);
      expect(ld.image.length).toBeGreaterThan(0);
      for (const src of ld.image) expect(src).toMatch(/^https?:\/\//);
      if (card.total_reviews > 0) {
        expect(ld.aggregateRating).toEqual({
          '@type': 'AggregateRating',
          ratingValue: detail.average_rating,
          reviewCount: detail.total_reviews,
        });
      } else expect(ld.aggregateRating).toBeUndefined();
      const og = fromHtml(ogImageOf(html) ?? '');
      expect(og).toMatch(/^http:\/\//);
      expect(new URL(og).pathname).toBe(new URL(detail.thumbnail, 'http://x').pathname);
    }
  });

  it('marks a sold-out product OutOfStock', async () => {
    const a = shops.a.slug;
    const cards = (await api(a, '/api/store/stores/product?limit=100')) as Card[];
    const out = cards.find((c) => c.stock_status === 'OUT_OF_STOCK');
    if (!out) return;
    const ld = jsonLdOf((await load(`/product/${out.id}`)).body);
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it("gives the shop home an absolute og:image and the shop's name as its title", async () => {
    const home = await api(shops.a.slug, '/api/store/stores/home/');
    const html = (await load('/')).body;
    expect(html).toContain(`<title>${home.store.store_name.replace(/&/g, '&amp;')}</title>`);
    if (home.store.image) expect(fromHtml(ogImageOf(html) ?? '')).toMatch(/^http:\/\/[^/]+\//);
  });
});

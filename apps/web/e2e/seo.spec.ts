import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForFile } from './journeys.ts';

/**
 * What a search engine reads from a shop's pages stays as the server wrote it once the app has hydrated (issue 42):
 * the product page's title "<Product> | <Shop>" and the product's description, the home's title the shop's name.
 */
const app = await appForFile();

type Card = { id: string; product_name: string; has_variants: boolean; stock_status: string };
const api = async <T>(shop: string, path: string): Promise<T> =>
  (await (await fetch(app.url(path), { headers: { 'store-origin': shop } })).json()).data as T;
const fromHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/**
 * The title and meta description the server sent for the page `page` opens at `url`, once the page has hydrated:
 * the shop face counts the visit in an effect, which runs after its pages' effects.
 */
async function open(page: Page, url: string) {
  const hydrated = page.waitForRequest((r) => r.url().includes('/api/store/store-visit/'));
  const res = await page.goto(url);
  const html = (await res?.text()) ?? '';
  await hydrated;
  return {
    title: fromHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: fromHtml(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''),
  };
}
/** The document's title and meta description now, once React's pending effects have run. */
async function shown(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '',
  }));
}

describe('the head of shop pages after hydration', () => {
  for (const width of [360, 1366]) {
    it(`keeps the product page's title and description, and the home's shop name, at ${width} px`, async () => {
      const shop = app.demo.openShop;
      const cards = await api<Card[]>(shop, '/api/store/stores/product?sort=relevance&limit=24&offset=0');
      const product = cards.find((c) => !c.has_variants && c.stock_status !== 'OUT_OF_STOCK');
      if (!product) throw new Error('expected a product sold as one item, in stock');
      const page = await app.newPage({ width, height: 800 });
      const server = await open(page, app.url(`/product/${product.id}`, shop));
      expect(server.title).toBe(`${product.product_name} | ${app.demo.openShopName}`);
      expect(server.description).not.toBe('');
      // Hydrated: the button the server draws disabled works once the app runs.
      await page.locator('button:has-text("Add to Cart"):not([disabled])').first().waitFor();
      expect(await shown(page)).toEqual(server);

      const listing = await open(page, app.url('/products', shop));
      expect(listing.title).toBe(`All Products | ${app.demo.openShopName}`);
      // The listing sets its head in an effect after its data: hydration must end with the server's head.
      await expect.poll(() => shown(page)).toEqual(listing);

      const homeServer = await open(page, app.url('/', shop));
      expect(homeServer.title).toBe(app.demo.openShopName);
      expect(await shown(page)).toEqual(homeServer);
      await page.context().close();
    });
  }
});

describe('the status screens at 360 px', () => {
  it('answers an unknown shop page 404 and a shop in maintenance 503, showing their screens as before', async () => {
    const page = await app.newPage({ width: 360, height: 800 });
    const missing = await page.goto(app.url('/no-such-page', app.demo.openShop));
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the shop' }).waitFor();
    await page.screenshot({ path: '/tmp/haat-seo-not-found-360.png', fullPage: true });

    const login = await fetch(app.url('/api/admin/admin-login/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'operator@haat.test',
        password: 'operator-pass-2026',
        role_name: 'ADMIN',
      }),
    });
    const token = (await login.json()).data.access_token as string;
    // A demo shop no other spec uses.
    const { results } = await api<{ results: { id: string; slug: string; store_name: string }[] }>(
      app.demo.openShop,
      '/api/store/get-store/?limit=100',
    );
    const slug = ['namma-gadgets', 'deccan-digital'].find((s) => s !== app.demo.openShop);
    const shop = results.find((s) => s.slug === slug);
    if (!shop) throw new Error(`expected the demo shop ${slug}`);
    const setStatus = (online_status: string) =>
      fetch(app.url(`/api/platform/shops/${shop.id}/status/`), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ online_status }),
      });
    expect((await setStatus('MAINTENANCE')).status).toBe(200);
    try {
      const closed = await page.goto(app.url('/', shop.slug));
      expect(closed?.status()).toBe(503);
      expect(Number(closed?.headers()['retry-after'])).toBeGreaterThan(0);
      await page.getByRole('heading', { name: /maintenance/i }).waitFor();
      await page.getByText(shop.store_name).first().waitFor();
      expect(await page.title()).toBe(shop.store_name);
      await page.screenshot({ path: '/tmp/haat-seo-maintenance-360.png', fullPage: true });
    } finally {
      expect((await setStatus('PUBLISHED')).status).toBe(200);
    }
    await page.context().close();
  });
});

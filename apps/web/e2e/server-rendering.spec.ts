import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, CHROMIUM, startApp } from './harness.ts';
import { newShopper, signUpCustomer, vendorToken } from './journeys.ts';

/**
 * A shop's home, listing and product page come rendered from the server (decision 0017): readable with JavaScript
 * off, and hydrated without a mismatch when it is on.
 */
let app: AppHandle;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

type Card = {
  id: string;
  product_name: string;
  product_price: number;
  discount_price: number | null;
  has_variants: boolean;
  stock_status: string;
};
const api = async <T>(shop: string, path: string): Promise<T> =>
  (await (await fetch(app.url(path), { headers: { 'store-origin': shop } })).json()).data as T;
/** Rupees as the shop writes them: paise only when there are any. */
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    ...(Math.round(n * 100) % 100 !== 0 ? { minimumFractionDigits: 2 } : { maximumFractionDigits: 0 }),
  }).format(n);

/** React's own reports: a hydration mismatch, a boundary that fell back to rendering in the browser. */
const REACT_ERROR = /hydrat|did ?n[o']t match|Minified React error #(418|419|421|422|423|425)/i;
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('server-rendered shop pages', () => {
  it('shows the home, the listing and a product page with JavaScript off', async () => {
    const shop = app.demo.openShop;
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    const home = await api<{ featured: Card[] }>(shop, '/api/store/stores/home/');
    await page.goto(app.url('/', shop));
    const featured = page.locator('section[aria-labelledby="featured-heading"]');
    for (const p of home.featured.slice(0, 4)) {
      await featured.getByText(p.product_name, { exact: true }).first().waitFor();
      expect(await featured.textContent()).toContain(rupees(p.discount_price ?? p.product_price));
    }
    // Signed out, as the server renders every page.
    await page.getByRole('link', { name: 'Login' }).waitFor();

    const cards = await api<Card[]>(shop, '/api/store/stores/product?sort=relevance&limit=12&offset=0');
    await page.goto(app.url('/products', shop));
    const list = page.getByRole('region', { name: 'Products' });
    for (const c of cards) await list.getByText(c.product_name, { exact: true }).first().waitFor();

    // A product card is a plain link: it leads to the product page without JavaScript too.
    const first = cards[0];
    if (!first) throw new Error('no product');
    await list.getByRole('link', { name: first.product_name, exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === `/product/${first.id}`);
    await page.getByRole('heading', { level: 1, name: first.product_name }).waitFor();
    // The button is drawn, and waits for the app: it does nothing without it.
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('hydrates without a mismatch, and a customer adds to the cart from the home and a product page', async () => {
    const shop = app.demo.openShop;
    const page = await app.newPage({ width: 360, height: 800 });
    const errors = watchErrors(page);
    await signUpCustomer(app, page, newShopper('Hydra Shopper', 'hydra', 'hydrate-me-2026'));

    const home = await api<{ featured: Card[] }>(shop, '/api/store/stores/home/');
    const buyable = home.featured.filter((p) => !p.has_variants && p.stock_status !== 'OUT_OF_STOCK');
    const [one, two] = buyable;
    if (!one || !two) throw new Error('expected two featured products sold as one item, in stock');

    // The server renders the home signed out; once hydrated it shows the session and runs as the app.
    await page.goto(app.url('/', shop));
    await page.getByRole('button', { name: /Account menu for Hydra Shopper/ }).waitFor();
    const timer = page.locator('#deals').getByRole('timer').first();
    if (await timer.count()) {
      const before = await timer.textContent();
      await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(before);
    }
    // To the product inside the app (no page load), and into the cart.
    await page
      .locator('section[aria-labelledby="featured-heading"]')
      .getByRole('link', { name: one.product_name, exact: true })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === `/product/${one.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    // A product page loaded from the server: its Add to Cart works once hydrated.
    await page.goto(app.url(`/product/${two.id}`, shop));
    await page.getByRole('heading', { level: 1, name: two.product_name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    // The listing hydrates too: sorting runs in the app.
    await page.goto(app.url('/products', shop));
    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price_asc');

    expect(errors.filter((e) => REACT_ERROR.test(e))).toEqual([]);
    // The loader of the page's code is an inline script the CSP allows by its hash.
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await page.context().close();
  });

  it("adds a signed-in customer's tap on Add to Cart the moment the button comes alive, not a trip to sign-in", async () => {
    const shop = app.demo.openShop;
    const page = await app.newPage({ width: 360, height: 800 });
    await signUpCustomer(app, page, newShopper('Early Tapper', 'early', 'tap-early-2026'));
    const home = await api<{ featured: Card[] }>(shop, '/api/store/stores/home/');
    const taps = 8;
    let one: Card | undefined;
    for (const p of home.featured.filter((p) => !p.has_variants && p.stock_status !== 'OUT_OF_STOCK')) {
      const detail = await api<{ product_quantity: number }>(shop, `/api/store/stores/product/${p.id}`);
      if (detail.product_quantity >= taps) {
        one = p;
        break;
      }
    }
    if (!one) throw new Error(`expected a featured product sold as one item, with ${taps} in stock`);

    // A quick thumb: the tap comes between two of the browser's tasks, as soon as React has hydrated the button.
    // The page's parts hydrate one Suspense boundary after another, and the button's part shows the session (it
    // renders signed out while it hydrates) a moment later: about every other load, the tap lands in that moment.
    await page.addInitScript(() => {
      const tick = new MessageChannel();
      tick.port1.onmessage = () => {
        const add = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Add to Cart',
        );
        if (add && !add.matches(':disabled') && Object.keys(add).some((k) => k.startsWith('__reactProps'))) {
          add.click();
          return;
        }
        tick.port2.postMessage(0);
      };
      tick.port2.postMessage(0);
    });
    for (let tap = 1; tap <= taps; tap++) {
      await page.goto(app.url(`/product/${one.id}`, shop));
      await page
        .getByText('Added to cart')
        .or(page.getByText('Please login to add items to cart'))
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname, `tap ${tap}`).toBe(`/product/${one.id}`);
      await page.getByRole('link', { name: `Cart, ${tap} ${tap === 1 ? 'item' : 'items'}` }).waitFor();
    }
    await page.context().close();
  });

  it("loads a page's code after its first screen's images, at once when the shopper acts, and after 3 s at most", async () => {
    const shop = app.demo.openShop;
    const [card] = await api<Card[]>(shop, '/api/store/stores/product?sort=relevance&limit=1&offset=0');
    if (!card) throw new Error('no product');
    const path = `/product/${card.id}`;
    const addToCart = (page: Page) => page.getByRole('button', { name: 'Add to Cart' });

    // As it comes: the code starts only once the product's image has loaded.
    let page = await app.newPage({ width: 360, height: 800 });
    const errors = watchErrors(page);
    await page.goto(app.url(path, shop));
    await expect.poll(() => addToCart(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    const order = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const image = entries.find((e) => img && e.name === img.currentSrc);
      const scripts = entries.filter((e) => /\/assets\/[^/]+\.js$/.test(e.name));
      return {
        imageLoaded: image?.responseEnd ?? null,
        firstScript: Math.min(...scripts.map((e) => e.startTime)),
      };
    });
    expect(order.imageLoaded).not.toBeNull();
    expect(order.firstScript).toBeGreaterThanOrEqual(order.imageLoaded ?? Number.POSITIVE_INFINITY);
    expect(errors).toEqual([]);
    await page.context().close();

    // With the images held back, the page waits for them; a key press loads the code at once, and the page works.
    const held: Route[] = [];
    const holdImages = async (p: Page) => {
      const scripts: string[] = [];
      p.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await p.route('**/*', (route) =>
        route.request().resourceType() === 'image' ? void held.push(route) : route.continue(),
      );
      return scripts;
    };
    page = await app.newPage({ width: 360, height: 800 });
    let scripts = await holdImages(page);
    await page.goto(app.url(path, shop), { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(1000);
    expect(scripts).toEqual([]);
    expect(await addToCart(page).isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => addToCart(page).isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    await page.context().close();

    // Held and untouched, the page loads its code after 3 s anyway.
    page = await app.newPage({ width: 360, height: 800 });
    scripts = await holdImages(page);
    await page.goto(app.url(path, shop), { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(1500);
    expect(scripts).toEqual([]);
    await expect.poll(() => addToCart(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
    for (const r of held) await r.abort().catch(() => {});
  });
  it("leaves TanStack Query's engine and the reviews' code until the shopper scrolls to them or acts", async () => {
    const shop = app.demo.openShop;
    const cards = await api<Card[]>(shop, '/api/store/stores/product?sort=relevance&limit=12&offset=0');
    let reviewed: Card | undefined;
    for (const c of cards) {
      const a = await api<{ total_reviews: number }>(
        shop,
        `/api/store/stores/product/${c.id}/product-reviews-analytic/`,
      );
      if (a.total_reviews > 0) {
        reviewed = c;
        break;
      }
    }
    if (!reviewed) throw new Error('expected a demo product with reviews');
    const page = await app.newPage({ width: 360, height: 800 });
    const errors = watchErrors(page);
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /\/assets\/[^/]+\.js$/.test(n)),
      );
    await page.goto(app.url(`/product/${reviewed.id}`, shop));
    await expect
      .poll(() => page.getByRole('button', { name: 'Add to Cart' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    // Hydrated, not scrolled, untouched: the first screen runs without either.
    await page.waitForTimeout(500);
    const first = await scripts();
    expect(first.filter((n) => /\/(engine|product-more)-/.test(n))).toEqual([]);
    await page.getByRole('heading', { name: 'Customer reviews' }).waitFor();

    // Scrolled towards them: the reviews' code, the engine and the reviews arrive, without a hydration error.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first().waitFor();
    const later = await scripts();
    expect(later.some((n) => /\/engine-/.test(n))).toBe(true);
    expect(later.some((n) => /\/product-more-/.test(n))).toBe(true);

    // On another page, the first touch loads the engine before anything needs it.
    await page.goto(app.url('/products', shop));
    await expect.poll(() => page.getByLabel('Sort by').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(300);
    expect((await scripts()).filter((n) => /\/engine-/.test(n))).toEqual([]);
    await page.getByLabel('Sort by').focus();
    await expect.poll(async () => (await scripts()).some((n) => /\/engine-/.test(n))).toBe(true);
    expect(errors.filter((e) => REACT_ERROR.test(e))).toEqual([]);
    await page.context().close();
  });

  it("shows the owner's new price on the shopper's next load of the product page (issue 37)", async () => {
    const shop = app.demo.openShop;
    const token = await vendorToken(app, shop);
    const admin = (method: string, path: string, body: object) =>
      fetch(app.url(path), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'store-origin': shop,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const categories = await (
      await fetch(app.url('/api/admin/category/'), {
        headers: { authorization: `Bearer ${token}`, 'store-origin': shop },
      })
    ).json();
    const form = {
      product_name: `Cached Copper Lota ${Date.now().toString(36)}`,
      sku: `lota-${Date.now().toString(36)}`,
      original_price: 300,
      product_price: 1234,
      unit: 'Piece',
      product_quantity: 30,
      low_stock_threshold: 5,
      shipping_charge: 40,
      category_id: categories.data[0].id,
    };
    const created = await admin('POST', '/api/admin/product/', form);
    expect(created.status).toBe(201);
    const id = (await created.json()).data.id as string;

    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-IN' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const price = () => page.locator('#root').textContent();
    await page.goto(app.url(`/product/${id}`, shop));
    await page.getByRole('heading', { level: 1, name: form.product_name }).waitFor();
    expect(await price()).toContain(rupees(1234));
    await page.reload();
    expect(await price()).toContain(rupees(1234));

    expect((await admin('PUT', `/api/admin/product/${id}/`, { ...form, product_price: 987 })).status).toBe(
      200,
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: form.product_name }).waitFor();
    expect(await price()).toContain(rupees(987));
    expect(await price()).not.toContain(rupees(1234));
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';

let app: AppHandle;
let shopUrl: (path: string) => string;

interface Card {
  id: string;
  product_name: string;
  images?: string[];
  total_reviews: number;
  category: { id: string; name: string } | null;
}

/** A public shop call, as the storefront makes it: the data and the X-Total-Count header. */
async function api<T>(path: string): Promise<{ data: T; total: number }> {
  const res = await fetch(app.url(path), { headers: { 'store-origin': app.demo.openShop } });
  expect(res.status).toBe(200);
  const body = await res.json();
  return { data: body.data as T, total: Number(res.headers.get('x-total-count')) };
}

/** One vowel in the middle of the longest word swapped for another: a typo the trigram search forgives. */
function misspell(name: string) {
  const word = [...name.split(/\s+/)].sort((a, b) => b.length - a.length)[0] ?? name;
  const mid = Math.floor(word.length / 2);
  let at = -1;
  for (let d = 0; d < word.length && at < 0; d++) {
    for (const i of [mid + d, mid - d])
      if (at < 0 && i > 0 && i < word.length - 1 && /[aeiou]/i.test(word[i] ?? '')) at = i;
  }
  if (at < 0) at = mid;
  const swapped = word[at]?.toLowerCase() === 'a' ? 'e' : 'a';
  return name.replace(word, word.slice(0, at) + swapped + word.slice(at + 1));
}

/** The names on the grid once it shows the current query's answer (not the previous page kept while loading). */
const cardNames = async (page: Page) => {
  await page.locator('section[aria-label="Products"] ul[aria-busy="false"]').waitFor();
  return page.locator('section[aria-label="Products"] article h2').allTextContents();
};
/** Each card's price as the shopper reads it: the first rupee amount of the line under the name. */
const cardPrices = (page: Page) =>
  page
    .locator('section[aria-label="Products"] article :is(h2, h3, h4) + p')
    .evaluateAll((els) =>
      els.map((e) =>
        Number(/₹\s*([\d,]+(?:\.\d+)?)/.exec(e.textContent ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN),
      ),
    );
const showing = (page: Page) => page.getByText(/^Showing \d+–\d+ of \d+ products$/);

/** Waits until the grid shows exactly these names (the server's answer for the same query). */
async function expectNames(page: Page, names: string[]) {
  await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(names);
}

beforeAll(async () => {
  app = await startApp();
  shopUrl = (path) => app.url(path, app.demo.openShop);
});

afterAll(async () => {
  await app?.close();
});

describe('All Products listing', () => {
  it('searches with a typo, filters by category and price, sorts, pages, and Back restores the state', async () => {
    const first = (await api<Card[]>('/api/store/stores/product?limit=1')).data[0];
    expect(first).toBeTruthy();
    const page = await app.newPage();
    await page.goto(shopUrl('/products'));
    await showing(page).waitFor();
    // Set once the server-rendered page has hydrated.
    await expect.poll(() => page.title()).toBe(`All Products | ${app.demo.openShopName}`);
    expect(await cardNames(page)).toHaveLength(12);

    // Search with a misspelt name still finds the product.
    const typo = misspell(first?.product_name ?? '');
    expect(typo).not.toBe(first?.product_name);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(typo);
    await page.keyboard.press('Enter');
    await expect.poll(() => cardNames(page)).toContain(first?.product_name);
    expect(new URL(page.url()).searchParams.get('q')).toBe(typo);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false);

    // Category: the grid is the server's list for that category.
    const categories = (
      await api<{ id: string; name: string }[]>('/api/store/stores/product/get-store-product-category/')
    ).data;
    let chosen: { id: string; name: string; total: number; names: string[] } | null = null;
    for (const c of categories) {
      const r = await api<Card[]>(`/api/store/stores/product?category=${c.id}&limit=12`);
      if (r.total > 0) {
        chosen = { ...c, total: r.total, names: r.data.map((p) => p.product_name) };
        break;
      }
    }
    expect(chosen).toBeTruthy();
    if (!chosen) return;
    // Router navigations run in a transition: the radio shows its new state a moment after the click.
    await page.getByRole('radio', { name: chosen.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(chosen.id);
    await expectNames(page, chosen.names);
    await page.getByText(`of ${chosen.total} products`).waitFor();
    await page.getByRole('radio', { name: 'All', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('category')).toBe(false);
    await expect.poll(() => page.getByRole('radio', { name: 'All', exact: true }).isChecked()).toBe(true);

    // Price range: every card's price is inside it, as the server answers.
    await page.getByLabel('Minimum price').fill('200');
    await page.getByLabel('Maximum price').fill('2000');
    await page.getByRole('button', { name: 'Apply price' }).click();
    const inRange = await api<Card[]>('/api/store/stores/product?min_price=200&max_price=2000&limit=12');
    await expectNames(
      page,
      inRange.data.map((p) => p.product_name),
    );
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(200);
      expect(price).toBeLessThanOrEqual(2000);
    }
    // A minimum above the maximum is refused next to the price fields.
    await page.getByLabel('Minimum price').fill('5000');
    await page.getByLabel('Maximum price').fill('100');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await page.locator('aside[aria-label="Filters"]').getByRole('alert').waitFor();
    await page.getByLabel('Minimum price').fill('0');
    await page.getByLabel('Maximum price').fill('10000');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Sort both ways.
    await page.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
    const asc = (await api<Card[]>('/api/store/stores/product?sort=price_asc&limit=12')).data;
    await expectNames(
      page,
      asc.map((p) => p.product_name),
    );
    const up = await cardPrices(page);
    expect(up).toHaveLength(asc.length);
    expect(up.every(Number.isFinite)).toBe(true);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await page.getByLabel('Sort by').selectOption({ label: 'Price high to low' });
    const desc = (await api<Card[]>('/api/store/stores/product?sort=price_desc&limit=12')).data;
    await expectNames(
      page,
      desc.map((p) => p.product_name),
    );
    const down = await cardPrices(page);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBeGreaterThan(up[0] ?? 0);

    // Page size and pages; Back walks the states back.
    const total = (await api<Card[]>('/api/store/stores/product?limit=1')).total;
    expect(total).toBeGreaterThan(12);
    await page.getByLabel('Per page').selectOption('24');
    await page.getByText(`Showing 1–${Math.min(24, total)} of ${total} products`).waitFor();
    await page.getByLabel('Per page').selectOption('12');
    await page.getByText(`Showing 1–12 of ${total} products`).waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText(`Showing 13–${Math.min(24, total)} of ${total} products`).waitFor();
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const page2 = await cardNames(page);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`Showing 1–12 of ${total} products`).waitFor();
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);

    await page.goBack();
    await page.getByText(`Showing 13–${Math.min(24, total)} of ${total} products`).waitFor();
    await expectNames(page, page2);
    await page.goBack();
    await page.getByText(`Showing 1–12 of ${total} products`).waitFor();
    await page.goBack();
    await page.getByText(`Showing 1–${Math.min(24, total)} of ${total} products`).waitFor();
    expect(await page.getByLabel('Per page').inputValue()).toBe('24');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_desc');
    await page.context().close();
  });

  it('says "No products found" and clears the filters', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(shopUrl('/products?q=zzqxjvkw'));
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await showing(page).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

interface Detail extends Card {
  images: string[];
  product_price: number;
  sub_category: { id: string; name: string } | null;
}

describe('product page', () => {
  it('shows breadcrumb, gallery, price, reviews 5 to 1 with the list, and similar products', async () => {
    const rated = (await api<Card[]>('/api/store/stores/product?sort=rating&limit=20')).data;
    let product: Detail | null = null;
    for (const c of rated) {
      const d = (await api<Detail>(`/api/store/stores/product/${c.id}`)).data;
      if (d.total_reviews > 0 && d.images.length > 1 && d.category) {
        product = d;
        break;
      }
    }
    expect(product).toBeTruthy();
    if (!product) return;
    const page = await app.newPage();
    await page.goto(shopUrl(`/product/${product.id}`));
    await page.getByRole('heading', { level: 1, name: product.product_name }).waitFor();
    await expect.poll(() => page.title()).toBe(`${product.product_name} | ${app.demo.openShopName}`);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    const catHref = await crumbs.getByRole('link', { name: product.category?.name }).getAttribute('href');
    expect(catHref).toBe(`/products?category=${product.category?.id}`);
    if (product.sub_category) await crumbs.getByText(product.sub_category.name).waitFor();

    const gallery = page.getByRole('region', { name: 'Product images' });
    const thumbs = gallery.getByRole('button', { name: /^Show image/ });
    expect(await thumbs.count()).toBe(Math.min(5, product.images.length));
    await thumbs.nth(1).click();
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await gallery.locator('img').first().getAttribute('src')).toBe(product.images[1]);
    await page.keyboard.press('ArrowLeft');
    expect(await gallery.locator('img').first().getAttribute('src')).toBe(product.images[0]);

    expect(await page.getByTestId('product-price').textContent()).toMatch(/₹\s?[\d,]+/);
    await page
      .getByText(/^(In Stock|Only \d+ left|Out of Stock)$/)
      .first()
      .waitFor();

    const rows = page.getByRole('list', { name: 'Rating breakdown' }).getByRole('listitem');
    await rows.first().waitFor();
    const labels = (await rows.allTextContents()).map((t) => t.match(/^(\d) star/)?.[1]);
    expect(labels).toEqual(['5', '4', '3', '2', '1']);
    const reviews = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
    await reviews.first().waitFor();
    expect(await reviews.count()).toBe(Math.min(10, product.total_reviews));

    const similar = page.getByRole('region', { name: 'Similar products' });
    await similar.locator('article').first().waitFor();
    expect(await similar.getByRole('link', { name: product.product_name }).count()).toBe(0);
    await page.context().close();
  });

  it('sends a signed-out shopper to the customer login and back to the product', async () => {
    const list = (await api<Detail[]>('/api/store/stores/product?limit=20')).data;
    const inStock = list.find((p) => (p as unknown as { product_quantity: number }).product_quantity > 0);
    expect(inStock).toBeTruthy();
    const page = await app.newPage({ width: 360 });
    await page.goto(shopUrl(`/product/${inStock?.id}`));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Please login to add items to cart').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const q = new URL(page.url()).searchParams;
    expect(q.get('userType')).toBe('customer');
    expect(q.get('redirect')).toBe(`/product/${inStock?.id}`);
    await page.context().close();
  });

  it('says "Product not found" for an id the shop does not sell, and for a mistyped address', async () => {
    const page = await app.newPage();
    await page.goto(shopUrl('/product/not-a-product'));
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await page.goto(shopUrl('/product/00000000-0000-0000-0000-000000000000'));
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await page.getByRole('link', { name: 'View all products' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
    await page.context().close();
  });
});

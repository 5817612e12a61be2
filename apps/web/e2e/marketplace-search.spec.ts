import type { MarketplaceProductData } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { newShopper, noSidewaysScroll, signUpCustomer } from './journeys.ts';

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** The Jaipur demo shop sells block-printed kurtas (packages/db/src/seed/demo-fashion.ts). */
const SHOP = 'jaipur-block-prints';
const CITY = 'Jaipur';

const results = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const shownNames = (page: Page) => results(page).getByRole('heading', { level: 3 }).allTextContents();

async function search(query: Record<string, string>): Promise<MarketplaceProductData> {
  const res = await fetch(
    app.url(`/api/store/get-store/products/?${new URLSearchParams({ limit: '12', ...query })}`),
  );
  return (await res.json()).data;
}

describe('marketplace product search', () => {
  it('finds a kurta from the landing page despite a typo, filters by city and buys it on its shop', async () => {
    const page = await app.newPage();
    // A customer of the Jaipur shop (accounts belong to a shop), signed in on the shop's own address.
    await signUpCustomer(app, page, newShopper('Meera Joshi', 'meera', 'Kurta-lover-2026'), SHOP);

    await page.goto(app.url('/'));
    await page.getByRole('heading', { name: 'Find a product in every shop' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search products in every shop' }).fill('kurtha');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'kurtha');
    await page.getByRole('heading', { level: 1, name: 'Results for “kurtha”' }).waitFor();
    const all = await search({ search: 'kurtha' });
    expect(all.count).toBeGreaterThan(1);
    await expect.poll(() => shownNames(page)).toEqual(all.results.map((p) => p.product_name));
    // The count covers the page (exact on the last one) and says when more follow.
    await page
      .getByTestId('product-count')
      .getByText(`of ${all.count_capped ? 'more than ' : ''}${all.count} products`)
      .waitFor();

    // Only the Jaipur shops' kurtas.
    await page.getByLabel('City').selectOption(CITY);
    await page.waitForURL((u) => u.searchParams.get('city') === CITY);
    const jaipur = await search({ search: 'kurtha', city: CITY });
    expect(jaipur.results.length).toBeGreaterThan(0);
    expect(jaipur.results.every((p) => p.store.city === CITY)).toBe(true);
    await expect.poll(() => shownNames(page)).toEqual(jaipur.results.map((p) => p.product_name));
    // Sorted by price, lowest first: the first card is the cheapest kurta there.
    await page.getByLabel('Sort by').selectOption('price_asc');
    const cheapest = (await search({ search: 'kurtha', city: CITY, sort: 'price_asc' })).results;
    await expect.poll(() => shownNames(page)).toEqual(cheapest.map((p) => p.product_name));
    const pick = cheapest.find((p) => p.in_stock && p.store.slug === SHOP);
    if (!pick) throw new Error('no kurta in stock at the Jaipur shop');
    const card = results(page).filter({ hasText: pick.product_name });
    await card.getByText(pick.store.store_name).waitFor();
    await card.getByText('In stock').waitFor();

    // The result opens on the shop's own address, where it goes into the cart.
    await card.getByRole('link').click();
    await page.waitForURL((u) => u.hostname === `${SHOP}.localhost` && u.pathname === `/product/${pick.id}`);
    await page.getByRole('heading', { level: 1, name: pick.product_name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to cart').waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.context().close();
  });

  it('works on a 360 px phone: cards fit, filters in the URL, and an empty search suggests shops', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await page.goto(app.url('/shops'));
    await page.getByRole('searchbox', { name: 'Search products in every shop' }).fill('darjeeling tea');
    await page.getByRole('searchbox', { name: 'Search products in every shop' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/search');
    const tea = await search({ search: 'darjeeling tea' });
    expect(tea.count).toBeGreaterThan(0);
    await expect.poll(() => shownNames(page)).toEqual(tea.results.map((p) => p.product_name));
    // The box follows the address (the filters live in the URL): it reads checked once the address says so.
    await page.getByLabel('In stock only').click();
    await page.waitForURL((u) => u.searchParams.get('stock') === '1');
    await expect.poll(() => page.getByLabel('In stock only').isChecked()).toBe(true);
    await page.getByLabel('Lowest price').fill('100');
    await page.getByLabel('Highest price').fill('600');
    await page.getByRole('button', { name: 'Apply' }).click();
    const band = await search({
      search: 'darjeeling tea',
      in_stock: 'true',
      min_price: '100',
      max_price: '600',
    });
    await expect.poll(() => shownNames(page)).toEqual(band.results.map((p) => p.product_name));
    await noSidewaysScroll(page);

    const box = page.getByRole('searchbox', { name: 'Search products in every shop' });
    await box.fill('zzqq no such thing');
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('heading', { name: 'Shops you might like' }).waitFor();
    expect(await page.getByRole('list', { name: 'Shops' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await noSidewaysScroll(page);
    await page.context().close();
  });

  it('pages by 12, 24 or 48 like a shop listing, the choice kept in the address', async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    await page.goto(app.url('/search?category=Fashion'));
    const all = await search({ category: 'Fashion', limit: '48' });
    expect(all.results.length).toBeGreaterThan(12);
    const shown = all.results.length;
    // The count covers the page and says that more follow; Next goes on to them.
    await page.getByTestId('product-count').getByText('Showing 1–12 of more than 12 products').waitFor();
    expect(await results(page).count()).toBe(12);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const second = await search({ category: 'Fashion', offset: '12' });
    await expect.poll(() => shownNames(page)).toEqual(second.results.map((p) => p.product_name));
    await page
      .getByTestId('product-count')
      .getByText(
        `Showing 13–${12 + second.results.length} of ${second.count_capped ? 'more than ' : ''}${second.count} products`,
      )
      .waitFor();
    await page.getByLabel('Per page').selectOption('24');
    await page.waitForURL((u) => u.searchParams.get('size') === '24' && !u.searchParams.has('page'));
    await expect.poll(() => results(page).count()).toBe(Math.min(24, shown));
    await page.reload();
    expect(await page.getByLabel('Per page').inputValue()).toBe('24');
    await page.context().close();
  });
});

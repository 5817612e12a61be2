import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { newShopper, signUpCustomer } from './journeys.ts';

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

type Card = { id: string; product_name: string; total_reviews: number };
const shopApi = async <T>(path: string): Promise<T> => {
  const res = await fetch(app.url(path), { headers: { 'store-origin': app.demo.openShop } });
  return (await res.json()).data as T;
};

/** The texts of the visible elements named exactly `name` (buttons or links). */
const visibleNamed = (page: Page, name: string) =>
  page
    .locator('a:visible, button:visible')
    .filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
    .count();

describe('the shopper pages say things the way a person would (issue 42)', () => {
  it('counts one review and one product in the singular', async () => {
    const products = await shopApi<Card[]>('/api/store/stores/product?limit=48');
    let withOne: { id: string; star: string } | null = null;
    for (const p of products.filter((c) => c.total_reviews > 0)) {
      const a = await shopApi<{ counts: Record<string, number> }>(
        `/api/store/stores/product/${p.id}/product-reviews-analytic/`,
      );
      const star = Object.entries(a.counts).find(([, n]) => n === 1)?.[0];
      if (star) {
        withOne = { id: p.id, star };
        break;
      }
    }
    if (!withOne) throw new Error('a demo product has exactly one review of some star');
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url(`/product/${withOne.id}`, app.demo.openShop));
    const breakdown = page.getByRole('list', { name: 'Rating breakdown' });
    // The reviews load as the shopper scrolls near them.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 1500);
        return breakdown.count();
      })
      .toBe(1);
    const text = await breakdown.textContent();
    expect(text).not.toContain('(1 reviews)');
    expect(text).toContain('(1 review)');

    const only = products[0]?.product_name ?? '';
    await page.goto(app.url(`/products?q=${encodeURIComponent(only)}`, app.demo.openShop));
    const showing = page.getByText(/^Showing .* of \d+ products?$/);
    await showing.waitFor();
    const shown = await showing.textContent();
    await page.screenshot({ path: '/tmp/h42/one-product-360.png' });
    if (shown?.endsWith(' of 1 product') || shown?.endsWith(' of 1 products'))
      expect(shown).toBe('Showing 1 of 1 product');
    else throw new Error(`"${only}" should find one product: ${shown}`);
    await page.context().close();
  });

  it('shows Login once with the phone menu open, on a shop and on the main site (360 px)', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/', app.demo.openShop));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Shop menu' }).waitFor();
    expect(await visibleNamed(page, 'Login')).toBe(1);
    await page.screenshot({ path: '/tmp/h42/shop-menu-360.png' });

    await page.goto(app.url('/'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').waitFor();
    expect(await visibleNamed(page, 'Login')).toBe(1);
    await page.screenshot({ path: '/tmp/h42/site-menu-360.png' });
    // On a wide screen the header's own Login button shows, once.
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect.poll(() => visibleNamed(page, 'Login')).toBe(1);
    await page.screenshot({ path: '/tmp/h42/site-header-1366.png' });
    await page.context().close();
  });

  it('shows every tab of Your Orders whole at 360 px', async () => {
    const page = await app.newPage({ width: 360 });
    await signUpCustomer(app, page, newShopper('Tara Das', 'order-tabs'));
    await page.goto(app.url('/orders', app.demo.openShop));
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(5);
    for (const box of await tabs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    await page.screenshot({ path: '/tmp/h42/orders-tabs-360.png' });
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.screenshot({ path: '/tmp/h42/orders-tabs-1366.png' });
    await page.context().close();
  });
});

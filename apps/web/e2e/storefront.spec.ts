import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';

let app: AppHandle;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

/** The home sections in page order, named by their id or heading id (banner is labelled "Welcome"). */
const sectionOrder = (page: Awaited<ReturnType<AppHandle['newPage']>>) =>
  page
    .locator('main section')
    .evaluateAll((els) =>
      els.map((e) => e.id || e.getAttribute('aria-labelledby') || e.getAttribute('aria-label')),
    );

describe('customer storefront', () => {
  it('shows the shop home on its own host: banner, featured, deals in order, with a ticking countdown', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/', app.demo.openShop));
    await page.getByRole('region', { name: 'Welcome' }).waitFor();
    // Set once the server-rendered page has hydrated.
    await expect.poll(() => page.title()).toBe(app.demo.openShopName);

    const order = await sectionOrder(page);
    const banner = order.indexOf('Welcome');
    const featured = order.indexOf('featured-heading');
    const deals = order.indexOf('deals');
    expect(banner).toBe(0);
    expect(featured).toBeGreaterThan(banner);
    expect(deals).toBeGreaterThan(featured);

    const timer = page.locator('#deals').getByRole('timer');
    await timer.waitFor();
    const before = await timer.textContent();
    await page.waitForTimeout(1500);
    const after = await timer.textContent();
    expect(before).toMatch(/\d{2}/);
    expect(after).not.toBe(before);
    // With a deal running, the header's Deals link leads to it.
    const dealsLink = page
      .getByRole('navigation', { name: 'Shop' })
      .getByRole('link', { name: 'Deals', exact: true });
    expect(new URL((await dealsLink.getAttribute('href')) ?? '', page.url()).hash).toBe('#deals');

    // Customers sign in on the shop's own host: their account and session belong to this shop.
    const login = await page.getByRole('link', { name: 'Login' }).getAttribute('href');
    const target = new URL(login ?? '', page.url());
    expect(target.origin).toBe(app.url('/', app.demo.openShop).slice(0, -1));
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('userType')).toBe('customer');

    await page.context().close();
  });

  it('shows the same shop under /store/{slug} on the main domain', async () => {
    const page = await app.newPage();
    await page.goto(app.url(`/store/${app.demo.openShop}`));
    await page.getByRole('banner').getByRole('link', { name: app.demo.openShopName }).waitFor();
    const products = await page
      .getByRole('banner')
      .getByRole('link', { name: 'All Products' })
      .first()
      .getAttribute('href');
    expect(products).toBe(`/store/${app.demo.openShop}/products`);
    await page.context().close();
  });

  it('shows rupee prices on product cards, and the page fits a 360 px phone', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/', app.demo.openShop));
    const card = page.locator('section[aria-labelledby="featured-heading"] article').first();
    await card.waitFor();
    expect(await card.textContent()).toMatch(/₹\s?[\d,]+/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('says "Shop Not Found" for a subdomain that names no shop', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/', 'no-such-shop-here'));
    await page.getByRole('heading', { name: 'Shop Not Found' }).waitFor();
    const explore = page.getByRole('link', { name: 'Explore shops' });
    expect(await explore.getAttribute('href')).toBe(`http://localhost:${app.port}/`);
    await page.context().close();
  });

  it('shows "Shop in Draft" with the real name of a shop that is not published', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/', app.demo.draftShop));
    await page.getByRole('heading', { name: 'Shop in Draft' }).waitFor();
    expect(app.demo.draftShopName).toBeTruthy();
    await page.getByText(app.demo.draftShopName, { exact: true }).waitFor();
    await page.context().close();
  });

  it('answers an unknown shop page with "Page not found" and a way back', async () => {
    const page = await app.newPage();
    await page.goto(app.url(`/store/${app.demo.openShop}/no-such-page`));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.locator('main section').first().waitFor();
    await page.context().close();
  });
});

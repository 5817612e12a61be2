import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signUpCustomer } from './journeys.ts';

/** Issue 17: what a new vendor and a new shopper trip over. */
let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const run = Date.now().toString(36);

/** Signs the draft demo shop's owner in on its own host, stored as the app stores a sign-in. */
async function ownerOnDraftShop(page: Page) {
  const res = await fetch(app.url('/api/admin/admin-login/'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `owner@${app.demo.draftShop}.demo.haat.in`,
      password: 'haat-demo-2026',
      role_name: 'VENDOR',
      remember: true,
    }),
  });
  expect(res.status).toBe(200);
  const s = (await res.json()).data;
  await page.goto(app.url('/robots.txt', app.demo.draftShop));
  await page.evaluate((s) => {
    localStorage.setItem(
      'token',
      JSON.stringify({
        accessToken: s.access_token,
        refreshToken: s.refresh_token,
        expiresAt: Date.now() + s.expires_in * 1000,
        role_type: s.role_type,
        firstName: s.first_name,
        lastName: s.last_name,
        userId: s.id,
        email: s.email,
        storeId: null,
        storeSlug: null,
        stores: s.stores,
        remember: true,
      }),
    );
  }, s);
}

type Box = { x: number; y: number; width: number; height: number };

describe('vendors', () => {
  it('a vendor with a shop lands on My shops on the main site, with the back office a click away (#1)', async () => {
    for (const width of [360, 1366]) {
      const page = await app.newPage({ width, height: 800 });
      await page.goto(app.url('/login?userType=vendor'));
      await page.getByLabel('Email').fill(`owner@${app.demo.draftShop}.demo.haat.in`);
      await page.getByLabel('Password', { exact: true }).fill('haat-demo-2026');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/my-shops');
      await page.getByRole('heading', { level: 1, name: 'My shops' }).waitFor();
      const card = page.getByRole('article', { name: app.demo.draftShopName });
      await card.getByText('Draft', { exact: true }).waitFor();
      // Its address as shoppers will type it: the Professional plan's subdomain (issue 42, #12), not /store/slug.
      await card.getByText(new URL(app.url('/', app.demo.draftShop)).host, { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: 'Continue setup' }).getAttribute('href')).toMatch(
        /^\/shopregistration\?store=/,
      );
      expect(await card.getByRole('link', { name: 'Open back office' }).getAttribute('href')).toBe(
        app.url('/dashboard', 'admin'),
      );
      expect(await card.getByRole('link', { name: 'Preview shop' }).getAttribute('href')).toBe(
        app.url(`/store/${app.demo.draftShop}`),
      );
      await page.getByRole('link', { name: 'Register another shop' }).waitFor();
      // One main landmark (the layout's), so "skip to content" and screen readers find one page body.
      expect(await page.getByRole('main').count()).toBe(1);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/i17-my-shops-${width}.png`, fullPage: true });
      if (width === 1366) {
        // The user menu has the same ways in.
        await page.getByRole('button', { name: /^Account menu for / }).click();
        await page.getByRole('link', { name: 'My shops', exact: true }).waitFor();
        await expect.poll(() => page.getByRole('link', { name: 'Open back office' }).count()).toBe(2);
        // A back-office address on the main domain opens it on the admin host.
        await page.goto(app.url('/dashboard'));
        await page.waitForURL((u) => u.hostname === 'admin.localhost' && u.pathname.startsWith('/'));
      }
      await page.context().close();
    }
  });

  it('the admin sign-in page promises only what the back office has (#7)', async () => {
    const page = await app.newPage({ width: 1366 });
    await page.goto(app.url('/', 'admin'));
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    const text = await page.locator('body').innerText();
    // Point of sale and the audit trail are not built yet; staff accounts do not exist.
    expect(text).not.toMatch(/point of sale|audit trail|staff/i);
    await page.getByText('Your dashboard, inventory, orders, transactions and shop settings').waitFor();
    await page.screenshot({ path: '/tmp/i17-admin-login-1366.png' });
    await page.context().close();
  });

  it("the owner's draft bar is one compact line at 360 px and says what it is on a desktop (#4)", async () => {
    for (const width of [360, 1366]) {
      const page = await app.newPage({ width, height: 740 });
      await ownerOnDraftShop(page);
      await page.goto(app.url('/', app.demo.draftShop));
      const bar = page.getByRole('region', { name: 'Shop owner' });
      await bar.waitFor();
      const box = await bar.boundingBox();
      expect(box?.height ?? 999).toBeLessThanOrEqual(width === 360 ? 60 : 72);
      await bar.getByRole('link', { name: 'Edit design' }).waitFor();
      await bar.getByRole('button', { name: 'Publish' }).waitFor();
      await bar.getByText(width === 360 ? 'Draft: only you see it' : /This shop is in draft/).waitFor();
      // The status line is one line.
      const line = bar.locator('p');
      const lineBox = await line.boundingBox();
      expect(lineBox?.height ?? 99).toBeLessThanOrEqual(24);
      // …and is not cut short.
      expect(await line.locator('span.truncate').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(
        true,
      );
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/i17-owner-bar-${width}.png` });
      await page.context().close();
    }
  });
});

describe('shoppers', () => {
  it('"Login as Customer" on the main site signs in to the shopper\'s Haat account there (#10, decision 0036)', async () => {
    for (const width of [360, 1366]) {
      const page = await app.newPage({ width, height: 800 });
      await page.goto(app.url('/login'));
      await page.getByText('Login as Customer', { exact: true }).click();
      await page.getByRole('button', { name: 'Continue to Login' }).click();
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('userType') === 'customer');
      await page.getByText('Login to your Haat account: one for every shop on Haat.').waitFor();
      await page.getByRole('tab', { name: 'Sign Up' }).waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/i17-customer-login-${width}.png` });
      await page.context().close();
    }
  });

  it('a minimum price above the maximum is said in place, with no request and no toast (#11)', async () => {
    const page = await app.newPage({ width: 1366 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/store/stores/product?')) asked.push(r.url());
    });
    await page.goto(app.url('/products', app.demo.openShop));
    await page.getByText(/Showing 1–/).waitFor();
    const before = asked.length;
    const filters = page.locator('aside[aria-label="Filters"]');
    await filters.getByLabel('Minimum price').fill('5000');
    await filters.getByLabel('Maximum price').fill('100');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await filters.getByRole('alert').getByText('The lowest price must not be above the highest').waitFor();
    await page.waitForTimeout(500);
    expect(asked.length).toBe(before);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    // The products shown stay shown.
    expect(
      await page.getByRole('region', { name: 'Products' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);

    // The same range typed into the address: the message, no request, no toast.
    asked.length = 0;
    await page.goto(app.url('/products?min=5000&max=100', app.demo.openShop));
    await filters.getByRole('alert').getByText('The lowest price must not be above the highest').waitFor();
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.context().close();
  });

  it('a sign-in without Remember me holds in a new tab and ends when the browser closes; toasts stay below the opaque header (#13, #15)', async () => {
    const page = await app.newPage({ width: 360, height: 740 });
    const who = { first: 'Meera', last: 'Iyer', email: `tabs-${run}@example.com`, password: 'shopper123' };
    await signUpCustomer(app, page, who);
    const menu = `Account menu for ${who.first} ${who.last}`;
    await page.getByRole('button', { name: menu }).waitFor();

    // A product opened in a new tab of the same browser: still signed in.
    const cards = await (
      await fetch(app.url('/api/store/stores/product?limit=20'), {
        headers: { 'store-origin': app.demo.openShop },
      })
    ).json();
    const product = cards.data.find((c: { stock_status: string }) => c.stock_status === 'IN_STOCK');
    const tab = await page.context().newPage();
    await tab.goto(app.url(`/product/${product.id}`, app.demo.openShop));
    await tab.getByRole('button', { name: menu }).waitFor();
    expect(await tab.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);

    // The header is opaque when the page is scrolled under it.
    await tab.mouse.wheel(0, 600);
    const header = tab.locator('header').first();
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');

    // A toast on a phone covers neither the cart badge nor the page's heading (issue 42, item 6), and a second
    // toast is listed beside the first, not a card peeking out under it.
    await tab.evaluate(() => window.scrollTo(0, 0));
    const add = tab.getByRole('button', { name: /Add to cart/i }).first();
    await add.click();
    const toasts = tab.locator('[data-sonner-toast]');
    await toasts.first().waitFor();
    const cart = await tab.getByRole('link', { name: /^Cart, / }).boundingBox();
    const heading = await tab.getByRole('heading', { level: 1 }).first().boundingBox();
    const overlaps = (a: Box | null, b: Box | null) =>
      !!a &&
      !!b &&
      a.x < b.x + b.width &&
      b.x < a.x + a.width &&
      a.y < b.y + b.height &&
      b.y < a.y + a.height;
    await expect
      .poll(
        async () => {
          const box = await toasts.first().boundingBox();
          return !!box && !overlaps(box, cart) && !overlaps(box, heading);
        },
        { timeout: 3_000 },
      )
      .toBe(true);
    await add.click();
    await expect.poll(() => toasts.count(), { timeout: 3_000 }).toBe(2);
    await expect
      .poll(async () => overlaps(await toasts.nth(0).boundingBox(), await toasts.nth(1).boundingBox()), {
        timeout: 3_000,
      })
      .toBe(false);
    await tab.screenshot({ path: '/tmp/i17-toast-360.png' });

    // The browser closes: its session cookies go, localStorage stays. The next start is signed out.
    await page.context().clearCookies();
    const later = await page.context().newPage();
    await later.goto(app.url('/', app.demo.openShop));
    await later.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await later.getByRole('button', { name: menu }).count()).toBe(0);
    await page.context().close();
  });
});

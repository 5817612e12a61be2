import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * Every kind of page a shopper, a vendor or a visitor of the platform sees, checked by axe-core's WCAG 2.2 AA rules
 * at a phone's and a laptop's width (issue 42, item 23): contrast, names of controls, landmarks, headings.
 */

let app: AppHandle;
let productPath = '';
beforeAll(async () => {
  app = await startApp();
  const res = await fetch(app.url('/api/store/stores/product?sort=relevance&limit=1&offset=0'), {
    headers: { 'store-origin': app.demo.openShop },
  });
  const first = ((await res.json()).data as { id: string }[])[0];
  productPath = first ? `/product/${first.id}` : '/products';
});
afterAll(async () => {
  await app?.close();
});

const WIDTHS = [360, 1366] as const;

async function check(
  page: Page,
  path: string,
  host: string | undefined,
  ready: (p: Page) => Promise<unknown>,
) {
  await page.goto(app.url(path, host));
  await ready(page);
  await expectAccessible(page, `${host ?? 'platform'}${path} at ${page.viewportSize()?.width} px`);
}

const heading = (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor();

describe.each(WIDTHS)('accessibility at %i px', (width) => {
  it('the platform: landing, shops, pricing, about, login', async () => {
    const page = await app.newPage({ width, height: 800 });
    await check(page, '/', undefined, (p) =>
      p.getByRole('list', { name: 'Shops' }).getByRole('listitem').first().waitFor(),
    );
    await check(page, '/shops', undefined, heading);
    await check(page, '/pricing', undefined, heading);
    await check(page, '/about', undefined, heading);
    await check(page, '/login', undefined, (p) => p.getByRole('button').first().waitFor());
    await page.context().close();
  });

  it('a shop: home, listing, product page, cart, login', async () => {
    const page = await app.newPage({ width, height: 800 });
    const shop = app.demo.openShop;
    await check(page, '/', shop, heading);
    await check(page, '/products', shop, heading);
    await check(page, productPath, shop, heading);
    await check(page, '/cart', shop, heading);
    await check(page, '/login?userType=customer', shop, (p) =>
      p.getByRole('tab', { name: 'Sign Up' }).waitFor(),
    );
    await noSidewaysScroll(page);
    await page.context().close();
  });

  it('the back office: dashboard, inventory, transactions, orders, point of sale, audit, settings', async () => {
    const page = await app.newPage({ width, height: 800 });
    await signInVendor(app, page, app.demo.openShop);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, `dashboard at ${width} px`);
    for (const path of [
      '/inventory/',
      '/transaction/',
      '/admin-orders/',
      '/checkout/',
      '/audit-trail',
      '/settings/',
    ]) {
      // The page's data in place (tables, tiles), not only its heading.
      await check(page, path, 'admin', (p) => heading(p).then(() => p.waitForLoadState('networkidle')));
    }
    await page.context().close();
  });
});

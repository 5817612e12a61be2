import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  addToCartAs,
  appForFile,
  type ListedProduct,
  newShopper,
  signUpCustomer,
} from './journeys.ts';

const app = await appForFile();

const customer = newShopper('Meera Iyer', 'cart');

const token = accessTokenOf;

const summaryValue = async (page: Page, label: string) =>
  (
    await page
      .getByTestId('order-summary')
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .last()
      .locator('dd')
      .textContent()
  )?.trim();

describe('cart (customer, server cart)', () => {
  it('lists lines, changes quantity and selection, applies coupons, removes a line and keeps it on reload', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await signUpCustomer(app, page, customer);
    const bearer = await token(page);
    expect(bearer).toBeTruthy();

    // Two in-stock products of the shop, added through the API (the product page button comes later).
    const listRes = await fetch(app.url('/api/store/stores/product?limit=48'), {
      headers: { 'store-origin': app.demo.openShop },
    });
    const products = ((await listRes.json()).data as ListedProduct[])
      .filter((p) => !p.has_variants && p.stock_status !== 'out_of_stock' && p.product_quantity >= 5)
      .slice(0, 2);
    expect(products).toHaveLength(2);
    const [first, second] = products as [ListedProduct, ListedProduct];
    for (const p of products) await addToCartAs(app, bearer ?? '', app.demo.openShop, p.id, 1);

    await page.goto(app.url('/cart', app.demo.openShop));
    await page.getByRole('link', { name: first.product_name }).waitFor();
    await page.getByRole('link', { name: second.product_name }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    expect(
      await page.getByRole('button', { name: `Decrease quantity of ${first.product_name}` }).isDisabled(),
    ).toBe(true);
    // Header badge: two items.
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    // + raises the quantity and the total.
    const totalBefore = await summaryValue(page, 'Total');
    await page.getByRole('button', { name: `Increase quantity of ${first.product_name}` }).click();
    await page
      .getByRole('status', { name: `Quantity of ${first.product_name}` })
      .filter({ hasText: '2' })
      .waitFor();
    await page.waitForFunction((before) => {
      const dl = document.querySelector('[data-testid="order-summary"]');
      return !!dl && !dl.textContent?.includes(`Total${before}`);
    }, totalBefore);
    expect(await summaryValue(page, 'Total')).not.toBe(totalBefore);
    await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();

    // Deselecting a line lowers the subtotal; selecting it again brings it back.
    const subtotalAll = await summaryValue(page, 'Subtotal');
    await page.getByRole('checkbox', { name: `Select ${second.product_name}` }).uncheck();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="order-summary"]')?.textContent?.startsWith('Items2'),
    );
    expect(await summaryValue(page, 'Subtotal')).not.toBe(subtotalAll);
    await page.getByRole('checkbox', { name: `Select ${second.product_name}` }).check();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="order-summary"]')?.textContent?.startsWith('Items3'),
    );
    expect(await summaryValue(page, 'Subtotal')).toBe(subtotalAll);

    // Coupons: Apply waits for a code; the expired one is refused inline; WELCOME10 adds the discount line.
    const apply = page.getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    await page.getByLabel('Coupon code').fill('MONSOON20');
    await apply.click();
    await page.getByRole('alert').filter({ hasText: 'This coupon has expired' }).waitFor();
    // Make sure the order reaches WELCOME10's ₹499 minimum.
    const subtotal = Number(subtotalAll?.replace(/[^\d]/g, ''));
    if (subtotal < 499) {
      await fetch(app.url('/api/store/store-user/store-cart/'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'store-origin': app.demo.openShop,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ product_id: second.id, quantity: 2, is_selected: true }),
      });
      await page.reload();
    }
    await page.getByLabel('Coupon code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('coupon-chip').filter({ hasText: 'WELCOME10 applied' }).waitFor();
    await page.getByText('Coupon discount').waitFor();

    // Remove a line.
    await page.getByRole('button', { name: `Remove ${second.product_name}` }).click();
    await page.getByRole('link', { name: second.product_name }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-line').count()).toBe(1);

    // Reload: the cart is as left, and the header badge counts it.
    await page.reload();
    await page.getByRole('link', { name: first.product_name }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await page
      .getByRole('status', { name: `Quantity of ${first.product_name}` })
      .filter({ hasText: '2' })
      .waitFor();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.getByTestId('coupon-chip').waitFor();

    await page.screenshot({ path: '/tmp/cart-1366.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: '/tmp/cart-360.png', fullPage: true });
    // Nothing scrolls sideways on a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Removing the last line shows the empty state.
    await page.getByRole('button', { name: `Remove ${first.product_name}` }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

    // From a product page: choose 2 and Add to Cart; the badge and the cart follow.
    await page.goto(app.url(`/product/${second.id}`, app.demo.openShop));
    await page.getByRole('heading', { level: 1, name: second.product_name }).waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to cart').waitFor();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.goto(app.url('/cart', app.demo.openShop));
    await page.getByRole('link', { name: second.product_name }).waitFor();
    await page
      .getByRole('status', { name: `Quantity of ${second.product_name}` })
      .filter({ hasText: '2' })
      .waitFor();
    await page.context().close();
  });
});

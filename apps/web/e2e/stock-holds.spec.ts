import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import {
  addAddressAtCheckout,
  addToCart,
  noSidewaysScroll,
  signUpCustomer,
  vendorToken,
} from './journeys.ts';

/*
 * Stock held during checkout (issue 40, decision 0030), at 1366 and 360 px: two shoppers (two browser contexts) race
 * for the last unit. Both put it in their carts; the first opens checkout and sees the hold's countdown; the second
 * finds it held by another shopper, on the product page and at checkout; the first places the order, and the
 * product is then out of stock for the second.
 */

let app: AppHandle;
let token: string;
beforeAll(async () => {
  app = await startApp();
  token = await vendorToken(app, app.demo.openShop);
});
afterAll(async () => {
  await app?.close();
});

async function lastUnitProduct(tag: string) {
  const headers = { authorization: `Bearer ${token}`, 'store-origin': app.demo.openShop };
  const [category] = (await (await fetch(app.url('/api/admin/category/'), { headers })).json()).data;
  const stamp = Date.now().toString(36).toUpperCase();
  const res = await fetch(app.url('/api/admin/product/'), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      product_name: `Last Lantern ${tag} ${stamp.slice(-5)}`,
      sku: `E2E-HOLD-${tag}-${stamp}`,
      original_price: 300,
      product_price: 599,
      unit: 'Piece',
      product_quantity: 1,
      shipping_charge: 0,
      tax_percentage: 12,
      category_id: category.id,
    }),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return { id: json.data.id as string, name: json.data.product_name as string };
}

const shopper = (tag: string, who: string) => ({
  first: who,
  last: 'Shopper',
  email: `hold-${who.toLowerCase()}-${tag}-${Date.now().toString(36)}@example.com`,
  password: 'shopper123',
});

async function journey(width: number, height: number, tag: string) {
  const shop = app.demo.openShop;
  const p = await lastUnitProduct(tag);
  const first: Page = await app.newPage({ width, height });
  const second: Page = await app.newPage({ width, height });
  await signUpCustomer(app, first, shopper(tag, 'Meera'));
  await signUpCustomer(app, second, shopper(tag, 'Arjun'));

  // Both see the last unit and put it in their carts.
  for (const page of [first, second]) {
    await page.goto(app.url(`/product/${p.id}`, shop));
    await page.getByText('Only 1 left').first().waitFor();
    await addToCart(app, page, shop, p.id, 1);
  }

  // The first opens checkout: the unit is held, and the countdown runs from 10 minutes.
  await first.goto(app.url('/checkout', shop));
  const timer = first.getByRole('timer');
  await timer.waitFor();
  await first.getByText('Your items are held for you for').first().waitFor();
  expect(await timer.innerText()).toMatch(/^(10:00|9:[0-5]\d)$/);
  await addAddressAtCheckout(first, {
    name: 'Meera Shopper',
    street: '4 Lake Road',
    city: 'Kolkata',
    state: 'West Bengal',
    pin: '700029',
  });
  await noSidewaysScroll(first);
  await first.screenshot({ path: `/tmp/stock-holds-countdown-${tag}.png`, fullPage: true });

  // The second finds it held by another shopper: on the product page, and at checkout.
  await second.goto(app.url(`/product/${p.id}`, shop));
  await second.getByText('Held by another shopper at checkout. Try again in a few minutes').first().waitFor();
  expect(await second.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
  await noSidewaysScroll(second);
  await second.screenshot({ path: `/tmp/stock-holds-held-${tag}.png`, fullPage: true });
  await second.goto(app.url('/checkout', shop));
  await second
    .getByRole('alert')
    .filter({ hasText: `${p.name} is held by another shopper at checkout. Try again in a few minutes` })
    .waitFor();
  expect(await second.getByRole('timer').count()).toBe(0);
  await noSidewaysScroll(second);
  await second.screenshot({ path: `/tmp/stock-holds-checkout-held-${tag}.png`, fullPage: true });

  // The first places the order; the unit is sold, and the second now sees it out of stock.
  await first.getByRole('button', { name: 'Place Order' }).click();
  await first.waitForURL((u) => u.pathname === '/order/success');
  await second.goto(app.url(`/product/${p.id}`, shop));
  await second.getByText('Out of Stock').first().waitFor();
  await first.close();
  await second.close();
}

describe('two shoppers racing for the last unit', () => {
  it('the first holds it at checkout and buys it; the second is told it is held (1366 px)', async () => {
    await journey(1366, 900, 'wide');
  });

  it('the same on phones (360 px)', async () => {
    await journey(360, 780, 'phone');
  });
});

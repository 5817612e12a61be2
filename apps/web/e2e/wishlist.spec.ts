import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signUpCustomer, vendorToken } from './journeys.ts';

/*
 * Wishlist across shops (issue 40), at 1366 and 360 px: a signed-out shopper taps the heart on a product at shop A,
 * signs in and finds it saved; at shop B (the same Haat account, "Continue as") saves a product from the listing's
 * card; the shop lowers its price by ₹200; the wishlist at B lists both shops' products with prices, the drop and
 * stock, and removes A's; and the heart on a marketplace result saves shop A's product again there.
 */

let app: AppHandle;
let shopA = '';
let shopB = '';
let shopBName = '';
beforeAll(async () => {
  app = await startApp();
  shopA = app.demo.openShop;
  const shops = await (await fetch(app.url('/api/store/get-store/?limit=100'))).json();
  const b = (shops.data.results as { slug: string; store_name: string }[]).find((s) => s.slug !== shopA);
  if (!b) throw new Error('a second open demo shop');
  shopB = b.slug;
  shopBName = b.store_name;
});
afterAll(async () => {
  await app?.close();
});

async function adminApi(shop: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: object) {
  const res = await fetch(app.url(`/api/admin${path}`), {
    method,
    headers: {
      authorization: `Bearer ${await vendorToken(app, shop)}`,
      'store-origin': shop,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
}

/** A new product of the shop at `price` with `quantity` in stock; its id, name and the form to change it with. */
async function newProduct(shop: string, name: string, price: number, quantity: number) {
  const [category] = await adminApi(shop, 'GET', '/category/');
  const stamp = Date.now().toString(36).toUpperCase();
  const supplier = await adminApi(shop, 'POST', '/supplier/', {
    supplier_name: 'Anil Kumar',
    company_name: `Wish Traders ${stamp}`,
    supplier_contact: '9876501234',
  });
  const form = {
    product_name: `${name} ${stamp.slice(-5)}`,
    sku: `E2E-WISH-${stamp}`,
    original_price: 100,
    product_price: price,
    unit: 'Piece',
    product_quantity: quantity,
    shipping_charge: 0,
    tax_percentage: 12,
    category_id: category.id,
    supplier_id: supplier.id,
  };
  const product = await adminApi(shop, 'POST', '/product/', form);
  return { id: product.id as string, name: form.product_name, form };
}

/** Opens a shop page on the main domain and waits until it has hydrated (its visit beacon is sent then). */
async function open(page: Page, path: string) {
  const hydrated = page.waitForRequest((r) => r.url().includes('/api/store/store-visit/'));
  await page.goto(app.url(path));
  await hydrated;
}

async function journey(page: Page, tag: string) {
  const who = { first: 'Kavya', last: 'Menon', email: `wish-${tag}-${Date.now().toString(36)}@example.com` };
  const shopper = { ...who, password: 'wish-list-42' };
  const lamp = await newProduct(shopA, `Brass Lamp ${tag}`, 499, 20);
  const shawl = await newProduct(shopB, `Pashmina Shawl ${tag}`, 999, 3);
  // A Haat account made at shop A (on its own host); this browser is signed out on the main domain.
  await signUpCustomer(app, page, shopper, shopA);

  // Shop A, signed out: the heart asks to sign in, and the product is saved on the way back.
  await open(page, `/store/${shopA}/product/${lamp.id}`);
  await page.getByRole('button', { name: `Save ${lamp.name} to wishlist` }).click();
  await page.waitForURL((u) => u.pathname === `/store/${shopA}/login`);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/store/${shopA}/product/${lamp.id}`);
  await page.getByRole('button', { name: `Save ${lamp.name} to wishlist`, pressed: true }).waitFor();

  // Shop B: the card's heart on the listing; the same account continues there in one tap.
  await open(page, `/store/${shopB}/products?q=${encodeURIComponent(shawl.name)}`);
  await page.getByRole('button', { name: `Save ${shawl.name} to wishlist` }).click();
  await page.getByRole('button', { name: 'Continue as Kavya Menon' }).click();
  await page.waitForURL((u) => u.pathname === `/store/${shopB}/products`);
  await page.getByRole('button', { name: `Save ${shawl.name} to wishlist`, pressed: true }).waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/wishlist-card-${tag}.png` });

  // The shop lowers the shawl's price by ₹200.
  await adminApi(shopB, 'PUT', `/product/${shawl.id}/`, { ...shawl.form, product_price: 799 });

  // The wishlist at B: both shops, the prices, the drop, the stock.
  await open(page, `/store/${shopB}/wishlist`);
  const atB = page.getByRole('region', { name: `Saved at ${shopBName}` });
  const atA = page.getByRole('region', { name: `Saved at ${app.demo.openShopName}` });
  await atB.getByText('₹200 less than when you saved it').waitFor();
  expect(await atB.innerText()).toContain(shawl.name);
  expect(await atB.innerText()).toContain('₹799');
  expect(await atB.innerText()).toContain('Only 3 left');
  expect(await atA.innerText()).toContain(lamp.name);
  expect(await atA.innerText()).toContain('₹499');
  expect(await atA.innerText()).toContain('In stock');
  expect(await atA.getByRole('link', { name: lamp.name }).getAttribute('href')).toBe(
    `/store/${shopA}/product/${lamp.id}`,
  );
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/wishlist-page-${tag}.png`, fullPage: true });

  // Remove shop A's product from here: gone, and still gone after a reload; B's stays.
  await atA.getByRole('button', { name: `Remove ${lamp.name} from wishlist` }).click();
  await atA.waitFor({ state: 'detached' });
  await open(page, `/store/${shopB}/wishlist`);
  await atB.getByText(shawl.name).waitFor();
  expect(await atA.count()).toBe(0);

  // The marketplace: the heart on shop A's result saves it there, through Continue as and the product's page.
  await expect.poll(() => marketplaceHas(lamp.name), { timeout: 20_000 }).toBe(true);
  await page.goto(app.url(`/search?q=${encodeURIComponent(lamp.name)}`));
  await page.getByRole('button', { name: `Save ${lamp.name} to wishlist` }).click();
  await page.waitForURL((u) => u.pathname === `/store/${shopA}/login`);
  await page.getByRole('button', { name: 'Continue as Kavya Menon' }).click();
  await page.waitForURL((u) => u.pathname === `/store/${shopA}/product/${lamp.id}`);
  await page.getByRole('button', { name: `Save ${lamp.name} to wishlist`, pressed: true }).waitFor();
  await page.context().close();
}

async function marketplaceHas(name: string) {
  const q = new URLSearchParams({ search: name, limit: '12' });
  const found = await (await fetch(app.url(`/api/store/get-store/products/?${q}`))).json();
  return ((found.data?.results ?? []) as { product_name: string }[]).some((p) => p.product_name === name);
}

describe('wishlist across shops', () => {
  it('saves at two shops of one account and lists both with the price drop, then removes one (1366 px)', async () => {
    await journey(await app.newPage({ width: 1366, height: 900 }), 'wide');
  }, 180_000);

  it('the same on a phone (360 px)', async () => {
    await journey(await app.newPage({ width: 360, height: 780 }), 'phone');
  }, 180_000);
});

import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';

/** Steps several journeys share: reading a mailed code, signing a customer up, signing a demo vendor in. */

/** The app for this spec file, closed after its tests: `const app = await appForFile();` at the top of a spec. */
export async function appForFile() {
  const app = await startApp();
  afterAll(() => app.close());
  return app;
}

/**
 * A published demo shop for a journey that changes its settings or orders, away from the other journeys: the first
 * after the directory's first `skip` that is not the open demo shop, and never the last (journeys that publish a shop
 * add theirs at the end).
 */
export async function demoShopToChange(app: AppHandle, skip: number) {
  const res = await fetch(app.url('/api/store/get-store/?limit=100'));
  const shops = (await res.json()).data.results as { slug: string }[];
  const pick = shops.slice(skip, -1).find((s) => s.slug !== app.demo.openShop);
  if (!pick) throw new Error(`expected at least ${skip + 2} published demo shops`);
  return pick.slug;
}

/** A product as the storefront lists it (`/api/store/stores/product`). */
export interface ListedProduct {
  id: string;
  product_name: string;
  product_quantity: number;
  stock_status: string;
  has_variants: boolean;
}

type Mail = { id: string; text: string };

/** The newest 6-digit code mailed to an address (the dev mailbox), waiting briefly for the outbox. */
export async function codeFor(app: AppHandle, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const [newest] = ((await res.json()).data ?? []) as Mail[];
    const code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

export interface Shopper {
  first: string;
  last: string;
  email: string;
  password: string;
}

const RUN = Date.now().toString(36);

/** A new shopper: `name` split into first and last, an email of `tag` unique to this run of the suite. */
export function newShopper(name: string, tag: string, password = 'shopper123'): Shopper {
  const [first = '', ...last] = name.split(' ');
  return { first, last: last.join(' '), email: `${tag}-${RUN}@example.com`, password };
}

/** Signs a customer up on a shop's host (the open demo shop by default); the page ends signed in on its home. */
export async function signUpCustomer(app: AppHandle, page: Page, who: Shopper, shop = app.demo.openShop) {
  await page.goto(app.url('/login?userType=customer', shop));
  await signUpHere(app, page, who);
  await page.waitForURL((u) => u.pathname === '/' && u.hostname.startsWith(shop));
}

/** Signs a customer up on the sign-in page the page shows: the Sign Up tab's form, then the mailed code. */
export async function signUpHere(app: AppHandle, page: Page, who: Shopper) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(who.password);
  await page.getByLabel('I agree to the Terms and Privacy Policy').check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/verification');
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(await codeFor(app, who.email));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
}

/** Fills the customer sign-in form at `loginUrl` with an email and password and taps Login. */
export async function signInCustomer(page: Page, loginUrl: string, who: { email: string; password: string }) {
  await page.goto(loginUrl);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The signed-in customer's access token, as the web app keeps it. */
export const accessTokenOf = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem('token') ?? localStorage.getItem('token');
    return raw ? (JSON.parse(raw).accessToken as string) : null;
  });

/** Signs a demo shop's owner into the back office; the page ends on the dashboard (or says why it could not). */
export async function signInVendor(app: AppHandle, page: Page, shop: string) {
  await page.goto(app.url('/', 'admin'));
  await page.getByLabel('Email').fill(`owner@${shop}.demo.haat.in`);
  await page.getByLabel('Password', { exact: true }).fill('haat-demo-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Either the dashboard opens, or the form says why not (e.g. too many sign-ins from this address).
  const alert = page.getByRole('alert');
  const opened = page.waitForURL((u) => u.pathname.startsWith('/dashboard')).then(() => true);
  const refused = alert.waitFor().then(() => false);
  // The loser of the race is left waiting until the page closes: its failure then means nothing.
  opened.catch(() => {});
  refused.catch(() => {});
  if (!(await Promise.race([opened, refused])))
    throw new Error(`sign-in refused: ${await alert.innerText()}`);
}

/** The page does not scroll sideways (phones: 360 px). */
export async function noSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

/** A demo shop owner's back-office token (the API's own sign-in), for the calls a journey makes beside the screen. */
export async function vendorToken(app: AppHandle, shop: string): Promise<string> {
  const login = await fetch(app.url('/api/admin/admin-login/'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `owner@${shop}.demo.haat.in`,
      password: 'haat-demo-2026',
      role_name: 'VENDOR',
    }),
  });
  expect(login.status).toBe(200);
  return (await login.json()).data.access_token;
}

/** A back-office call (`/api/admin<path>`) as `bearer` at a shop (the open demo shop unless named): status and body. */
export async function adminCall(
  app: AppHandle,
  bearer: string,
  path: string,
  init: { method?: string; body?: unknown; shop?: string } = {},
) {
  const res = await fetch(app.url(`/api/admin${path}`), {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      authorization: `Bearer ${bearer}`,
      'store-origin': init.shop ?? app.demo.openShop,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}

/** A back-office call as the vendor signed in on `page` (see `adminCall`). */
export const adminCallOnPage = async (
  app: AppHandle,
  page: Page,
  path: string,
  init: { method?: string; body?: unknown; shop?: string } = {},
) => adminCall(app, (await accessTokenOf(page)) ?? '', path, init);

/** The same call expecting success (2xx): the envelope's data. */
export async function adminData(
  app: AppHandle,
  bearer: string,
  path: string,
  init: { method?: string; body?: unknown; shop?: string } = {},
) {
  const { status, json } = await adminCall(app, bearer, path, init);
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
}

/** A product sold as one item with at least 5 in stock at a shop (from its storefront listing): its id. */
export async function productInStock(app: AppHandle, shop: string) {
  const listed = await fetch(app.url('/api/store/stores/product?limit=48'), {
    headers: { 'store-origin': shop },
  });
  const product = ((await listed.json()).data as ListedProduct[]).find(
    (p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 5,
  );
  if (!product) throw new Error(`${shop} has a product in stock`);
  return product.id;
}

/** This file's app (as `appForFile`) and a second open demo shop (`shopB`), for one shopper's journeys at two shops. */
export async function appWithTwoShops() {
  const app = await appForFile();
  return { app, shopB: await otherOpenShop(app) };
}

/** An open demo shop other than the open demo shop (app.demo.openShop): its slug. */
export async function otherOpenShop(app: AppHandle) {
  const shops = await (await fetch(app.url('/api/store/get-store/?limit=100'))).json();
  const slug = (shops.data.results as { slug: string }[]).find((s) => s.slug !== app.demo.openShop)?.slug;
  if (!slug) throw new Error('a second open demo shop');
  return slug;
}

/** Puts a product in a signed-in shopper's cart (selected), as the product page's Add to Cart does. */
export async function addToCart(
  app: AppHandle,
  page: Page,
  shop: string,
  productId: string,
  quantity: number,
) {
  await addToCartAs(app, (await accessTokenOf(page)) ?? '', shop, productId, quantity);
}

/** The same for the shopper whose access token is `bearer`. */
export async function addToCartAs(
  app: AppHandle,
  bearer: string,
  shop: string,
  productId: string,
  quantity: number,
) {
  const res = await fetch(app.url('/api/store/store-user/store-cart/'), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'store-origin': shop,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ product_id: productId, quantity, is_selected: true }),
  });
  expect(res.status).toBe(201);
}

export interface CheckoutAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  pin: string;
}

/** Fills checkout's New address form and saves it; the address then shows as a choice. */
export async function addAddressAtCheckout(page: Page, a: CheckoutAddress) {
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Street address').fill(a.street);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('State').selectOption(a.state);
  await form.getByLabel('PIN code').fill(a.pin);
  await form.getByRole('button', { name: 'Save Address' }).click();
  await page.getByRole('radio', { name: new RegExp(a.street) }).waitFor();
}

/**
 * The signed-in shopper puts `quantity` of a product in the cart, adds an address at checkout and places the order
 * with the default payment (cash on delivery); returns the order's id from the success page.
 */
export async function placeCodOrder(
  app: AppHandle,
  page: Page,
  shop: string,
  productId: string,
  quantity: number,
  address: CheckoutAddress,
) {
  await addToCart(app, page, shop, productId, quantity);
  await page.goto(app.url('/checkout', shop));
  await addAddressAtCheckout(page, address);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL((u) => u.pathname === '/order/success');
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

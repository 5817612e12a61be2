import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import {
  accessTokenOf,
  addAddressAtCheckout,
  codeFor,
  noSidewaysScroll,
  productInStock,
} from './journeys.ts';

/*
 * The marketplace's own shopper account (issue 40, decision 0036): a shopper signs up on the marketplace (no shop),
 * continues as themselves at a shop with one tap and orders there, comes back to the marketplace's account page
 * (/account) that lists the shop now holding their data and their address, and deletes the account.
 */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const run = Date.now().toString(36);
const address = {
  name: 'Meera Iyer',
  street: '7 Besant Nagar 2nd Avenue',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pin: '600090',
};
const atAccount = (u: URL) => u.pathname === '/account';

async function signUpOnMarketplace(
  page: Page,
  width: number,
  who: { first: string; last: string; email: string; password: string },
) {
  await page.goto(app.url('/'));
  // The header's Login: in the menu on a phone.
  if (width < 768) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Login' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  }
  await page.getByText('Login as Customer', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Login' }).click();
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('userType') === 'customer');
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
  await page.waitForURL(atAccount);
}

describe('the marketplace account', () => {
  for (const width of [360, 1366]) {
    it(`signs up on the marketplace, orders at a shop with one tap, lists that shop on /account and deletes the account (${width} px)`, async () => {
      const shop = app.demo.openShop;
      const who = {
        first: 'Meera',
        last: 'Iyer',
        email: `market-${run}-${width}@example.com`,
        password: 'market-pass-42',
      };
      const page = await app.newPage({ width, height: 800 });
      await signUpOnMarketplace(page, width, who);
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      const shops = page.getByRole('region', { name: 'Shops that hold your data' });
      await shops.getByText('No shop holds your data yet').waitFor();
      await page.getByRole('button', { name: `Account menu for ${who.first} ${who.last}` }).waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/marketplace-account-new-${width}.png`, fullPage: true });

      // At a shop on the main domain: one tap continues with the marketplace's session, then an order there.
      await page.goto(app.url(`/store/${shop}/login?userType=customer`));
      await page.getByRole('button', { name: `Continue as ${who.first} ${who.last}` }).click();
      await page.waitForURL((u) => u.pathname === `/store/${shop}` || u.pathname === `/store/${shop}/`);
      const res = await fetch(app.url('/api/store/store-user/store-cart/'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${(await accessTokenOf(page)) ?? ''}`,
          'store-origin': shop,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ product_id: await productInStock(app, shop), quantity: 1, is_selected: true }),
      });
      expect(res.status).toBe(201);
      await page.goto(app.url(`/store/${shop}/checkout`));
      await addAddressAtCheckout(page, address);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL((u) => u.pathname === `/store/${shop}/order/success`);

      // Back on the marketplace: the shop's session is not the marketplace's; one tap again, then /account.
      await page.goto(app.url('/account'));
      await page.getByRole('button', { name: `Continue as ${who.first} ${who.last}` }).click();
      await page.waitForURL(atAccount);
      const atShop = shops.getByRole('listitem').filter({ hasText: app.demo.openShopName });
      await atShop.getByText('1 address and 1 order').waitFor();
      const addresses = page.getByRole('region', { name: 'Saved addresses' });
      await addresses.getByText(address.street, { exact: false }).waitFor();
      expect(await addresses.innerText()).toContain(`saved at ${app.demo.openShopName}`);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/marketplace-account-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your Haat account?' });
      await dialog.getByLabel('Type your email to confirm').fill(who.email);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('Your Haat account was deleted').first().waitFor();
      await page.waitForURL((u) => u.pathname === '/login');

      // The email signs in nowhere now, the marketplace included.
      await page.goto(app.url('/login?userType=customer'));
      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Password', { exact: true }).fill(who.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.context().close();
    }, 180_000);
  }
});

import { describe, expect, it } from 'vitest';
import {
  addAddressAtCheckout,
  addToCart,
  appWithTwoShops,
  newShopper,
  noSidewaysScroll,
  productInStock,
  signInCustomer,
  signInVendor,
  signUpCustomer,
} from './journeys.ts';

/*
 * "Your Haat account" (issue 40, decision 0032): a shopper who ordered at shop A and only signed in at shop B sees
 * which shops hold their data and what, deletes the account, and cannot sign in anymore; shop A's vendor still has
 * the order, anonymised.
 */

const { app, shopB } = await appWithTwoShops();

const home = {
  name: 'Farah Khan',
  street: '21 Marine Lines',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400002',
};

describe('Your Haat account', () => {
  for (const width of [360, 1366]) {
    it(`lists the shops holding the shopper's data, deletes the account, and keeps the vendor's order anonymised (${width} px)`, async () => {
      const shopA = app.demo.openShop;
      const who = newShopper('Farah Khan', `dpdp-${width}`, 'shopper-dpdp-1');
      const page = await app.newPage({ width, height: 800 });
      await signUpCustomer(app, page, who, shopA);
      // The consent line at checkout, then the first order shares the details with shop A.
      await addToCart(app, page, shopA, await productInStock(app, shopA), 1);
      await page.goto(app.url('/checkout', shopA));
      await page.getByText(`${app.demo.openShopName} will get your name, phone and address`).waitFor();
      await addAddressAtCheckout(page, home);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL((u) => u.pathname === '/order/success');
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

      // Shop B: signed in only.
      await signInCustomer(page, app.url('/login?userType=customer', shopB), who);
      await page.waitForURL((u) => u.pathname === '/' && u.hostname.startsWith(shopB));
      await page.goto(app.url('/profile', shopB));
      await page.getByRole('heading', { name: 'Your Haat account', exact: true }).waitFor();
      const shops = page.getByRole('region', { name: 'Shops that hold your data' });
      const atA = shops.getByRole('listitem').filter({ hasText: app.demo.openShopName });
      await atA.getByText('1 address and 1 order').waitFor();
      expect(await atA.innerText()).toContain('name (Farah Khan)');
      const atB = shops.getByRole('listitem').filter({ hasText: 'this shop' });
      expect(await atB.innerText()).toContain('Holds your email.');
      expect(await atB.innerText()).toContain('you have not shared your name, phone or address');
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/haat-account-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your Haat account?' });
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText(`Type ${who.email} to confirm`).waitFor();
      await dialog.getByLabel('Type your email to confirm').fill(who.email);
      await page.screenshot({ path: `/tmp/haat-account-delete-${width}.png` });
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('Your Haat account was deleted').first().waitFor();
      await page.waitForURL((u) => u.pathname === '/login');

      // The email signs in nowhere now.
      await signInCustomer(page, app.url('/login?userType=customer', shopA), who);
      await page.getByRole('alert').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.context().close();

      // Shop A's vendor still has the order, without the shopper's name or contact details.
      const vendor = await app.newPage({ width, height: 800 });
      await signInVendor(app, vendor, shopA);
      await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
      await vendor.getByText('Erased customer').first().waitFor();
      const shown = await vendor.locator('main').innerText();
      for (const gone of [who.email, 'Farah', home.street]) expect(shown).not.toContain(gone);
      expect(shown).toContain('Mumbai');
      await noSidewaysScroll(vendor);
      await vendor.screenshot({ path: `/tmp/haat-account-vendor-order-${width}.png`, fullPage: true });
      await vendor.context().close();
    }, 180_000);
  }
});

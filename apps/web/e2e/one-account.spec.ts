import { describe, expect, it } from 'vitest';
import {
  addToCart,
  appWithTwoShops,
  newShopper,
  noSidewaysScroll,
  placeCodOrder,
  productInStock,
  signInCustomer,
  signUpCustomer,
} from './journeys.ts';

/*
 * One Haat shopper account across every shop (issue 40, decision 0029): signed up at shop A, the shopper signs in at
 * shop B with the same email and password, or taps "Continue as", without a second sign-up, and B's checkout offers
 * the address saved at A.
 */

const { app, shopB } = await appWithTwoShops();

const home = {
  name: 'Meera Iyer',
  street: '7 Lake View Road',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pin: '600028',
};

describe('one Haat account at two shops', () => {
  for (const width of [360, 1366]) {
    it(`signs up at shop A, orders, then signs in at shop B with the same password and orders again (${width} px)`, async () => {
      const shopA = app.demo.openShop;
      const who = newShopper('Meera Iyer', `one-account-${width}`, 'shopper-one-1');
      const page = await app.newPage({ width, height: 800 });
      await signUpCustomer(app, page, who, shopA);
      const orderA = await placeCodOrder(app, page, shopA, await productInStock(app, shopA), 1, home);
      expect(orderA).toMatch(/[0-9a-f-]{36}/);

      // Shop B: no sign-up, the same email and password.
      await signInCustomer(page, app.url('/login?userType=customer', shopB), who);
      await page.waitForURL((u) => u.pathname === '/' && u.hostname.startsWith(shopB));
      await addToCart(app, page, shopB, await productInStock(app, shopB), 1);
      await page.goto(app.url('/checkout', shopB));
      const elsewhere = page.getByRole('region', { name: 'Saved at your other Haat shops' });
      const use = elsewhere.getByRole('button', { name: `Use this address (${home.street})` });
      await use.waitFor();
      expect(await elsewhere.innerText()).toContain(`Saved at ${app.demo.openShopName}`);
      await noSidewaysScroll(page);
      await elsewhere.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/one-account-checkout-b-${width}.png` });
      await use.click();
      await expect
        .poll(() => page.getByRole('radio', { name: new RegExp(home.street) }).isChecked())
        .toBe(true);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL((u) => u.pathname === '/order/success');
      const orderB = new URL(page.url()).searchParams.get('orderId');
      expect(orderB).toMatch(/[0-9a-f-]{36}/);
      expect(orderB).not.toBe(orderA);
      // Only one code was ever mailed: the sign-up's at shop A.
      const mailbox = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(who.email)}`));
      const subjects = ((await mailbox.json()).data as { subject: string }[]).map((m) => m.subject);
      expect(subjects.filter((s) => /code/i.test(s))).toHaveLength(1);
      await page.context().close();
    }, 120_000);
  }

  it('offers "Continue as" on shop B\'s sign-in page to a shopper signed in at shop A on the main domain', async () => {
    const shopA = app.demo.openShop;
    const who = newShopper('Arjun Rao', 'continue-as', 'shopper-two-2');
    const page = await app.newPage({ width: 360, height: 800 });
    await signUpCustomer(app, page, who, shopA);
    await signInCustomer(page, app.url(`/store/${shopA}/login?userType=customer`), who);
    await page.waitForURL((u) => u.pathname === `/store/${shopA}` || u.pathname === `/store/${shopA}/`);

    await page.goto(app.url(`/store/${shopB}/login?userType=customer`));
    const tap = page.getByRole('button', { name: 'Continue as Arjun Rao' });
    await tap.waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/one-account-continue-as-360.png', fullPage: true });
    await tap.click();
    await page.waitForURL((u) => u.pathname === `/store/${shopB}` || u.pathname === `/store/${shopB}/`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').storeSlug);
    expect(stored).toBe(shopB);
    await page.context().close();
  }, 120_000);
});

import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addAddressAtCheckout,
  adminData,
  appWithTwoShops,
  noSidewaysScroll,
  productInStock,
  signInCustomer,
  vendorToken,
} from './journeys.ts';

/*
 * Guest checkout (issue 40, decision 0031): a signed-out shopper taps Add to Cart, chooses "Check out as a guest",
 * gives a name and an email, types the code from the mail, adds an address with its PIN and places a COD order. The
 * order mail's link opens the order (signed in again with an emailed code), its invoice downloads once shipped, and
 * "Set a password to keep your account" makes one Haat account that signs in at another demo shop.
 */

const { app, shopB } = await appWithTwoShops();

const run = Date.now().toString(36);
/** The newest mail to an address whose subject matches. */
async function mailTo(email: string, subject: RegExp) {
  for (let i = 0; i < 50; i++) {
    const mail = (await mailsTo(email)).find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

type Mail = { subject: string; text: string };
const mailsTo = async (email: string) =>
  ((await (await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`))).json()).data ??
    []) as Mail[];
const codeMails = async (email: string) => (await mailsTo(email)).filter((m) => /code/i.test(m.subject));

/** Asks for a code (`ask`), then types the one that came (a newer code mail than before: order mails hold a PIN). */
async function withCode(page: Page, email: string, ask: () => Promise<void>) {
  const before = (await codeMails(email)).length;
  await ask();
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    const mails = await codeMails(email);
    if (mails.length > before) code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    else await new Promise((r) => setTimeout(r, 200));
  }
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
}

/** The shop's owner ships the order (its invoice is issued then). */
async function ship(orderId: string) {
  const bearer = await vendorToken(app, app.demo.openShop);
  for (const body of [
    { status: 'PROCESSING' },
    { status: 'SHIPPED', carrier: 'India Post', tracking_number: 'EE1' },
  ])
    await adminData(app, bearer, `/order/${orderId}/status/`, { method: 'PUT', body });
}

/** A signed-out shopper becomes a guest from Add to Cart and places a COD order; its id. */
async function guestOrders(page: Page, email: string, width: number) {
  const shop = app.demo.openShop;
  const productId = await productInStock(app, shop);
  await page.goto(app.url(`/product/${productId}`, shop));
  await page.getByRole('button', { name: 'Add to Cart', disabled: false }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await page.getByRole('button', { name: 'Check out as a guest' }).click();
  const form = page.getByRole('form', { name: 'Check out as a guest' });
  await form.getByLabel('Your name').fill('Kavya Menon');
  await form.getByLabel('Email').fill(email);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/guest-checkout-start-${width}.png`, fullPage: true });
  await withCode(page, email, () => form.getByRole('button', { name: 'Email me a code' }).click());
  // Back on the product, signed in as the guest: the tap on Add to Cart that sent them to sign in adds it now.
  await page.waitForURL((u) => u.pathname === `/product/${productId}`);
  await page.getByText('Added to cart').waitFor();
  await page.goto(app.url('/checkout', shop));
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await addAddressAtCheckout(page, {
    name: 'Kavya Menon',
    street: `${width} Marine Drive`,
    city: 'Kochi',
    state: 'Kerala',
    pin: '682031',
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL((u) => u.pathname === '/order/success');
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

describe('guest checkout', () => {
  for (const width of [360, 1366]) {
    it(`a guest orders with an emailed code, opens the order and its invoice from the mail, then keeps the account (${width} px)`, async () => {
      const email = `guest-${run}-${width}@example.com`;
      const page = await app.newPage({ width, height: 800 });
      const orderId = await guestOrders(page, email, width);
      expect(orderId).toMatch(/[0-9a-f-]{36}/);
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
      await page.getByRole('heading', { name: 'Set a password to keep your account' }).waitFor();
      expect(await page.getByTestId('success-facts').innerText()).toContain('1 item');
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/guest-checkout-success-${width}.png`, fullPage: true });
      await page.context().close();

      // Later, on another device: the order mail's link, a code to sign in, the order and its invoice.
      await ship(orderId);
      const placed = await mailTo(email, /^Order ORD-\d+ placed at /);
      const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}/.exec(placed.text)?.[0] ?? '';
      expect(link.endsWith(`/orders/${orderId}`)).toBe(true);
      const later = await app.newPage({ width, height: 800 });
      await later.goto(link);
      await later.waitForURL((u) => u.pathname === '/login');
      await later.getByRole('tab', { name: 'OTP' }).click();
      await later.getByLabel('Email').fill(email);
      await withCode(later, email, () => later.getByRole('button', { name: 'Send Code' }).click());
      await later.waitForURL((u) => u.pathname === `/orders/${orderId}`);
      const [download] = await Promise.all([
        later.waitForEvent('download'),
        later.getByRole('button', { name: /^Download invoice / }).click(),
      ]);
      const text = execFileSync('pdftotext', ['-layout', (await download.path()) ?? '', '-'], {
        encoding: 'utf8',
      });
      expect(text).toContain('Kavya Menon');
      expect(text).toContain(`${width} Marine Drive`);

      // The profile offers the same instead of "Change password" (a guest has none to change).
      await later.goto(app.url('/profile', app.demo.openShop));
      await later.getByRole('region', { name: 'Set a password to keep your account' }).waitFor();
      expect(await later.getByRole('heading', { name: 'Change password' }).count()).toBe(0);
      await later.goBack();
      await later.waitForURL((u) => u.pathname === `/orders/${orderId}`);

      // Set a password on the order page; it signs in at another demo shop.
      const keep = later.getByRole('region', { name: 'Set a password to keep your account' });
      await keep.getByLabel('New password', { exact: true }).fill('kavya-keeps-7');
      await keep.getByLabel('Confirm password', { exact: true }).fill('kavya-keeps-7');
      await noSidewaysScroll(later);
      await keep.getByRole('button', { name: 'Keep my account' }).click();
      await later.getByText('Your Haat account is ready').waitFor();
      await signInCustomer(later, app.url('/login?userType=customer', shopB), {
        email,
        password: 'kavya-keeps-7',
      });
      await later.waitForURL((u) => u.pathname === '/' && u.hostname.startsWith(shopB));
      const stored = await later.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}'));
      expect(stored).toMatchObject({ storeSlug: shopB, email, guest: false });
      await later.context().close();
    }, 180_000);
  }
});

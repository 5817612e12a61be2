import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  appForFile,
  demoShopToChange,
  newShopper,
  noSidewaysScroll,
  signInVendor,
  signUpCustomer,
} from './journeys.ts';

const app = await appForFile();
/** A published demo shop no other spec changes settings of (not the first in the directory, nor the last). */
const shop = await demoShopToChange(app, 1);

const run = Date.now().toString(36);
const optionName = `Same Day ${run}`;
const couponCode = `FEST${run}`.toUpperCase();
const upiId = `shop.${run}@okicici`;

/** Signs the demo vendor in and opens Settings. */
async function openSettings(page: Page) {
  await signInVendor(app, page, shop);
  await page.goto(app.url('/settings/', 'admin'));
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('list', { name: 'Delivery options' }).waitFor();
}

/** Signs a new customer up on the shop's own host and returns their access token. */
async function newCustomer(page: Page) {
  const who = newShopper('Meera Iyer', 'settings');
  await signUpCustomer(app, page, who, shop);
  return (await accessTokenOf(page)) ?? '';
}

describe('shop settings (back office)', () => {
  it('adds a delivery option and a coupon, turns on UPI with a checked id, and sets return days', async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    await openSettings(page);

    // Delivery option: the form's own checks first, then a recommended one.
    await page.getByRole('button', { name: 'Add option' }).click();
    const optionDialog = page.getByRole('dialog', { name: 'Add delivery option' });
    await optionDialog.getByRole('button', { name: 'Add option' }).click();
    await optionDialog.getByText('Name is required').waitFor();
    await optionDialog.getByLabel('Name').fill(optionName);
    await optionDialog.getByLabel('Estimated time').fill('Today, by 9 pm');
    await optionDialog.getByLabel('Description').fill('Within the city limits');
    await optionDialog.getByLabel('Charge (₹)').fill('79.50');
    await optionDialog.getByLabel('Min days').fill('2');
    await optionDialog.getByLabel('Max days').fill('1');
    await optionDialog.getByRole('button', { name: 'Add option' }).click();
    await optionDialog.getByText('Max days must be at least the min days').waitFor();
    expect(await optionDialog.getByLabel('Name').inputValue()).toBe(optionName);
    await optionDialog.getByLabel('Min days').fill('0');
    await optionDialog.getByLabel('Recommended').check();
    await optionDialog.getByRole('button', { name: 'Add option' }).click();
    await page.getByText('Delivery option added').waitFor();
    await optionDialog.waitFor({ state: 'hidden' });
    const row = page
      .getByRole('list', { name: 'Delivery options' })
      .getByRole('listitem')
      .filter({ hasText: optionName });
    await row.getByText('Recommended').waitFor();
    await row.getByText('₹79.50').waitFor();
    // Only one option is recommended.
    const badges = page
      .getByRole('list', { name: 'Delivery options' })
      .getByText('Recommended', { exact: true });
    await expect.poll(() => badges.count()).toBe(1);

    // Coupon: the code is uppercased as typed; a code the shop has is refused beside the field.
    await page.getByRole('button', { name: 'Add coupon' }).click();
    const couponDialog = page.getByRole('dialog', { name: 'Add coupon' });
    await couponDialog.getByLabel('Code').pressSequentially('welcome10');
    expect(await couponDialog.getByLabel('Code').inputValue()).toBe('WELCOME10');
    await couponDialog.getByLabel('Discount (%)').fill('15');
    await couponDialog.getByRole('button', { name: 'Add coupon' }).click();
    await couponDialog.getByText('You already have a coupon WELCOME10').waitFor();
    expect(await couponDialog.getByLabel('Discount (%)').inputValue()).toBe('15');
    await couponDialog.getByLabel('Code').fill(couponCode.toLowerCase());
    await couponDialog.getByLabel('Discount (%)').fill('95');
    await couponDialog.getByRole('button', { name: 'Add coupon' }).click();
    await couponDialog.getByText('A percentage is a whole number from 1 to 90').waitFor();
    await couponDialog.getByLabel('Discount (%)').fill('15');
    await couponDialog.getByLabel('Max discount (₹)').fill('150');
    await couponDialog.getByLabel('Minimum order (₹)').fill('300');
    await couponDialog.getByLabel('Usage limit').fill('50');
    await couponDialog.getByRole('button', { name: 'Add coupon' }).click();
    await page.getByText('Coupon added').waitFor();
    await couponDialog.waitFor({ state: 'hidden' });
    const couponRow = page.getByRole('row').filter({ hasText: couponCode });
    await couponRow.getByText('15% off up to ₹150').waitFor();
    await couponRow.getByText('0 / 50').waitFor();
    await couponRow.getByText('Active').waitFor();

    // Payments: UPI needs a UPI id in name@bank form.
    const payments = page.getByRole('form', { name: 'Payments' });
    const upi = payments.getByRole('checkbox', { name: 'UPI', exact: true });
    if (await upi.isChecked()) {
      await upi.uncheck();
      await payments.getByRole('button', { name: 'Save payments' }).click();
      await page.getByText('Payment methods saved').first().waitFor();
    }
    await upi.check();
    await payments.getByRole('textbox', { name: 'UPI id' }).fill('my shop at icici');
    await payments.getByRole('button', { name: 'Save payments' }).click();
    await payments.getByText('Enter a UPI id like shopname@okaxis').waitFor();
    await payments.getByRole('textbox', { name: 'UPI id' }).fill(upiId);
    await payments.getByRole('button', { name: 'Save payments' }).click();
    await payments.getByText('Enter a UPI id like shopname@okaxis').waitFor({ state: 'hidden' });
    await page.getByText('Payment methods saved').last().waitFor();

    // Returns: the Free Returns note needs return days.
    const returns = page.getByRole('form', { name: 'Returns and warranty' });
    await returns.getByLabel('Return days').fill('');
    await returns.getByLabel('Free Returns note').check();
    await returns.getByRole('button', { name: 'Save returns & warranty' }).click();
    await returns.getByText('Set return days to show the Free Returns note').waitFor();
    await returns.getByLabel('Return days').fill('10');
    await returns.getByRole('button', { name: 'Save returns & warranty' }).click();
    await page.getByText('Returns and warranty saved').waitFor();
    await page.screenshot({ path: '/tmp/settings-e2e-1280.png', fullPage: true });

    // Everything is still there after a reload.
    await page.reload();
    await page.getByRole('list', { name: 'Delivery options' }).getByText(optionName).waitFor();
    await page.getByRole('row').filter({ hasText: couponCode }).waitFor();
    expect(
      await page
        .getByRole('form', { name: 'Payments' })
        .getByRole('textbox', { name: 'UPI id' })
        .inputValue(),
    ).toBe(upiId);
    expect(
      await page.getByRole('form', { name: 'Returns and warranty' }).getByLabel('Return days').inputValue(),
    ).toBe('10');
    await page.context().close();
  });

  it("shows the new delivery option, UPI and the return days at a customer's checkout on the shop's host", async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    const bearer = await newCustomer(page);
    expect(bearer).toBeTruthy();
    const list = await (
      await fetch(app.url('/api/store/stores/product?limit=48'), { headers: { 'store-origin': shop } })
    ).json();
    type Card = {
      id: string;
      product_quantity: number;
      product_price: number;
      discount_price: number | null;
      has_variants: boolean;
    };
    // Enough of one product to pass the coupon's ₹300 minimum order.
    const unit = (p: Card) => p.discount_price ?? p.product_price;
    const product = (list.data as Card[]).find(
      (p) => !p.has_variants && unit(p) > 0 && p.product_quantity * unit(p) >= 350,
    );
    if (!product) throw new Error('the shop has a product in stock');
    const quantity = Math.min(product.product_quantity, Math.ceil(350 / unit(product)));
    const added = await fetch(app.url('/api/store/store-user/store-cart/'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bearer}`,
        'store-origin': shop,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ product_id: product.id, quantity, is_selected: true }),
    });
    expect(added.status).toBe(201);

    await page.goto(app.url('/checkout', shop));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const option = page.getByRole('radio', { name: new RegExp(`^${optionName}`) });
    await option.waitFor();
    await option.check();
    await page.getByRole('radio', { name: /^UPI/ }).waitFor();
    await page.getByRole('radio', { name: /^Cash on Delivery/ }).waitFor();
    await page.getByText('Return within 10 days of delivery.').waitFor();
    await page.screenshot({ path: '/tmp/settings-checkout-1280.png', fullPage: true });

    // The coupon applies in this shop's cart.
    const applied = await fetch(app.url('/api/store/store-user/store-cart/coupon/'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bearer}`,
        'store-origin': shop,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: couponCode.toLowerCase() }),
    });
    const summary = (await applied.json()).data?.summary;
    expect(summary?.coupon?.code).toBe(couponCode);
    await page.context().close();
  });

  it('fits a 360 px screen without sideways scrolling, dialogs included', async () => {
    const page = await app.newPage({ width: 360, height: 760 });
    await openSettings(page);
    await page.getByRole('list', { name: 'Coupons' }).getByText(couponCode).waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/settings-e2e-360.png', fullPage: true });
    await page.getByRole('button', { name: `Edit ${optionName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${optionName}` });
    expect(await dialog.getByLabel('Charge (₹)').inputValue()).toBe('79.5');
    await noSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

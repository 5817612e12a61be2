import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { accessTokenOf, adminData, noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * Issue 38's last pieces, at 1366 and 360 px: a khata payment above the balance asks first and is kept as an
 * advance when the person says so; a product's Supplier tab links the supplier's account and lists the product's
 * last goods receipts, each GRN leading to where it was received.
 */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const adminApi = async (page: Page, path: string, body?: object) =>
  adminData(app, (await accessTokenOf(page)) ?? '', path, { body });

async function advanceJourney(page: Page, skip: number) {
  await signInVendor(app, page, app.demo.openShop);
  const list = (await adminApi(page, '/customer/?limit=50')).results as {
    id: string;
    name: string;
    balance: number;
  }[];
  const c = list.filter((r) => r.balance === 0)[skip];
  if (!c) throw new Error('no customer with nothing due on the first page');
  await page.goto(app.url(`/customers/${c.id}`, 'admin'));
  await page.getByRole('heading', { name: c.name }).waitFor();
  await page.getByRole('button', { name: 'Receive payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive payment' });
  await dialog.getByLabel('Amount').fill('250');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  // Nothing is due: the whole payment would be an advance, and the dialog asks before keeping it.
  const ask = dialog.getByRole('alert');
  await ask.getByText(/₹250 of this payment would be kept as an advance/).waitFor();
  const keep = ask.getByRole('button', { name: 'Keep ₹250 as an advance' });
  await keep.waitFor();
  expect((await adminApi(page, `/customer/${c.id}/`)).balance).toBe(0);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/advance-ask-${page.viewportSize()?.width}.png` });
  await keep.click();
  await page.getByText('Payment recorded').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(async () => (await adminApi(page, `/customer/${c.id}/`)).balance).toBe(-250);
  await page
    .getByTestId('khata-balance')
    .getByText(/advance/)
    .waitFor();
  await page.screenshot({ path: `/tmp/advance-kept-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** A product of a new supplier, received twice from them: against a purchase order, then without one. */
async function receivedProduct(page: Page, tag: string) {
  const [category] = await adminApi(page, '/category/');
  const stamp = Date.now().toString(36).toUpperCase();
  const company = `E2E Traders ${tag} ${stamp.slice(-5)}`;
  const supplier = await adminApi(page, '/supplier/', {
    supplier_name: 'Sunita Rao',
    company_name: company,
    supplier_contact: '9876505678',
  });
  const product = await adminApi(page, '/product/', {
    product_name: `Supplier Tab ${tag} ${stamp.slice(-5)}`,
    sku: `E2E-ST-${tag}-${stamp}`,
    original_price: 40,
    product_price: 90,
    unit: 'Piece',
    product_quantity: 3,
    shipping_charge: 0,
    tax_percentage: 5,
    category_id: category.id,
    supplier_id: supplier.id,
  });
  const po = await adminApi(page, '/purchase-order/', {
    supplier_id: supplier.id,
    lines: [{ product_id: product.id, quantity: 12, unit_cost: 42 }],
  });
  await adminApi(page, `/purchase-order/${po.id}/send/`, {});
  const first = await adminApi(page, '/goods-receipt/', {
    purchase_order_id: po.id,
    lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 12 }],
  });
  const second = await adminApi(page, '/goods-receipt/', {
    supplier_id: supplier.id,
    lines: [{ product_id: product.id, quantity: 7, unit_cost: 44.5 }],
  });
  return { productId: product.id as string, company, po, first, second };
}

async function supplierTabJourney(page: Page, tag: string) {
  await signInVendor(app, page, app.demo.openShop);
  const r = await receivedProduct(page, tag);
  await page.goto(app.url(`/inventory/${r.productId}`, 'admin'));
  await page.getByRole('tab', { name: 'Supplier' }).click();
  const receipts = page.getByTestId('product-receipts');
  await receipts.waitFor();
  // Newest first: 7 at ₹44.50 without an order, then 12 at ₹42 against the order.
  const rows = receipts.getByRole('listitem');
  await expect.poll(() => rows.count()).toBe(2);
  expect(await rows.nth(0).innerText()).toMatch(
    new RegExp(`${r.second.number}[\\s\\S]*\\+7 Piece at ₹44\\.50`),
  );
  expect(await rows.nth(1).innerText()).toMatch(
    new RegExp(`${r.first.number}[\\s\\S]*${r.po.number}[\\s\\S]*\\+12 Piece at ₹42`),
  );
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/supplier-tab-${page.viewportSize()?.width}.png`, fullPage: true });

  // The GRN received against the order leads to the order, which lists it.
  await receipts.getByRole('link', { name: r.first.number }).click();
  await page.getByRole('heading', { name: r.po.number }).waitFor();
  await page.getByText(new RegExp(`${r.first.number} ·`)).waitFor();
  await page.goBack();

  // The supplier's name leads to their account: balance, bills, payments and statement.
  await page.getByRole('tab', { name: 'Supplier' }).click();
  await page.getByRole('link', { name: r.company }).click();
  await page.getByRole('heading', { name: 'Supplier accounts' }).waitFor();
  await page.getByRole('heading', { name: r.company }).waitFor();
  expect(page.url()).toContain('/purchases/suppliers?supplier=');
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/supplier-account-${page.viewportSize()?.width}.png`, fullPage: true });
}

describe('a khata payment above the balance', () => {
  it('asks, and keeps the rest as an advance when confirmed (1366 px)', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await advanceJourney(page, 0);
    await page.context().close();
  });

  it('does the same on a 360 px phone', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await advanceJourney(page, 1);
    await page.context().close();
  });
});

describe("the product page's Supplier tab", () => {
  it('links the supplier account and lists the last goods receipts (1366 px)', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await supplierTabJourney(page, 'W');
    await page.context().close();
  });

  it('does the same on a 360 px phone', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await supplierTabJourney(page, 'P');
    await page.context().close();
  });
});

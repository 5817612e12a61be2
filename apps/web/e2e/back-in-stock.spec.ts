import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { adminData, noSidewaysScroll, vendorToken } from './journeys.ts';

/*
 * Back-in-stock alerts (issue 40), at 1366 and 360 px: a signed-out shopper on a sold-out product asks to be told
 * when it is back, confirms the address from the mail, the shop receives stock from its supplier, and the one
 * "Back in stock" mail leads to the product, now orderable.
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

const adminApi = (path: string, body?: object) => adminData(app, token, path, { body });

type Mail = { subject: string; text: string };
/** The mails to an address whose subject starts so (the dev mailbox), waiting up to 15 s for the first. */
async function mailTo(email: string, subject: string): Promise<Mail> {
  for (let i = 0; i < 75; i++) {
    const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const mail = (((await res.json()).data ?? []) as Mail[]).find((m) => m.subject.startsWith(subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no "${subject}" mail to ${email}`);
}

async function soldOutProduct(tag: string) {
  const [category] = await adminApi('/category/');
  const stamp = Date.now().toString(36).toUpperCase();
  const supplier = await adminApi('/supplier/', {
    supplier_name: 'Anil Kumar',
    company_name: `Back Stock Traders ${tag} ${stamp.slice(-5)}`,
    supplier_contact: '9876501234',
  });
  const product = await adminApi('/product/', {
    product_name: `Brass Diya ${tag} ${stamp.slice(-5)}`,
    sku: `E2E-BIS-${tag}-${stamp}`,
    original_price: 120,
    product_price: 249,
    unit: 'Piece',
    product_quantity: 0,
    shipping_charge: 0,
    tax_percentage: 12,
    category_id: category.id,
    supplier_id: supplier.id,
  });
  return {
    id: product.id as string,
    name: product.product_name as string,
    supplierId: supplier.id as string,
  };
}

async function journey(page: Page, tag: string) {
  const p = await soldOutProduct(tag);
  const email = `back-${tag}-${Date.now().toString(36)}@example.com`;
  await page.goto(app.url(`/product/${p.id}`, app.demo.openShop));
  await page.getByText('Out of Stock').first().waitFor();
  await page.getByRole('button', { name: "Notify me when it's back" }).click();
  const dialog = page.getByRole('dialog', { name: "Get an email when it's back" });
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Please enter your email address' }).waitFor();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await page.getByRole('status').filter({ hasText: 'Check your mail to confirm' }).first().waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/back-in-stock-asked-${tag}.png`, fullPage: true });

  // The mailed link puts the address on the list.
  const confirm = await mailTo(email, 'Confirm');
  expect(confirm.subject).toBe(`Confirm: tell me when ${p.name} is back at ${app.demo.openShopName}`);
  const link = /https?:\/\/\S+\/confirm\?token=\S+/.exec(confirm.text)?.[0] ?? '';
  await page.goto(link);
  await page.getByRole('heading', { name: "You're on the list" }).waitFor();
  await page.getByText(`We'll email ${email} once, when ${p.name} is back in stock.`).waitFor();

  // Stock arrives from the supplier; the notifier mails once, and its link opens the product, orderable.
  await adminApi('/goods-receipt/', {
    supplier_id: p.supplierId,
    lines: [{ product_id: p.id, quantity: 6, unit_cost: 120 }],
  });
  const back = await mailTo(email, 'Back in stock');
  expect(back.subject).toBe(`Back in stock: ${p.name}`);
  expect(back.text).toContain('₹249');
  const productLink = /https?:\/\/\S+\/product\/\S+/.exec(back.text)?.[0] ?? '';
  expect(productLink.endsWith(`/product/${p.id}`)).toBe(true);
  await page.goto(productLink);
  await page.getByText('In Stock').first().waitFor();
  // Drawn disabled by the server, the button works once the page has hydrated.
  await page.getByRole('button', { name: 'Add to Cart', disabled: false }).waitFor();
  await page.screenshot({ path: `/tmp/back-in-stock-back-${tag}.png`, fullPage: true });
}

describe('back in stock', () => {
  it('a shopper asks on a sold-out product, confirms, and gets one mail when stock arrives (1366 px)', async () => {
    await journey(await app.newPage({ width: 1366, height: 900 }), 'wide');
  });

  it('the same on a phone (360 px)', async () => {
    await journey(await app.newPage({ width: 360, height: 780 }), 'phone');
  });
});

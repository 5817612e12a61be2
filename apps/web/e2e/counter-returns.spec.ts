import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { adminCallOnPage, noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * Returns at the counter (issue 38): a customer buys two items, brings one back for cash (stock back, a credit
 * note on the slip), then exchanges the other for a dearer item and pays the difference, at 1366 and 360 px.
 */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** A product with a barcode, made through the inventory form. */
async function product(page: Page, name: string, price: number, barcode: string) {
  const [category] = (await adminCallOnPage(app, page, '/category/')).json.data as { id: string }[];
  const made = await adminCallOnPage(app, page, '/product/', {
    method: 'POST',
    body: {
      product_name: name,
      sku: `RT-${barcode.slice(-8)}`,
      barcode,
      original_price: 40,
      product_price: price,
      unit: 'Piece',
      product_quantity: 5,
      shipping_charge: 0,
      tax_percentage: 5,
      category_id: category?.id,
    },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
}

const stockOf = async (page: Page, name: string) =>
  (await adminCallOnPage(app, page, `/pos/products/?search=${encodeURIComponent(name)}`)).json.data
    .products[0]?.stock;

/** Rings up the two items at the counter in cash; the receipt's number. */
async function sellTwo(page: Page, codes: string[], phone: string) {
  for (const code of codes) {
    const box = page.getByLabel('Barcode', { exact: true });
    await box.fill(code);
    await box.press('Enter');
    await expect
      .poll(() => page.getByRole('list', { name: 'Bill' }).getByRole('listitem').count())
      .toBe(codes.indexOf(code) + 1);
  }
  await page.getByLabel('Phone *').fill(phone);
  await page.getByLabel('Name *').fill('Kavita Menon');
  await page.getByRole('button', { name: 'Process Payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Process Payment' });
  await pay.getByLabel('Amount received').fill('500');
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.getByRole('dialog', { name: 'Sale complete' });
  const heading = await receipt.getByText(/^ORD-\d+ · ₹200$/).innerText();
  await receipt.getByRole('button', { name: /New Sale/ }).click();
  return heading.split(' ')[0] ?? '';
}

async function findSale(page: Page, number: string) {
  await page.getByRole('button', { name: 'Return / exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return / exchange' });
  await dialog.getByLabel('Receipt number or customer phone').fill(number);
  await dialog.getByRole('button', { name: 'Find' }).click();
  await dialog.getByRole('list', { name: 'Lines of the sale' }).waitFor();
  return dialog;
}

describe('returns at the counter', () => {
  for (const [width, height] of [
    [1366, 900],
    [360, 780],
  ] as const) {
    it(`returns one item for cash and exchanges the other for a dearer one at ${width} px`, async () => {
      const page = await app.newPage({ width, height });
      await signInVendor(app, page, app.demo.openShop);
      const stamp = `${Date.now()}`.slice(-7) + String(width).slice(0, 1);
      const names = [`Return Tea ${stamp}`, `Return Jar ${stamp}`, `Return Hamper ${stamp}`];
      const codes = names.map((_, i) => `89${stamp}${i}`.padEnd(13, '7').slice(0, 13));
      await product(page, names[0] as string, 120, codes[0] as string);
      await product(page, names[1] as string, 80, codes[1] as string);
      await product(page, names[2] as string, 250, codes[2] as string);
      await page.goto(app.url('/checkout/', 'admin'));
      await page.getByRole('heading', { name: 'Point of Sale' }).waitFor();
      const number = await sellTwo(page, codes.slice(0, 2), `98${stamp.slice(0, 8)}`.slice(0, 10));
      expect(await stockOf(page, names[0] as string)).toBe(4);

      // The tea comes back for cash: stock back, the credit note on the slip.
      let dialog = await findSale(page, number);
      await dialog.getByRole('button', { name: `One more ${names[0]}` }).click();
      await dialog.getByLabel('Reason').fill('Packet torn');
      await page.screenshot({ path: `/tmp/ret-lines-${width}.png` });
      await dialog.getByRole('button', { name: 'Refund ₹120' }).click();
      const done = page.getByRole('dialog', { name: 'Return recorded' });
      await done.getByText('Refunded by Cash').waitFor();
      await done
        .getByText(/^Credit note CN\//)
        .first()
        .waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/ret-refund-${width}.png` });
      expect(await stockOf(page, names[0] as string)).toBe(5);
      // The credit note as PDF, as the button downloads it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        done.getByRole('button', { name: 'Credit note PDF' }).click(),
      ]);
      await download.saveAs(`/tmp/ret-credit-note-${width}.pdf`);
      expect(download.suggestedFilename()).toMatch(/^CN-.*\.pdf$/);
      await done.getByRole('button', { name: 'Done' }).click();

      // The jar is exchanged for the hamper: ₹250 - ₹80 = ₹170 to pay, in cash.
      dialog = await findSale(page, number);
      await dialog.getByText('Nothing left to return').waitFor();
      await dialog.getByText(/^Returned before: CN\/.* ₹120$/).waitFor();
      await dialog.getByRole('button', { name: `One more ${names[1]}` }).click();
      await dialog.getByLabel('Reason').fill('Wants the hamper');
      await dialog.getByRole('tab', { name: 'Exchange' }).click();
      await dialog.getByLabel('Add to the new bill').fill(names[2] as string);
      await dialog
        .getByRole('list', { name: 'Products for the exchange' })
        .getByRole('button', { name: new RegExp(names[2] as string) })
        .click();
      await dialog.getByText('Customer pays', { exact: true }).waitFor();
      await dialog.getByText('₹170').first().waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/ret-exchange-form-${width}.png` });
      await dialog.getByRole('button', { name: 'Record exchange' }).click();
      const exchanged = page.getByRole('dialog', { name: 'Return recorded' });
      await exchanged
        .getByText(/^New bill ORD-\d+$/)
        .first()
        .waitFor();
      await exchanged.getByText('Paid by Cash').first().waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/ret-exchange-${width}.png` });
      expect(await stockOf(page, names[1] as string)).toBe(5);
      expect(await stockOf(page, names[2] as string)).toBe(4);
      await page.context().close();
    });
  }
});

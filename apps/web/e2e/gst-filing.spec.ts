import { readFile } from 'node:fs/promises';
import { GST_STATE_CODES, gstinCheckDigit, posTotals } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor, vendorToken } from './journeys.ts';

/**
 * GST filing (issue 39): the inventory warns of a product without an HSN code and lists it, the vendor fills the
 * code in; a business buys it (a tax invoice to its GSTIN); GSTR-1 for the month carries the invoice under b2b
 * and the code in the HSN summary. At a phone's width and at a laptop's.
 */
let app: AppHandle;
let shop: string;
let token: string;
beforeAll(async () => {
  app = await startApp();
  // A seeded shop (its owner signs in) that no other journey adds products to.
  shop = ['malabar-spice-route', 'chai-sutra', 'namma-gadgets'].find((s) => s !== app.demo.openShop) ?? '';
  token = await vendorToken(app, shop);
});
afterAll(async () => {
  await app?.close();
});

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(app.url(`/api/admin${path}`), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'store-origin': shop,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data as T;
}

/** A product of the shop's first category without an HSN code, as an older catalogue has them. */
async function productWithoutHsn(name: string, sku: string) {
  const [category] = await api<{ id: string }[]>('GET', '/category/');
  const body = {
    product_name: name,
    sku,
    original_price: 150,
    product_price: 250,
    unit: 'Piece',
    product_quantity: 20,
    low_stock_threshold: 2,
    shipping_charge: 40,
    tax_percentage: 5,
    category_id: category?.id,
  };
  const product = await api<{ id: string; sku: string; hsn_code: string | null }>('POST', '/product/', body);
  return { ...product, body };
}

const first14 = `${GST_STATE_CODES.Karnataka}AABCU9603R1Z`;
const BUSINESS_GSTIN = first14 + gstinCheckDigit(first14);

/**
 * A counter sale of 3 units, to a business in Karnataka (its GSTIN on the bill) or to a walk-in customer: the
 * tax invoice is issued at the sale.
 */
async function counterSale(productId: string, business: boolean) {
  const gstin = business ? BUSINESS_GSTIN : undefined;
  const t = posTotals([{ unitPricePaise: 25_000, quantity: 3, ratePercent: 5 }], { type: 'FIXED', value: 0 });
  const sale = await api<{ order_number: string; invoice_number: string | null }>(
    'POST',
    '/order/pos-checkout/',
    {
      name: business ? 'Udupi Traders' : 'Asha Menon',
      phone: business ? '9845012345' : '9847012345',
      ...(gstin ? { gst_number: gstin, address: '4 Car Street, Udupi' } : {}),
      product_id: [{ product_id: productId, quantity: 3 }],
      discount_type: 'FIXED',
      discount_value: 0,
      sub_total: t.subtotalPaise / 100,
      discount_amount: 0,
      tax: t.taxPaise / 100,
      total_bill_amount: t.totalPaise / 100,
      total_items: t.items,
      payment: { method: 'CASH', amount_received: t.totalPaise / 100 },
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  return { ...sale, gstin };
}

/** The HSN warning, "Show them", the product's dialog: a wrong code is refused, a right one takes it off. */
async function fillMissingHsn(vendor: Page, name: string, hsn: string, width: number) {
  await vendor.goto(app.url('/inventory', 'admin'));
  await vendor.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
  const warning = vendor.getByRole('region', { name: 'Products without an HSN code' });
  await warning.getByText(/^\d+ products? (has|have) no HSN code$/).waitFor();
  expect(await warning.innerText()).toContain('GST invoices and GSTR-1 need one');
  await noSidewaysScroll(vendor);
  await warning.screenshot({ path: `/tmp/gst-shots/hsn-warning-${width}.png` });
  await vendor.screenshot({ path: `/tmp/gst-shots/inventory-${width}.png` });
  await warning.getByRole('button', { name: 'Show them' }).click();
  await vendor.waitForURL((u) => u.searchParams.get('missing_hsn') === 'true');
  await vendor.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = vendor.getByRole('dialog', { name: 'Update Product' });
  const field = dialog.getByLabel('HSN code');
  expect(await field.inputValue()).toBe('');
  await field.fill(hsn.slice(0, 5));
  await dialog.getByRole('button', { name: 'Save Product' }).click();
  await dialog.getByText('HSN code is 4, 6 or 8 digits').waitFor();
  await field.fill(hsn);
  await dialog.getByRole('button', { name: 'Save Product' }).click();
  await vendor.getByText('Product updated').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // Every product of the shop has a code now: the warning is gone and the filtered list is empty.
  await warning.waitFor({ state: 'hidden' });
  await vendor.getByRole('button', { name: `Edit ${name}` }).waitFor({ state: 'hidden' });
}

/** Opens GSTR-1's files and clicks one; when the month has something to fix, the dialog says so and downloads anyway. */
async function downloadGstr1(vendor: Page, label: string, shot?: string) {
  const download = vendor.waitForEvent('download');
  const menu = vendor.getByRole('button', { name: 'GSTR-1', exact: true });
  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  await vendor.getByRole('button', { name: label, exact: true }).click();
  const check = vendor.getByRole('dialog', { name: /check before uploading/ });
  const held = await Promise.race([download.then(() => false), check.waitFor().then(() => true)]);
  if (held) {
    await check.getByText(/^\d+ lines? of the month's documents ha(s|ve) no HSN code/).waitFor();
    if (shot) await vendor.screenshot({ path: shot });
    await check.getByRole('button', { name: `Download ${label} anyway` }).click();
  }
  return { download: await download, held };
}

describe('GST filing from the back office', () => {
  it.each([360, 1366])(
    'at %i px: fills the missing HSN code from the warning, bills a business, downloads GSTR-1 with both',
    async (width) => {
      const run = `${width}-${Date.now().toString(36)}`;
      const name = `Tellicherry Pepper ${run}`;
      const hsn = width === 360 ? '09041110' : '09041120';
      const product = await productWithoutHsn(name, `GSTF-${run}`.toUpperCase());
      expect(product.hsn_code).toBeNull();

      const vendor = await app.newPage({ width, height: 900 });
      await signInVendor(app, vendor, shop);
      await fillMissingHsn(vendor, name, hsn, width);

      // A product sold before its code was set leaves a line without one in the month (GSTR-1 will say so); its
      // code is then set, so the next run's warning again counts only its own product.
      const early = await productWithoutHsn(`Loose Cardamom ${run}`, `GSTE-${run}`.toUpperCase());
      await counterSale(early.id, false);
      await api('PUT', `/product/${early.id}/`, {
        ...early.body,
        product_quantity: 17,
        hsn_code: '09083120',
      });
      const sale = await counterSale(product.id, true);
      expect(sale.invoice_number).toMatch(/^INV\//);
      const invoice = sale.invoice_number ?? '';

      // Transactions: the sale's tax invoice downloads as a PDF.
      await vendor.goto(app.url('/transaction', 'admin'));
      await vendor.getByRole('heading', { name: 'Transaction Management' }).waitFor();
      await vendor.getByLabel('Search').fill(sale.order_number);
      await vendor.waitForURL((u) => u.searchParams.get('search') === sale.order_number);
      const [pdf] = await Promise.all([
        vendor.waitForEvent('download'),
        vendor.getByRole('button', { name: `Download invoice ${invoice}` }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe(`${invoice.replaceAll('/', '-')}.pdf`);
      expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

      // GSTR-1 for this month (the month field starts at the current one, in India's time).
      const reports = vendor.getByLabel('GST month');
      const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
      expect(await reports.inputValue()).toBe(month);
      await vendor.evaluate(() => window.scrollTo(0, 0));
      await noSidewaysScroll(vendor);
      await vendor.screenshot({ path: `/tmp/gst-shots/transactions-${width}.png` });
      await vendor.getByRole('button', { name: 'GSTR-1', exact: true }).click();
      await vendor.getByRole('button', { name: 'GSTR-1 (CSV)', exact: true }).waitFor();
      await noSidewaysScroll(vendor);
      await vendor.screenshot({ path: `/tmp/gst-shots/gstr1-menu-${width}.png` });
      await vendor.keyboard.press('Escape');
      await vendor.getByRole('button', { name: 'GSTR-1 (CSV)', exact: true }).waitFor({ state: 'hidden' });
      const { download: json, held } = await downloadGstr1(
        vendor,
        'GSTR-1 (JSON)',
        `/tmp/gst-shots/gstr1-problems-${width}.png`,
      );
      expect(held).toBe(true);
      expect(json.suggestedFilename()).toBe(`${shop}-GSTR1-${month.slice(5)}${month.slice(0, 4)}.json`);
      const file = JSON.parse((await readFile(await json.path())).toString('utf8'));
      expect(file.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
      const buyer = file.b2b.find((b: { ctin: string }) => b.ctin === BUSINESS_GSTIN);
      const inv = buyer?.inv.find((i: { inum: string }) => i.inum === invoice);
      // Sold over the counter: the place of supply is the shop's own state, whatever the buyer's GSTIN says.
      expect(inv).toMatchObject({ pos: file.gstin.slice(0, 2), inv_typ: 'R', rchrg: 'N' });
      expect(inv.itms[0].itm_det).toMatchObject({ rt: 5 });
      const hsnRow = file.hsn.hsn_b2b.find((h: { hsn_sc: string }) => h.hsn_sc === hsn);
      expect(hsnRow).toMatchObject({ qty: 3, rt: 5 });
      const { download: csv } = await downloadGstr1(vendor, 'GSTR-1 (CSV)');
      expect((await readFile(await csv.path())).toString('utf8')).toContain(invoice);
      await vendor.context().close();
    },
  );
});

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TaxDocumentSummary, Transaction } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { adminData, noSidewaysScroll, signInVendor, vendorToken } from './journeys.ts';

/**
 * The e-invoice of a B2B invoice (issue 39): the vendor opens the transaction of a counter sale to a business (a tax
 * invoice to its GSTIN), downloads its e-invoice JSON, enters the IRN the portal returned and sees it shown; at a
 * phone's width and at a laptop's.
 */
let app: AppHandle;
let shop: string;
let token: string;
beforeAll(async () => {
  app = await startApp();
  shop = app.demo.openShop;
  token = await vendorToken(app, shop);
});
afterAll(async () => {
  await app?.close();
});

const api = async <T>(path: string): Promise<T> => adminData(app, token, path, { shop });

/** A demo transaction whose invoice is B2B and has no IRN yet. */
async function b2bTransaction() {
  for (let offset = 0; offset < 2000; offset += 100) {
    const page = await api<{ results: Transaction[] }>(`/transaction/?limit=100&offset=${offset}`);
    for (const t of page.results.filter((r) => r.is_invoice_generated && r.payment_mode !== 'COD')) {
      const d = await api<{ documents: TaxDocumentSummary[] }>(`/transaction/${t.id}/`);
      const invoice = d.documents.find((x) => x.kind === 'INVOICE' && x.b2b && !x.irn);
      if (invoice) return { id: t.id, invoice };
    }
    if (page.results.length < 100) break;
  }
  throw new Error('no demo B2B invoice without an IRN');
}

const panel = (page: Page) => page.getByRole('region', { name: 'E-invoice' });

describe('e-invoice of a B2B invoice', () => {
  it('downloads the e-invoice JSON, enters the IRN and shows it', async () => {
    const { id, invoice } = await b2bTransaction();
    const vendor = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, vendor, shop);
    await vendor.goto(app.url(`/transaction/${id}`, 'admin'));
    await vendor.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    await panel(vendor).getByText(`Upload the e-invoice JSON of ${invoice.number}`).waitFor();
    await noSidewaysScroll(vendor);
    await panel(vendor).screenshot({ path: '/tmp/einvoice-panel-1366.png' });

    const [download] = await Promise.all([
      vendor.waitForEvent('download'),
      panel(vendor).getByRole('button', { name: 'Download e-invoice JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toContain(`einvoice-${invoice.number.replaceAll('/', '-')}.json`);
    const file = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(file).toMatchObject({ Version: '1.1', DocDtls: { Typ: 'INV', No: invoice.number } });
    expect(file.BuyerDtls.Gstin).toMatch(/^[0-9]{2}[A-Z0-9]{13}$/);

    // At a phone's width: the dialog checks the IRN as typed, then saves it.
    await vendor.setViewportSize({ width: 360, height: 800 });
    await noSidewaysScroll(vendor);
    await panel(vendor).screenshot({ path: '/tmp/einvoice-panel-360.png' });
    await panel(vendor).getByRole('button', { name: 'Enter IRN' }).click();
    const dialog = vendor.getByRole('dialog', { name: 'Enter IRN' });
    const irn = randomBytes(32).toString('hex');
    await dialog.getByLabel('IRN').fill('not-an-irn');
    await dialog.getByLabel('Ack No').fill(`1120${Date.now()}`.slice(0, 15));
    await dialog.getByLabel('Ack Date').fill('2026-12-07 14:05:00');
    const qr = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ data: { Irn: irn } })).toString('base64url')}.c2lnbg`;
    await dialog.getByLabel('Signed QR code').fill(qr);
    await dialog.getByRole('button', { name: 'Save IRN' }).click();
    await dialog.getByText('The IRN is 64 characters, digits and the letters a to f (lower case)').waitFor();
    await dialog.screenshot({ path: '/tmp/einvoice-dialog-360.png' });
    await dialog.getByLabel('IRN').fill(irn);
    await dialog.getByRole('button', { name: 'Save IRN' }).click();
    await vendor.getByText('IRN entered', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await panel(vendor).getByText(irn).waitFor();
    await panel(vendor).getByText('Ack No').waitFor();
    expect(await panel(vendor).getByRole('button', { name: 'Enter IRN' }).count()).toBe(0);
    await noSidewaysScroll(vendor);
    await panel(vendor).screenshot({ path: '/tmp/einvoice-entered-360.png' });
    await vendor.setViewportSize({ width: 1366, height: 900 });
    await panel(vendor).screenshot({ path: '/tmp/einvoice-entered-1366.png' });
  });
});

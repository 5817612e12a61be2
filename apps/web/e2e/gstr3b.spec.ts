import { mkdir, readFile } from 'node:fs/promises';
import { formatRupees, gstinCheckDigit } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { adminData, noSidewaysScroll, signInVendor, vendorToken } from './journeys.ts';

/**
 * GSTR-3B from the back office (issue 38): the owner records a supplier's bill with GST from a supplier of the
 * shop's state and an expense with GST but no GSTIN, opens Transactions, GSTR-3B for this month: the dialog shows
 * the credit (net ITC), the cash to pay after setting it off, lists the expense it could not claim, and downloads
 * the portal's JSON, whose net ITC is the one shown. At a phone's width and at a laptop's.
 */
let app: AppHandle;
let shop: string;
let token: string;
const SHOTS = '/tmp/gst-shots';
beforeAll(async () => {
  app = await startApp();
  shop = ['namma-gadgets', 'malabar-spice-route', 'chai-sutra'].find((s) => s !== app.demo.openShop) ?? '';
  token = await vendorToken(app, shop);
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await app?.close();
});

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
  adminData(app, token, path, { method, body, shop });

type Heads = { iamt: number; camt: number; samt: number; csamt: number };
interface Preview {
  gstin: string;
  ret_period: string;
  itc_elg: { itc_net: Heads };
  set_off: { cash_total: number };
  problems: string[];
}

/** A supplier of the shop's own state, its bill of today with `tax` rupees of GST, and an expense without a GSTIN. */
async function recordPurchases(run: string, gstin: string, tax: number, today: string) {
  const first14 = `${gstin.slice(0, 2)}AABCK${String(1000 + (Date.now() % 9000)).slice(0, 4)}P1Z`;
  const supplier = await api<{ id: string }>('POST', '/supplier/', {
    supplier_name: `Kiran ${run}`,
    company_name: `Kiran Wholesale ${run}`,
    supplier_contact: '9845098450',
    supplier_gst_number: first14 + gstinCheckDigit(first14),
  });
  await api('POST', '/supplier-bill/', {
    supplier_id: supplier.id,
    bill_number: `KW-${run}`,
    bill_date: today,
    taxable_amount: 500,
    tax_amount: tax,
  });
  await api('POST', '/expense/', {
    category: 'Packaging',
    spent_on: today,
    amount: 236,
    gst: 36,
    payee: `Street Cartons ${run}`,
    description: 'Cartons',
    method: 'CASH',
  });
}

/** The dialog's box is no wider than the screen and its content does not scroll sideways. */
async function fitsTheScreen(vendor: Page) {
  await noSidewaysScroll(vendor);
  const [scroll, client, right, width] = await vendor
    .getByRole('dialog')
    .evaluate((d) => [d.scrollWidth, d.clientWidth, d.getBoundingClientRect().right, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  expect(right).toBeLessThanOrEqual(width);
}

describe('GSTR-3B from the back office', () => {
  it.each([360, 1366])(
    'at %i px: shows the input tax credit and the cash to pay, lists what it cannot claim, downloads the JSON',
    async (width) => {
      const run = `${width}-${Date.now().toString(36)}`.toUpperCase();
      const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
      const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
      const before = await api<Preview>('GET', `/transaction/gstr3b/?month=${month}`);
      await recordPurchases(run, before.gstin, 45.5, today);
      const expected = await api<Preview>('GET', `/transaction/gstr3b/?month=${month}`);
      // The bill's ₹45.50 within the state: ₹22.75 of CGST and of SGST more than before.
      expect(
        Math.round(expected.itc_elg.itc_net.camt * 100) - Math.round(before.itc_elg.itc_net.camt * 100),
      ).toBe(2275);
      expect(
        Math.round(expected.itc_elg.itc_net.samt * 100) - Math.round(before.itc_elg.itc_net.samt * 100),
      ).toBe(2275);

      const vendor = await app.newPage({ width, height: 900 });
      await signInVendor(app, vendor, shop);
      await vendor.goto(app.url('/transaction', 'admin'));
      await vendor.getByRole('heading', { name: 'Transaction Management' }).waitFor();
      expect(await vendor.getByLabel('GST month').inputValue()).toBe(month);
      await vendor.getByRole('button', { name: 'GSTR-3B', exact: true }).click();
      const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const dialog = vendor.getByRole('dialog', { name: `GSTR-3B for ${monthName}` });
      const net = dialog.getByTestId('gstr3b-itc-net');
      await net.waitFor();
      const itc = expected.itc_elg.itc_net;
      const netText = await net.innerText();
      for (const [head, rupees] of [
        ['IGST', itc.iamt],
        ['CGST', itc.camt],
        ['SGST', itc.samt],
      ] as const)
        expect(netText).toContain(`${head}\n${formatRupees(rupees)}`);
      expect(await dialog.getByTestId('gstr3b-cash').innerText()).toBe(
        formatRupees(expected.set_off.cash_total),
      );
      const problems = dialog.getByRole('region', { name: 'Check before filing' });
      await problems.getByText(`to Street Cartons ${run} (Packaging)`, { exact: false }).waitFor();
      expect(await problems.innerText()).toContain('₹36 GST not claimed, it has no payee GSTIN');
      await fitsTheScreen(vendor);
      await vendor.screenshot({ path: `${SHOTS}/gstr3b-${width}.png` });
      await dialog.getByRole('region', { name: 'Payment of tax' }).scrollIntoViewIfNeeded();
      await vendor.screenshot({ path: `${SHOTS}/gstr3b-set-off-${width}.png` });

      const [download] = await Promise.all([
        vendor.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download JSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${shop}-GSTR3B-${expected.ret_period}.json`);
      const file = JSON.parse((await readFile(await download.path())).toString('utf8'));
      expect(file.ret_period).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
      expect(file.itc_elg.itc_net).toEqual(itc);
      expect(file.set_off).toBeUndefined();
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      await vendor.context().close();
    },
  );
});

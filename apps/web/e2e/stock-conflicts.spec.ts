import { posTotals } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminData,
  appForFile,
  demoShopToChange,
  noSidewaysScroll,
  signInVendor,
  vendorToken,
} from './journeys.ts';

/*
 * Issue 43: a sale from an offline counter that took more units than the server had (sold online meanwhile) is
 * recorded and shows up for the owner as a stock conflict: the dashboard says so, the Stock conflicts screen lists
 * it, and the owner sets the counted stock (an adjustment) or accepts it as is; it then shows under Resolved.
 */

const app = await appForFile();
/** A published demo shop no other journey changes. */
const shop = await demoShopToChange(app, 4);
const token = await vendorToken(app, shop);
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  adminData(app, token, path, { ...init, shop });

/** A product with 1 on the shelf, sold 3 at once by a new counter offline: the conflict's product name. */
async function oversoldOffline(label: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  const name = `${label} ${stamp}`;
  const [category] = (await api('/category/')) as { id: string }[];
  const product = await api('/product/', {
    body: {
      product_name: name,
      sku: `SC-${stamp}`,
      original_price: 60,
      product_price: 100,
      unit: 'Piece',
      product_quantity: 1,
      shipping_charge: 0,
      tax_percentage: 5,
      category_id: category?.id,
    },
  });
  const { counter } = await api('/pos/counters/', { body: { name: `Till ${stamp}` } });
  const tot = posTotals([{ unitPricePaise: 10_000, quantity: 3, ratePercent: 5 }], {
    type: 'FIXED',
    value: 0,
  });
  const res = await fetch(app.url('/api/admin/order/pos-checkout/'), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'store-origin': shop,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      name: 'Kavya Menon',
      phone: '9845012345',
      product_id: [{ product_id: product.id, quantity: 3, unit_price_paise: 10_000 }],
      discount_type: 'FIXED',
      discount_value: 0,
      sub_total: tot.subtotalPaise / 100,
      discount_amount: tot.discountPaise / 100,
      tax: tot.taxPaise / 100,
      total_bill_amount: tot.totalPaise / 100,
      total_items: tot.items,
      payment: { method: 'CASH', amount_received: tot.totalPaise / 100 },
      offline: {
        counter_id: counter.id,
        receipt_seq: 1,
        sold_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      },
    }),
  });
  const sale = await res.json();
  expect(res.status, JSON.stringify(sale)).toBe(201);
  expect(sale.data.offline.stock_conflicts).toEqual([
    expect.objectContaining({ quantity_sold: 3, stock_after: -2 }),
  ]);
  return { name, receipt: sale.data.offline.receipt_number as string };
}

/** From the dashboard's notice to the screen, the conflict's Resolve dialog open. */
async function openConflict(page: Page, width: number, c: { name: string; receipt: string }) {
  await signInVendor(app, page, shop);
  const notice = page.getByRole('link', { name: /stock conflicts? to resolve/ });
  await notice.waitFor();
  await page.screenshot({ path: `/tmp/stock-conflicts-dashboard-${width}.png` });
  await notice.click();
  await page.getByRole('heading', { level: 1, name: 'Stock conflicts' }).waitFor();
  const resolve = page.getByRole('button', { name: `Resolve ${c.name} (${c.receipt})` });
  await resolve.waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({
    path: `/tmp/stock-conflicts-list-${width}.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await resolve.click();
  const dialog = page.getByRole('dialog', { name: 'Resolve stock conflict' });
  await dialog.getByText(`${c.name} · sold 3 · stock now -2`).waitFor();
  await page.screenshot({ path: `/tmp/stock-conflicts-form-${width}.png` });
  return dialog;
}

async function resolvedRow(page: Page, name: string) {
  await page.getByRole('button', { name: 'Resolved', exact: true }).click();
  // A table row on a wide screen, a card on a phone: whichever shows.
  const row = page
    .locator('tr, li')
    .filter({ has: page.getByText(name, { exact: true }), visible: true })
    .first();
  await row.waitFor();
  return row;
}

describe('stock conflicts from the offline counter', () => {
  it('the owner sets the counted stock from the dashboard notice (1366 px)', async () => {
    const c = await oversoldOffline('Tulsi green tea');
    const page = await app.newPage({ width: 1366, height: 900 });
    const dialog = await openConflict(page, 1366, c);
    await dialog.getByLabel('Counted stock').fill('7');
    await dialog.getByLabel('Note (optional)').fill('Counted after the rush');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText(/becomes 7 \(now -2\)/).waitFor();
    await page.screenshot({ path: `/tmp/stock-conflicts-confirm-1366.png` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Stock conflict resolved').first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: `Resolve ${c.name} (${c.receipt})` }).count())
      .toBe(0);
    const row = await resolvedRow(page, c.name);
    expect(await row.innerText()).toContain('Stock counted');
    expect(await row.innerText()).toContain('Counted after the rush');
    await page.screenshot({
      path: `/tmp/stock-conflicts-resolved-1366.png`,
      fullPage: true,
      animations: 'disabled',
    });
    const { conflicts } = await api('/pos/conflicts/?status=RESOLVED');
    const mine = conflicts.find((x: { name: string }) => x.name === c.name);
    expect(mine).toMatchObject({ resolution: 'COUNTED', stock_now: 7, note: 'Counted after the rush' });
  });

  it('the owner accepts a conflict as is on a phone (360 px)', async () => {
    const c = await oversoldOffline('Kashmiri kahwa');
    const page = await app.newPage({ width: 360, height: 780 });
    const dialog = await openConflict(page, 360, c);
    await dialog.getByLabel(/Accept as is/).check();
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText(/stays at -2/).waitFor();
    await page.screenshot({ path: `/tmp/stock-conflicts-confirm-360.png` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Stock conflict resolved').first().waitFor();
    const row = await resolvedRow(page, c.name);
    expect(await row.innerText()).toContain('Accepted as is');
    await noSidewaysScroll(page);
    await page.screenshot({
      path: `/tmp/stock-conflicts-resolved-360.png`,
      fullPage: true,
      animations: 'disabled',
    });
    // None open now: Inventory keeps a plain link to them.
    await page.goto(app.url('/inventory/', 'admin'));
    await page.getByRole('link', { name: 'Stock conflicts from the offline counter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stock conflicts' }).waitFor();
    await page.getByText('No stock conflicts to resolve').waitFor();
    await noSidewaysScroll(page);
  });
});

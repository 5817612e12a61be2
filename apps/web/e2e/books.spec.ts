import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * The books (issue 38): an owner records an expense with a photo of the bill, finds it in the month's list, reads
 * the month's profit and loss (the expense is in it and net profit is lower by exactly its amount than the gross
 * margin less the other expenses), and downloads the CSV, whose net profit is the page's. At 1366 and 360 px.
 */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An amount as the page shows it (₹1,23,456.50 or −₹1,180) in paise. */
const paiseOf = (text: string) => {
  const n = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  return /^\s*[−-]/.test(text) ? -n : n;
};

/** Net profit, gross margin and expenses of the statement on the Profit tab, in paise (once expenses differ from `not`). */
async function statement(page: Page, not?: number) {
  await page.getByRole('link', { name: 'Profit' }).click();
  await page.getByTestId('pl-net-profit').waitFor();
  const read = async () => ({
    margin: paiseOf(await page.getByTestId('pl-gross-margin').innerText()),
    net: paiseOf(await page.getByTestId('pl-net-profit').innerText()),
    // Shown as what they take away (−₹…): their size.
    expenses: -paiseOf(await page.getByTestId('pl-expenses').innerText()),
  });
  // The tab may first show what it had, then what the server says now.
  await expect.poll(async () => (await read()).expenses, { timeout: 10_000 }).not.toBe(not);
  return read();
}

/** Records an expense through the form, with a receipt image. */
async function recordExpense(page: Page, payee: string, amount: string, gst: string) {
  await page.getByRole('link', { name: 'Expenses' }).click();
  await page.getByRole('button', { name: 'Record expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record expense' });
  await dialog.getByLabel('Category').fill('Repairs');
  await dialog.getByLabel('Amount (GST included)').fill('-50');
  await dialog.getByRole('button', { name: 'Record expense' }).click();
  await dialog.getByText('Amount cannot be negative').waitFor();
  await dialog.getByLabel('Amount (GST included)').fill(amount);
  await dialog.getByLabel('GST in it (optional)').fill(gst);
  await dialog.getByLabel('Paid to').fill(payee);
  await dialog.getByLabel('Paid by').selectOption('UPI');
  await dialog
    .getByLabel('Receipt image')
    .setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('img', { name: 'Receipt' }).waitFor();
  await page.screenshot({ path: `/tmp/books-form-${page.viewportSize()?.width}.png` });
  await dialog.getByRole('button', { name: 'Record expense' }).click();
  await page.getByText('Expense recorded').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function journey(page: Page, width: number) {
  await signInVendor(app, page, app.demo.openShop);
  if (width >= 1024) await page.getByRole('link', { name: 'Books' }).click();
  else await page.goto(app.url('/books/expenses', 'admin'));
  await page.getByRole('heading', { name: 'Books' }).waitFor();
  const before = await statement(page);
  const payee = `Sharma Electricals ${width}-${Date.now().toString(36)}`;
  await recordExpense(page, payee, '1180', '180');

  // In the month's list, with its receipt.
  const row = page.getByText(payee).filter({ visible: true }).first();
  await row.waitFor();
  await page.screenshot({ path: `/tmp/books-expenses-${width}.png`, fullPage: true });

  const after = await statement(page, before.expenses);
  expect(after.expenses - before.expenses).toBe(118_000);
  // Net profit is gross margin less expenses: lower by exactly the expense (sales may move meanwhile).
  expect(after.margin - after.net - (before.margin - before.net)).toBe(118_000);
  expect(after.net).toBe(after.margin - after.expenses);
  await page
    .getByTestId('pl-basis')
    .getByText(/GST and delivery charges included/)
    .waitFor();
  await page.getByTestId('profit-chart').locator('canvas').waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/books-profit-${width}.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/profit-loss-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const line = csv.split(/\r?\n/).find((l) => l.startsWith('Net profit,'));
  expect(Math.round(Number(line?.split(',')[1]) * 100)).toBe(after.net);
}

describe('the books', () => {
  it('records an expense with a receipt, sees it in the list, reads the month’s profit and downloads the CSV at 1366 px', async () => {
    await journey(await app.newPage({ width: 1366, height: 900 }), 1366);
  });

  it('does the same on a 360 px phone', async () => {
    await journey(await app.newPage({ width: 360, height: 780 }), 360);
  });
});

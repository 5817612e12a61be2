import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { adminCallOnPage, noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * Customers and their khata (issue 38): sell on credit at the counter, see the balance on the customer, take a part
 * payment, download the statement and read it, and open the WhatsApp reminder; at 1366 and 360 px.
 */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface Row {
  id: string;
  name: string;
  phone: string;
  balance: number;
  credit_limit: number | null;
}

/** A counter customer of the demo shop, given room on their khata: a limit of their balance plus ₹50,000. */
async function customerOnCredit(page: Page, skip = 0): Promise<Row> {
  const list = (await adminCallOnPage(app, page, '/customer/?limit=50')).json.data.results as Row[];
  const c = list.filter((r) => !r.credit_limit)[skip];
  if (!c) throw new Error('no customer without a limit on the first page');
  const set = await adminCallOnPage(app, page, `/customer/${c.id}/credit-limit/`, {
    method: 'PUT',
    body: { credit_limit: Math.max(c.balance, 0) + 50_000 },
  });
  expect(set.status).toBe(200);
  return c;
}

/** At the counter: the first product, the customer's phone and name, Pay later (khata). The total sold. */
async function sellOnKhata(page: Page, c: Row) {
  await page.goto(app.url('/checkout/', 'admin'));
  await page.getByRole('heading', { name: 'Point of Sale' }).waitFor();
  await page.getByRole('button', { name: /^Add / }).first().click();
  await page.getByLabel('Phone *').fill(c.phone);
  // The counter finds the customer by phone and fills in their name.
  await expect.poll(() => page.getByLabel('Name *').inputValue()).toBe(c.name);
  await page.getByRole('button', { name: 'Process Payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Process Payment' });
  const total = Number((await pay.getByText(/Total to collect/).innerText()).replace(/[^\d.]/g, ''));
  await pay.getByText('Pay later (khata)').click();
  await pay.getByTestId('khata-section').getByText('Credit limit').waitFor();
  await page.screenshot({ path: `/tmp/khata-pos-${page.viewportSize()?.width}.png` });
  await pay.getByRole('button', { name: 'Put on khata' }).click();
  const receipt = page.getByRole('dialog', { name: 'Sale complete' });
  await receipt.getByText('Khata (unpaid)').first().waitFor();
  await receipt.getByRole('button', { name: /New Sale/ }).click();
  return total;
}

describe('the khata', () => {
  it('sells on credit, shows the balance, takes a part payment, prints the statement and sends a reminder (1366 px)', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, page, app.demo.openShop);
    const c = await customerOnCredit(page);
    const total = await sellOnKhata(page, c);
    const owed = Math.round((c.balance + total) * 100) / 100;

    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    await page.screenshot({ path: '/tmp/khata-list-1366.png' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(c.phone);
    await page.getByRole('link', { name: c.name }).first().click();
    await page.getByRole('heading', { name: c.name }).waitFor();
    const detail = async () => (await adminCallOnPage(app, page, `/customer/${c.id}/`)).json.data;
    expect((await detail()).balance).toBe(owed);
    await page.getByTestId('khata-balance').getByText(/due$/).waitFor();

    await page.getByRole('button', { name: 'Receive payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive payment' });
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByLabel('Paid by').selectOption('UPI');
    await dialog.getByLabel(/Reference/).fill('UTR998877');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment recorded').first().waitFor();
    await expect.poll(async () => (await detail()).balance).toBe(Math.round((owed - 100) * 100) / 100);
    await page
      .getByRole('list', { name: 'Khata entries' })
      .getByText(/Payment received · UPI/)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/khata-customer-1366.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Statement' }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-layout', (await download.path()) ?? '', '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('KHATA STATEMENT');
    expect(text).toContain(c.name);
    expect(text).toContain('Opening balance');
    expect(text).toContain('Payment received (UPI UTR998877)');
    expect(text).toContain('Closing balance');

    const reminder = page.getByRole('link', { name: 'Send reminder' });
    const href = (await reminder.getAttribute('href')) ?? '';
    expect(href.startsWith(`https://wa.me/91${c.phone}?text=`)).toBe(true);
    expect(decodeURIComponent(href)).toContain('is due on your khata');
    await page.context().close();
  });

  it('works on a 360 px phone: the menu has Customers, the list and the customer fit the screen', async () => {
    const phone = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, phone, app.demo.openShop);
    const c = await customerOnCredit(phone, 1);
    await sellOnKhata(phone, c);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('link', { name: 'Customers', exact: true }).click();
    await phone.getByRole('heading', { name: 'Customers' }).waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: '/tmp/khata-list-360.png', fullPage: true });
    await phone.goto(app.url(`/customers/${c.id}`, 'admin'));
    await phone.getByRole('heading', { name: c.name }).waitFor();
    await phone.getByTestId('khata-balance').getByText(/due$/).waitFor();
    await noSidewaysScroll(phone);
    await phone.getByRole('link', { name: 'Send reminder' }).waitFor();
    await phone.screenshot({ path: '/tmp/khata-customer-360.png', fullPage: true });
    await phone.context().close();
  });
});

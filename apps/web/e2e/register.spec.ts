import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * The day at the counter (issue 38), as a shop owner runs it at 1366 and 360 px: open a register with a float, sell
 * for cash, take cash out for petty expenses, close with a count that differs, read the difference on the report,
 * print it (80 mm) and download its PDF; then find the day in Registers.
 */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** Sells the first product on the screen for the exact amount in cash; answers the bill's total in rupees. */
async function sellForCash(page: Page, phone: string) {
  await page.getByRole('button', { name: /^Add / }).first().click();
  await page.getByLabel('Phone *').fill(phone);
  await page.getByLabel('Name *').fill('Lakshmi Nair');
  await page.getByRole('button', { name: 'Process Payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Process Payment' });
  const total = rupees(await pay.getByText(/Total to collect/).innerText());
  await pay.getByLabel('Amount received').fill(String(total));
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.getByRole('dialog', { name: 'Sale complete' });
  await receipt.getByRole('button', { name: /New Sale/ }).click();
  return total;
}

async function runTheDay(page: Page, width: number) {
  await signInVendor(app, page, app.demo.openShop);
  await page.goto(app.url('/checkout/', 'admin'));
  const bar = page.getByRole('region', { name: 'Cash register' });
  await bar.getByText('No register open: cash sales are not counted in a drawer.').waitFor();
  await bar.getByRole('button', { name: 'Open register' }).click();
  const open = page.getByRole('dialog', { name: 'Open register' });
  await open.getByRole('button', { name: 'Open register' }).click();
  await open.getByText('Opening float is required').waitFor();
  await open.getByLabel('Opening float').fill('2000');
  await open.getByRole('button', { name: 'Open register' }).click();
  await bar.getByText(/Counter 1 open since .*, float ₹2,000/).waitFor();
  await page.screenshot({ path: `/tmp/reg-bar-${width}.png`, fullPage: false });

  const total = await sellForCash(page, `98${Date.now().toString().slice(-8)}`);
  await bar.getByRole('button', { name: 'Cash out' }).click();
  const out = page.getByRole('dialog', { name: 'Cash out' });
  await out.getByLabel('Amount').fill('120');
  await out.getByRole('button', { name: 'Record cash out' }).click();
  await out.getByText('Reason is required (3 characters or more)').waitFor();
  await out.getByLabel('Reason').fill('Tea and snacks');
  await out.getByRole('button', { name: 'Record cash out' }).click();
  await page.getByText('Cash out recorded').first().waitFor();

  // Blind count: ₹50 less than the drawer should hold, and no expected figure on the form.
  const counted = Math.round((2000 + total - 120 - 50) * 100) / 100;
  await bar.getByRole('button', { name: 'Close register' }).click();
  const close = page.getByRole('dialog', { name: 'Close register' });
  expect(await close.getByText('Expected cash').count()).toBe(0);
  await close.getByLabel('Counted cash').fill(String(counted));
  await close.getByLabel('Note (optional)').fill('A ₹50 note missing');
  await close.getByRole('button', { name: 'Close register' }).click();
  const closed = page.getByRole('dialog', { name: 'Counter 1 closed' });
  await closed.getByText('Short by ₹50').waitFor();
  expect(await closed.getByText('Short by ₹50').evaluate((el) => el.className)).toContain('text-red-700');
  await closed.getByText('− Cash out').waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/reg-closed-${width}.png`, fullPage: false });
  return { closed, total };
}

describe('the day at the counter', () => {
  it('opens, sells, takes cash out, closes short, prints the report and finds the day in Registers (1366 px)', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    const { closed } = await runTheDay(page, 1366);
    await page.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes';
      };
    });
    await closed.getByRole('button', { name: 'Print report' }).click();
    expect(await page.evaluate(() => document.body.dataset.printed)).toBe('yes');
    expect(await page.locator('#register-print').innerText()).toContain('Register closing report');
    // As the printer gets it: only the report, 72 mm wide (an 80 mm roll).
    await page.emulateMedia({ media: 'print' });
    const paper = page.locator('#register-print');
    expect(Math.round((await paper.boundingBox())?.width ?? 0)).toBe(272);
    await paper.screenshot({ path: '/tmp/reg-print-80mm.png' });
    await page.emulateMedia({ media: 'screen' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      closed.getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^register-\d{4}-\d{2}-\d{2}\.pdf$/);
    await closed.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('region', { name: 'Cash register' })
      .getByRole('button', { name: 'Open register' })
      .waitFor();

    await page.getByRole('link', { name: 'Registers', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Registers', level: 1 }).waitFor();
    const first = page.getByRole('list', { name: 'Registers' }).getByRole('listitem').first();
    await first.getByText('Short by ₹50').waitFor();
    await first.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Register report' });
    await report.getByText('Note: A ₹50 note missing').waitFor();
    await page.screenshot({ path: '/tmp/reg-history-1366.png', fullPage: false });
    await page.context().close();
  });

  it('closes an open register from Registers, as an owner or manager can for any register', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, page, app.demo.openShop);
    await page.goto(app.url('/checkout/', 'admin'));
    const bar = page.getByRole('region', { name: 'Cash register' });
    await bar.getByRole('button', { name: 'Open register' }).click();
    const open = page.getByRole('dialog', { name: 'Open register' });
    await open.getByLabel('Register').fill('Back counter');
    await open.getByLabel('Opening float').fill('500');
    await open.getByRole('button', { name: 'Open register' }).click();
    await bar.getByText(/Back counter open since/).waitFor();
    await bar.getByRole('link', { name: 'Registers' }).click();
    const row = page
      .getByRole('list', { name: 'Registers' })
      .getByRole('listitem')
      .filter({ hasText: 'open now' });
    await row.getByRole('button', { name: 'Close' }).click();
    const close = page.getByRole('dialog', { name: 'Close register' });
    await close.getByLabel('Counted cash').fill('500');
    await close.getByRole('button', { name: 'Close register' }).click();
    await page.getByRole('dialog', { name: 'Back counter closed' }).getByText('No difference').waitFor();
    await page
      .getByRole('dialog', { name: 'Back counter closed' })
      .getByRole('button', { name: 'Done' })
      .click();
    expect(await page.getByText('open now').count()).toBe(0);
    await page.context().close();
  });

  it('runs the same day on a 360 px phone, and the history fits it', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await runTheDay(page, 360);
    await page
      .getByRole('dialog', { name: 'Counter 1 closed' })
      .getByRole('button', { name: 'Done' })
      .click();
    await page.goto(app.url('/registers/', 'admin'));
    await page.getByRole('heading', { name: 'Registers', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Registers' }).getByText('Short by ₹50').first().waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/reg-history-360.png', fullPage: true });
    await page.context().close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DEMO_PUBLISHED_SHOPS, startApp } from './harness.ts';
import { adminData, noSidewaysScroll, signInVendor, vendorToken } from './journeys.ts';

/** Issue 42, merchant side: the order page, the platform console, the point of sale and the audit trail. */
let app: AppHandle;
/** A demo shop no other journey changes orders of. */
const shop = DEMO_PUBLISHED_SHOPS[4];
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const adminApi = async (bearer: string, path: string, method = 'GET', body?: unknown) =>
  adminData(app, bearer, path, { method, body, shop });

/** An online order of the shop that is ready to ship (moved to PROCESSING through the API if need be). */
async function orderToShip(bearer: string): Promise<string> {
  for (const status of ['PROCESSING', 'CONFIRMED']) {
    const list = await adminApi(bearer, `/order/?status=${status}&limit=20`);
    const row = (list.order_list as { id: string; channel: string }[]).find((o) => o.channel === 'ONLINE');
    if (!row) continue;
    if (status === 'CONFIRMED') {
      const { order_details } = await adminApi(bearer, `/order/${row.id}/`);
      await adminApi(bearer, `/order/${row.id}/status/`, 'PUT', {
        status: 'PROCESSING',
        version: order_details.version,
      });
    }
    return row.id;
  }
  throw new Error(`no order to ship in ${shop}`);
}

const signInOperator = async (page: Page) => {
  await page.goto(app.url('/', 'admin'));
  await page.getByLabel('Email').fill('operator@haat.test');
  await page.getByLabel('Password', { exact: true }).fill('operator-pass-2026');
  await page.getByLabel('Platform operator').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Shops on Haat' }).waitFor();
};

describe('issue 42, merchant side', () => {
  it('the order timeline ticks its steps, and "Changes to this order" shows a shipment without a reload', async () => {
    const orderId = await orderToShip(await vendorToken(app, shop));
    const page = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, page, shop);
    await page.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await timeline.waitFor();
    const changes = page.getByRole('list', { name: 'Changes to this order' });
    await changes.or(page.getByText('No changes recorded yet')).first().waitFor();
    const before = await changes.getByRole('listitem').count();

    await page.getByRole('button', { name: 'Ship Order' }).click();
    const ship = page.getByRole('dialog', { name: 'Ship order' });
    await ship.getByLabel('Carrier').selectOption('Delhivery');
    await ship.getByLabel('Tracking number').fill(`DL42${Date.now() % 1_000_000}`);
    await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
    await page.getByText('Order status updated to SHIPPED').first().waitFor();
    await expect.poll(() => changes.getByRole('listitem').count()).toBeGreaterThan(before);
    await changes
      .getByRole('listitem')
      .filter({ hasText: /shipped/i })
      .first()
      .waitFor();

    // Every step on the timeline has happened: each is drawn as a filled, ticked circle.
    const steps = await timeline.getByRole('listitem').evaluateAll((items) =>
      items.map((li) => {
        const dot = li.querySelector('span[aria-hidden]');
        return {
          text: li.textContent ?? '',
          filled: !!dot && getComputedStyle(dot).backgroundColor !== 'rgba(0, 0, 0, 0)',
          ticked: !!dot?.querySelector('svg'),
        };
      }),
    );
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const s of steps) expect(s, s.text).toMatchObject({ filled: true, ticked: true });
    expect(steps.at(-1)?.text).toMatch(/^Latest step, done: Shipped/);
    await page.screenshot({ path: '/tmp/m42/order-1366.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/m42/order-360.png', fullPage: true });
    await page.context().close();
  });

  it("the operator's shop table fits 1,366 px with Suspend and Maintenance on screen, and 360 px", async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await signInOperator(page);
    const table = page.getByRole('table', { name: 'Shops' });
    await table.getByRole('button', { name: 'Suspend' }).first().waitFor();
    await noSidewaysScroll(page);
    const sideways = await table.evaluate((t) => {
      const box = t.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(sideways).toBe(0);
    for (const name of ['Suspend', 'Maintenance']) {
      const box = await table.getByRole('button', { name, exact: true }).first().boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(1366);
    }
    await page.screenshot({ path: '/tmp/m42/platform-1366.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page
      .getByRole('list', { name: 'Shops' })
      .getByRole('button', { name: 'Suspend' })
      .first()
      .waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/m42/platform-360.png' });
    await page.context().close();
  });

  it('at the point of sale "Name is required" goes once a name is typed, and all 10 phone digits show', async () => {
    for (const width of [1366, 360]) {
      const page = await app.newPage({ width, height: 900 });
      await signInVendor(app, page, shop);
      await page.goto(app.url('/checkout', 'admin'));
      await page.getByRole('heading', { name: 'Point of Sale' }).first().waitFor();
      await page.getByRole('button', { name: /^Add / }).first().click();
      await page.getByRole('button', { name: /Process Payment/ }).click();
      const name = page.getByLabel('Name *');
      await page.getByText('Name is required').waitFor();
      await name.fill('Asha Rao');
      await page.getByText('Name is required').waitFor({ state: 'detached' });
      expect(await name.getAttribute('aria-invalid')).not.toBe('true');

      const phone = page.getByLabel('Phone *');
      await phone.fill('9829056781');
      const cut = await phone.evaluate((el: HTMLInputElement) => el.scrollWidth - el.clientWidth);
      expect(cut, `phone box at ${width} px`).toBeLessThanOrEqual(0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/m42/pos-${width}.png`, fullPage: true });
      await page.context().close();
    }
  });

  it('the audit trail says what changed in words, without sign-ins unless asked', async () => {
    const bearer = await vendorToken(app, shop);
    const list = await adminApi(bearer, '/stores/product/?limit=20');
    const rows = (Array.isArray(list) ? list : list.results) as {
      id: string;
      has_variants: boolean;
    }[];
    const product = rows.find((p) => !p.has_variants);
    if (!product) throw new Error('a product without variants');
    const page = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, page, shop);
    await page.goto(app.url(`/inventory/${product.id}`, 'admin'));
    await page.getByRole('button', { name: 'Edit Product' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Product' });
    const price = edit.getByLabel('Selling Price (₹)');
    const was = Number(await price.inputValue());
    await price.fill(String(was + 50));
    await edit.getByRole('button', { name: 'Save Product' }).click();
    await page.getByText('Product updated').waitFor();
    await edit.waitFor({ state: 'hidden' });

    await page.goto(app.url('/audit-trail', 'admin'));
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    const table = page.getByRole('table', { name: 'Audit trail' });
    const row = table.getByRole('row').filter({ hasText: 'Edited' }).first();
    await row.getByText('Price', { exact: true }).waitFor();
    const inr = (n: number) => `₹${new Intl.NumberFormat('en-IN').format(n)}`;
    const change = (await row.locator('dd').first().innerText()).replace(/\s+/g, ' ').trim();
    expect(change).toMatch(new RegExp(`^${inr(was)} ?→ ?changed to ${inr(was + 50)}$`));
    const text = await table.innerText();
    expect(text).not.toMatch(/[{}]|"\w+":/);
    expect(text).not.toContain('signed in to the back office');
    await page.getByLabel('Sign-ins').selectOption('show');
    await table.getByText('signed in to the back office').first().waitFor();
    await page.screenshot({ path: '/tmp/m42/audit-1366.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/m42/audit-360.png', fullPage: true });
    await page.context().close();
  });
});

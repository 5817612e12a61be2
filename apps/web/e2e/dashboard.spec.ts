import type { DashboardPeriod, DashboardStats } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { adminData, noSidewaysScroll, signInVendor, vendorToken } from './journeys.ts';

let app: AppHandle;
/** A published demo shop the other browser tests leave alone (they use the first, second and last). */
let shop: string;
let token: string;

/** Rupees as the back office writes them: paise only when there are any. */
const inr = {
  format: (n: number) =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      ...(Math.round(n * 100) % 100 !== 0 ? { minimumFractionDigits: 2 } : { maximumFractionDigits: 0 }),
    }).format(n),
};
const inrPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});
const count = new Intl.NumberFormat('en-IN');

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const percent2 = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

beforeAll(async () => {
  app = await startApp();
  const shops = (await (await fetch(app.url('/api/store/get-store/?limit=100'))).json()).data.results as {
    slug: string;
  }[];
  const pick = shops.slice(2, -1).find((s) => s.slug !== app.demo.openShop);
  if (!pick) throw new Error('no spare published demo shop');
  shop = pick.slug;
  token = await vendorToken(app, shop);
});
afterAll(async () => {
  await app?.close();
});

/** What the server says the dashboard is, for comparing with the screen. */
const expected = async (period: DashboardPeriod): Promise<DashboardStats> =>
  adminData(app, token, `/dashboard/?period=${period}`, { shop });

const tile = (page: Page, name: string) => page.getByRole('article', { name });

async function expectFigures(page: Page, d: DashboardStats) {
  const p = d.period;
  await expect.poll(() => tile(page, 'Sales').innerText()).toContain(inr.format(d.revenue[p].value));
  for (const other of ['monthly', 'quarterly', 'yearly'] as const) {
    // The strip under the figure shows each period in lakh/crore shorthand, with the full figure as its title.
    const full = tile(page, 'Sales').locator(`[title="${inr.format(d.revenue[other].value)}"]`);
    expect(await full.count()).toBe(1);
  }
  expect(await tile(page, 'Total Orders').innerText()).toContain(count.format(d.total_order[p].value));
  expect(await tile(page, 'Profit').innerText()).toContain(inr.format(d.profit.value));
  expect(await tile(page, 'Active Customers').innerText()).toContain(count.format(d.active_customers.value));
  const inventory = await tile(page, 'Total Inventory').innerText();
  expect(inventory).toContain(`${count.format(d.total_inventory.units)} units`);
  expect(inventory).toContain(inr.format(d.total_inventory.value));
  expect(await tile(page, 'Avg Order Value').innerText()).toContain(inrPaise.format(d.avg_order_value.value));
  expect(await tile(page, 'Return Rate').innerText()).toContain(
    d.return_rate.value === null ? 'No delivered orders yet' : `${percent.format(d.return_rate.value)}%`,
  );
  expect(await tile(page, 'Low Stock Alert').innerText()).toContain(count.format(d.low_stock.count));
  const conversion = await tile(page, 'Conversion Rate').innerText();
  expect(conversion).toContain(
    d.conversion_rate.value === null
      ? 'No storefront visits yet'
      : `${percent2.format(d.conversion_rate.value)}%`,
  );
  if (d.conversion_rate.visits)
    expect(conversion).toContain(`from ${count.format(d.conversion_rate.visits)} storefront visits`);
  const growth = d.revenue[p].growth;
  if (growth !== null && growth !== 0) {
    expect(await tile(page, 'Sales').innerText()).toContain(`${percent.format(Math.abs(growth))}%`);
  }
}

describe('back-office dashboard', () => {
  it('shows the figures of the seeded orders, switches period, and draws the chart and recent activity', async () => {
    const page = await app.newPage();
    await signInVendor(app, page, shop);

    const monthly = await expected('monthly');
    expect(monthly.total_order.quarterly.value).toBeGreaterThan(0);
    await expectFigures(page, monthly);
    const low = tile(page, 'Low Stock Alert').getByRole('link', { name: 'View low stock products' });
    expect(await low.getAttribute('href')).toBe('/inventory/?stock=low_stock');

    // The chart (a canvas) and the same numbers as a table.
    const chart = page.getByRole('region', { name: 'Revenue over time' });
    await chart.locator('[data-testid="revenue-chart"] canvas').first().waitFor();
    await chart.getByText('Show as table').click();
    const rows = chart.locator('tbody tr');
    expect(await rows.count()).toBe(30);
    const last = monthly.revenue_series.points.at(-2);
    expect(await rows.nth(28).innerText()).toContain(inr.format(last?.revenue ?? 0));

    // Recent activity: the server's events, newest first; products link to their page.
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    const items = activity.getByRole('listitem');
    expect(await items.count()).toBe(monthly.recent_activity.length);
    expect(monthly.recent_activity.length).toBeGreaterThan(0);
    for (const [i, a] of monthly.recent_activity.slice(0, 5).entries()) {
      expect(await items.nth(i).innerText()).toContain(a.text);
    }
    const productEvent = monthly.recent_activity.findIndex((a) => a.target?.type === 'product');
    if (productEvent >= 0) {
      const target = monthly.recent_activity[productEvent]?.target;
      expect(await items.nth(productEvent).getByRole('link').getAttribute('href')).toBe(
        `/inventory/${target?.id}`,
      );
    }

    // Another period: the address keeps it, every figure follows, the chart goes by week.
    await page.getByRole('group', { name: 'Period' }).getByText('Quarterly').click();
    await page.waitForURL((u) => u.searchParams.get('period') === 'quarterly');
    const quarterly = await expected('quarterly');
    await expectFigures(page, quarterly);
    await chart.getByText('By week, last 13 weeks').waitFor();
    await expect.poll(() => rows.count()).toBe(13);
    expect(await page.getByRole('radio', { name: 'Quarterly' }).isChecked()).toBe(true);

    await page.reload();
    await expectFigures(page, quarterly);
    await page.context().close();
  });

  it("counts a shopper's visit in Conversion Rate, and an order row opens that order's page", async () => {
    const before = (await expected('monthly')).conversion_rate;
    expect(before.value).not.toBeNull();
    // A shopper's browser (the test browser's own user agent says HeadlessChrome, which is left out as a robot).
    const shopper = await app.newPage();
    await shopper.context().setExtraHTTPHeaders({
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    });
    await shopper.goto(app.url(`/store/${shop}`));
    await expect.poll(async () => (await expected('monthly')).conversion_rate.visits).toBe(before.visits + 1);
    await shopper.context().close();

    const page = await app.newPage();
    await signInVendor(app, page, shop);
    const now = await expected('monthly');
    expect(now.conversion_rate.visits).toBe(before.visits + 1);
    await expectFigures(page, now);

    const activity = page.getByRole('region', { name: 'Recent Activity' });
    const i = now.recent_activity.findIndex((a) => a.target?.type === 'order');
    const row = now.recent_activity[i];
    expect(row).toBeDefined();
    const link = activity.getByRole('listitem').nth(i).getByRole('link');
    expect(await link.getAttribute('href')).toBe(`/admin-orders/${row?.target?.id}`);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/admin-orders/${row?.target?.id}`);
    const number = /ORD-\d+/.exec(row?.text ?? '')?.[0] ?? '';
    await page
      .getByRole('heading', { name: new RegExp(number) })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, page, shop);
    await expectFigures(page, await expected('monthly'));
    await page.getByRole('region', { name: 'Revenue over time' }).locator('canvas').first().waitFor();
    await noSidewaysScroll(page);
    await page.getByRole('group', { name: 'Period' }).getByText('Yearly').click();
    await expectFigures(page, await expected('yearly'));
    await noSidewaysScroll(page);
    await page.context().close();
  });
});

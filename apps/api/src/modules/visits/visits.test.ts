import type { DashboardStats } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { VISITS_PER_ADDRESS } from './visits.service.ts';

/** Issue 17 #8: storefront visits counted on the server per shop and day, and the dashboard's Conversion Rate. */
const { t, shops } = await demoSuite();
beforeAll(async () => {});

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const beacon = (slug: string, ua = BROWSER, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/store/store-visit/',
    headers: { 'store-origin': slug, 'user-agent': ua, 'content-type': 'application/json' },
    payload: '{}',
    remoteAddress: ip,
  });
/** Today's visits of a shop, read as the owner in the shop's context. */
const todayVisits = (storeId: string) =>
  withStore(t.owner, storeId, async (tx) => {
    const [row] = await tx
      .select({ visits: schema.storeVisitDays.visits })
      .from(schema.storeVisitDays)
      .where(
        sql`${schema.storeVisitDays.storeId} = ${storeId} and ${schema.storeVisitDays.day} = order_stats_day(now())`,
      );
    return row?.visits ?? 0;
  });

describe('POST store-visit/', () => {
  it('counts a page load on the shop of store-origin, on its own day row', async () => {
    const before = await todayVisits(shops.a.id);
    const otherBefore = await todayVisits(shops.b.id);
    const res = await beacon(shops.a.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { counted: true, reason: 'COUNTED' } });
    await beacon(shops.a.slug, BROWSER, '198.51.100.4');
    expect(await todayVisits(shops.a.id)).toBe(before + 2);
    expect(await todayVisits(shops.b.id)).toBe(otherBefore);
  });

  it('leaves robots out by user agent, and a missing user agent', async () => {
    const before = await todayVisits(shops.a.id);
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'curl/8.5.0',
      'WhatsApp/2.23.20.0',
      '',
    ]) {
      const res = await beacon(shops.a.slug, ua);
      expect(res.json().data, ua).toEqual({ counted: false, reason: 'BOT' });
    }
    expect(await todayVisits(shops.a.id)).toBe(before);
  });

  it('counts at most its share per address in ten minutes', async () => {
    const slug = shops.b.slug;
    const before = await todayVisits(shops.b.id);
    const ip = '192.0.2.99';
    for (let i = 0; i < VISITS_PER_ADDRESS; i++) await beacon(slug, BROWSER, ip);
    const over = await beacon(slug, BROWSER, ip);
    expect(over.json().data).toEqual({ counted: false, reason: 'OVER_LIMIT' });
    expect(await todayVisits(shops.b.id)).toBe(before + VISITS_PER_ADDRESS);
  });

  it('needs a known open shop: none named is 400 naming store-origin, unknown 404, closed 403', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/store/store-visit/',
      headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('store-origin');
    expect((await beacon('no-such-shop-here')).statusCode).toBe(404);
    expect((await beacon(shops.byStatus('SUSPENDED').slug)).statusCode).toBe(403);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/store/store-visit/',
      headers: { 'store-origin': shops.a.slug, 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: { visitor: 'x' },
    });
    expect(body.statusCode).toBe(400);
  });

  it('keeps visits under row-level security: another shop context sees none of them', async () => {
    // As the app's role (the owner connection may bypass row-level security on PostgreSQL).
    const seen = await withStore(t.deps.db, shops.b.id, (tx) =>
      tx.select().from(schema.storeVisitDays).where(eq(schema.storeVisitDays.storeId, shops.a.id)),
    );
    expect(seen).toEqual([]);
  });
});

describe('the dashboard Conversion Rate', () => {
  it('is orders placed per visit in the period and the one before, from the counted days', async () => {
    const vendor = await demoVendor(t, shops.a);
    const [visitsNow, visitsBefore] = await withStore(t.owner, shops.a.id, async (tx) => {
      const sum = async (from: number, to: number) => {
        const [r] = rowsOf<{ n: string | null }>(
          await tx.execute(sql`
          select sum(visits) as n from store_visit_days
           where store_id = ${shops.a.id} and day between order_stats_day(now()) - ${from}::int and order_stats_day(now()) - ${to}::int`),
        );
        return Number(r?.n ?? 0);
      };
      return [await sum(29, 0), await sum(59, 30)];
    });
    const res = await vendor.call('GET', '/api/admin/dashboard/?period=monthly');
    expect(res.statusCode).toBe(200);
    const d = res.json().data as DashboardStats;
    expect(visitsNow).toBeGreaterThan(0);
    expect(d.conversion_rate.visits).toBe(visitsNow);
    expect(d.conversion_rate.orders).toBe(d.total_order.monthly.value);
    expect(d.conversion_rate.value).toBe(
      Math.round((d.total_order.monthly.value / visitsNow) * 10_000) / 100,
    );
    expect(d.conversion_rate.previous).toBe(
      visitsBefore ? Math.round((d.total_order.monthly.previous / visitsBefore) * 10_000) / 100 : null,
    );
    // The demo visits make a believable figure: a few orders per hundred visits.
    expect(d.conversion_rate.value).toBeGreaterThan(0.5);
    expect(d.conversion_rate.value).toBeLessThan(10);

    const more = await beacon(shops.a.slug, BROWSER, '198.51.100.200');
    expect(more.json().data.counted).toBe(true);
    const after = (await vendor.call('GET', '/api/admin/dashboard/?period=monthly')).json()
      .data as DashboardStats;
    expect(after.conversion_rate.visits).toBe(visitsNow + 1);
  });

  it('is null without visits, and a customer cannot read it', async () => {
    const vendor = await demoVendor(t, shops.a);
    await withStore(t.owner, shops.a.id, (tx) => tx.delete(schema.storeVisitDays));
    const d = (await vendor.call('GET', '/api/admin/dashboard/?period=yearly')).json().data as DashboardStats;
    expect(d.conversion_rate).toEqual({
      value: null,
      previous: null,
      orders: d.total_order.yearly.value,
      visits: 0,
    });
    const shopper = await verifiedCustomer(t, shops.a.slug);
    expect((await shopper.call('GET', '/api/admin/dashboard/')).statusCode).toBe(403);
  });
});

describe('Recent Activity rows say what they describe', () => {
  it('an order row names the order it links to', async () => {
    const vendor = await demoVendor(t, shops.a);
    const d = (await vendor.call('GET', '/api/admin/dashboard/')).json().data as DashboardStats;
    const orderRow = d.recent_activity.find((a) => a.target?.type === 'order');
    expect(orderRow).toBeDefined();
    const [order] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.id, orderRow?.target?.id ?? '')),
    );
    expect(orderRow?.text).toContain(`ORD-${order?.number}`);
  });
});

import { DASHBOARD_PERIODS, type DashboardPeriod, type DashboardStats, paiseToRupees } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';
import { productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * The dashboard against the rows themselves: every expected figure below is recomputed here from the shop's
 * orders, lines, return requests and products (read straight from the tables), with the period rules of the
 * contract written out again: India-time days; Monthly the last 30 days against the 30 before; Quarterly the
 * last 91 days against the 91 before; Yearly this month and the 11 before against the 12 months before those.
 */
let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const URL = '/api/admin/dashboard/';
const IST = 5.5 * 3_600_000;
const DAY = 86_400_000;
const istDay = (ms: number) => Math.floor((ms + IST) / DAY);
const round1 = (x: number) => Math.round(x * 10) / 10;
const counted = (status: string) => !['CANCELLED', 'RETURNED', 'RTO'].includes(status);

function windowsAt(now: number) {
  const today = istDay(now);
  const local = new Date(now + IST);
  const month = (k: number) => Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + k, 1) / DAY;
  const byDays = (length: number, step: number) => ({
    cur: [today - length + 1, today],
    prev: [today - 2 * length + 1, today - length],
    buckets: Array.from({ length: length / step }, (_, i) => today - length + 1 + i * step),
  });
  return {
    monthly: byDays(30, 1),
    quarterly: byDays(91, 7),
    yearly: {
      cur: [month(-11), today],
      prev: [month(-23), month(-11) - 1],
      buckets: Array.from({ length: 12 }, (_, i) => month(i - 11)),
    },
  } satisfies Record<DashboardPeriod, { cur: number[]; prev: number[]; buckets: number[] }>;
}

/** What the dashboard must say for a shop and period at `now`, from the shop's rows. */
async function truth(storeId: string, period: DashboardPeriod, now: number) {
  const rows = await withStore(t.owner, storeId, async (tx) => ({
    orders: await tx.select().from(schema.orders).where(eq(schema.orders.storeId, storeId)),
    items: await tx.select().from(schema.orderItems).where(eq(schema.orderItems.storeId, storeId)),
    returns: await tx.select().from(schema.returnRequests).where(eq(schema.returnRequests.storeId, storeId)),
    refunds: await tx.select().from(schema.refunds).where(eq(schema.refunds.storeId, storeId)),
    products: await tx.select().from(schema.products).where(eq(schema.products.storeId, storeId)),
    options: await tx
      .select()
      .from(schema.deliveryOptions)
      .where(eq(schema.deliveryOptions.storeId, storeId)),
  }));
  const refunded = (orderId: string) =>
    rows.refunds.filter((r) => r.orderId === orderId).reduce((n, r) => n + r.amountPaise, 0);
  const w = windowsAt(now);
  const inRange = (ms: number, [from, to]: number[]) => istDay(ms) >= (from ?? 0) && istDay(ms) <= (to ?? 0);
  const figure = (value: number, previous: number) => ({
    value,
    previous,
    growth: previous > 0 ? round1(((value - previous) / previous) * 100) : null,
    isPositive: value >= previous,
  });
  const sums = (range: number[]) => {
    const list = rows.orders.filter((o) => inRange(o.createdAt.getTime(), range));
    const money = list.filter((o) => counted(o.status));
    return {
      list,
      orders: list.length,
      counted: money.length,
      // Sales less what was refunded on orders that still count (a counter return's refund, a part refund).
      revenuePaise: money.reduce((n, o) => n + o.totalPaise - refunded(o.id), 0),
      customers: new Set(list.map((o) => o.customerId).filter(Boolean)).size,
    };
  };
  const revenue = {} as Record<DashboardPeriod, ReturnType<typeof figure>>;
  const totalOrder = {} as Record<DashboardPeriod, ReturnType<typeof figure>>;
  for (const p of DASHBOARD_PERIODS) {
    const c = sums(w[p].cur);
    const b = sums(w[p].prev);
    revenue[p] = figure(paiseToRupees(c.revenuePaise), paiseToRupees(b.revenuePaise));
    totalOrder[p] = figure(c.orders, b.orders);
  }
  const cur = sums(w[period].cur);
  const prev = sums(w[period].prev);
  const aov = (s: typeof cur) => (s.counted ? paiseToRupees(s.revenuePaise / s.counted) : 0);

  let profit = 0;
  let costed = 0;
  let withoutCost = 0;
  for (const o of cur.list.filter((x) => counted(x.status))) {
    for (const i of rows.items.filter((x) => x.orderId === o.id)) {
      if (i.costPaise == null) {
        withoutCost += 1;
        continue;
      }
      const share = o.subtotalPaise ? (o.discountPaise * i.unitPricePaise * i.quantity) / o.subtotalPaise : 0;
      profit += (i.unitPricePaise - i.costPaise) * i.quantity - share;
      costed += i.unitPricePaise * i.quantity - share;
    }
  }
  // An RTO parcel received back (RETURNED with rto_at) was never delivered (decision 0014).
  const delivered = cur.list.filter((o) => (o.status === 'DELIVERED' || o.status === 'RETURNED') && !o.rtoAt);
  const returned = delivered.filter(
    (o) => o.status === 'RETURNED' || rows.returns.some((r) => r.orderId === o.id && r.status !== 'REJECTED'),
  ).length;
  const active = rows.products.filter((p) => p.status === 'ACTIVE');
  const buckets = w[period].buckets.map((start, i) => {
    const end = w[period].buckets[i + 1] ?? (w[period].cur[1] ?? 0) + 1;
    const list = cur.list.filter(
      (o) => istDay(o.createdAt.getTime()) >= start && istDay(o.createdAt.getTime()) < end,
    );
    return {
      revenue: paiseToRupees(
        list.filter((o) => counted(o.status)).reduce((n, o) => n + o.totalPaise - refunded(o.id), 0),
      ),
      orders: list.length,
    };
  });
  const cod = cur.list.filter((o) => o.paymentMethod === 'COD');
  const shippedCod = cod.filter((o) => o.shippedAt);
  const rto = cod.filter((o) => o.rtoAt);
  const option = (name: string) => rows.options.find((d) => d.name === name);
  const rtoCost = rto.reduce((n, o) => n + 2 * (option(o.deliveryName)?.chargePaise ?? o.shippingPaise), 0);
  return {
    revenue,
    total_order: totalOrder,
    cod: {
      share: cur.orders ? round1((cod.length / cur.orders) * 100) : null,
      cod_orders: cod.length,
      orders: cur.orders,
      rto_rate: shippedCod.length ? round1((rto.length / shippedCod.length) * 100) : null,
      rto_orders: rto.length,
      shipped_cod_orders: shippedCod.length,
      rto_cost: paiseToRupees(rtoCost),
    },
    total_inventory: {
      units: active.reduce((n, p) => n + p.quantity, 0),
      value: paiseToRupees(
        // At cost, or the selling price where there is none: as the inventory's tiles value it (issue 42, #17).
        active.reduce((n, p) => n + p.quantity * (p.costPaise ?? p.pricePaise), 0),
      ),
      products: active.length,
      valued_at_price: active.filter((p) => p.costPaise == null && p.quantity > 0).length,
    },
    profit: { value: paiseToRupees(Math.round(profit)), costed, withoutCost },
    active_customers: figure(cur.customers, prev.customers),
    avg_order_value: figure(aov(cur), aov(prev)),
    return_rate: {
      value: delivered.length ? round1((returned / delivered.length) * 100) : null,
      returned,
      delivered: delivered.length,
    },
    low_stock: {
      // Low as the inventory counts it: at or below the minimum, or with a variant that is (issue 42, #17).
      count: active.filter((p) => p.quantity > 0 && (p.quantity <= p.lowStockThreshold || p.lowVariants > 0))
        .length,
      out_of_stock: active.filter((p) => p.quantity <= 0).length,
    },
    buckets,
  };
}

/** The dashboard and the truth at the same moment (asked again if India's midnight fell in between). */
async function dashboardAndTruth(
  call: (url: string) => Promise<{ statusCode: number; json(): { data: DashboardStats } }>,
  storeId: string,
  period: DashboardPeriod,
) {
  for (;;) {
    const before = Date.now();
    const res = await call(`${URL}?period=${period}`);
    const after = Date.now();
    if (istDay(before) !== istDay(after)) continue;
    expect(res.statusCode).toBe(200);
    return { data: res.json().data, expected: await truth(storeId, period, after) };
  }
}

function expectMatches(data: DashboardStats, expected: Awaited<ReturnType<typeof truth>>) {
  expect(data.revenue).toEqual(expected.revenue);
  expect(data.total_order).toEqual(expected.total_order);
  expect(data.total_inventory).toEqual(expected.total_inventory);
  expect(data.active_customers).toEqual(expected.active_customers);
  expect(data.avg_order_value).toEqual(expected.avg_order_value);
  expect(data.return_rate).toEqual(expected.return_rate);
  expect(data.cod).toEqual(expected.cod);
  expect(data.low_stock).toEqual(expected.low_stock);
  expect(Math.abs(data.profit.value - expected.profit.value)).toBeLessThanOrEqual(0.01);
  expect(data.profit.lines_without_cost).toBe(expected.profit.withoutCost);
  expect(data.profit.profit_note === null).toBe(expected.profit.withoutCost === 0);
  expect(data.revenue_series.points.map((p) => ({ revenue: p.revenue, orders: p.orders }))).toEqual(
    expected.buckets,
  );
}

describe('GET /api/admin/dashboard/', () => {
  it('needs a signed-in vendor who owns the shop: 401 without a token, 403 for a customer, 404 for another shop', async () => {
    const anonymous = await t.app.inject({ url: URL, headers: { 'store-origin': shops.a.slug } });
    expect(anonymous.statusCode).toBe(401);

    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('GET', URL)).statusCode).toBe(403);

    const other = await demoVendor(t, shops.b);
    const foreign = await other.call('GET', URL, undefined, shops.a.slug);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await other.call('GET', URL, undefined, 'no-such-shop-here')).statusCode).toBe(404);

    const owner = await demoVendor(t, shops.a);
    const bad = await owner.call('GET', `${URL}?period=weekly`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('period');
  });

  it('shows a new shop zeros, empty buckets and no activity, never sample numbers', async () => {
    const v = await verifiedVendor(t, 'dash-new');
    const [category] = await t.owner.select().from(schema.storeCategories).limit(1);
    const created = await v.call('POST', '/api/store/shop/shop/create-store/', {
      store_name: 'Naya Dukaan',
      store_category_id: category?.id,
      phone_number: '9812345678',
      description: 'A brand new shop.',
      short_description: 'New shop',
      contact_type: 'Primary',
    });
    expect(created.statusCode).toBe(201);
    const slug = created.json().data.slug as string;
    for (const period of DASHBOARD_PERIODS) {
      const res = await v.call('GET', `${URL}?period=${period}`, undefined, { 'store-origin': slug });
      expect(res.statusCode).toBe(200);
      const d: DashboardStats = res.json().data;
      const nothing = { value: 0, previous: 0, growth: null, isPositive: true };
      expect(d.period).toBe(period);
      expect(d.revenue).toEqual({ monthly: nothing, quarterly: nothing, yearly: nothing });
      expect(d.total_order).toEqual({ monthly: nothing, quarterly: nothing, yearly: nothing });
      expect(d.total_inventory).toEqual({ units: 0, value: 0, products: 0, valued_at_price: 0 });
      expect(d.profit).toEqual({ value: 0, margin_percent: null, lines_without_cost: 0, profit_note: null });
      expect(d.active_customers).toEqual(nothing);
      expect(d.avg_order_value).toEqual(nothing);
      expect(d.return_rate).toEqual({ value: null, returned: 0, delivered: 0 });
      expect(d.low_stock).toEqual({ count: 0, out_of_stock: 0 });
      expect(d.revenue_series.granularity).toBe(
        { monthly: 'day', quarterly: 'week', yearly: 'month' }[period],
      );
      expect(d.revenue_series.points).toHaveLength({ monthly: 30, quarterly: 13, yearly: 12 }[period]);
      expect(d.revenue_series.points.every((p) => p.revenue === 0 && p.orders === 0)).toBe(true);
      expect(d.recent_activity).toEqual([]);
      expect(d.conversion_rate).toEqual({ value: null, previous: null, orders: 0, visits: 0 });
    }
  });

  it("matches a demo shop's orders, seeded and placed through the order API, for every period", async () => {
    const shop = shops.a;
    const vendor = await demoVendor(t, shop);
    const stocked = (await productsOf(t, shop.slug)).filter((p) => p.product_quantity >= 6);
    const [p1, p2, p3] = stocked;
    if (!p1 || !p2 || !p3) throw new Error('demo shop needs three stocked products');

    // Two orders that count, one the customer cancels, one the vendor delivers and the customer returns.
    const placed: { id: string; order_number: string; call: typeof vendor.call }[] = [];
    for (const lines of [
      [{ id: p1.id, quantity: 2 }],
      [
        { id: p2.id, quantity: 1 },
        { id: p3.id, quantity: 1 },
      ],
      [{ id: p3.id, quantity: 1 }],
      [{ id: p1.id, quantity: 1 }],
    ]) {
      const s = await shopperWithCart(t, shop.slug, lines);
      const res = await s.place(await s.orderBody());
      expect(res.statusCode).toBe(201);
      placed.push({ ...res.json().data.order, call: s.call });
    }
    const [, , toCancel, toReturn] = placed;
    if (!toCancel || !toReturn) throw new Error('orders missing');
    expect(
      (await toCancel.call('POST', `/api/store/store-user/store-order/${toCancel.id}/cancel/`, {}))
        .statusCode,
    ).toBe(200);
    for (const status of ['PROCESSING', 'SHIPPED', 'DELIVERED']) {
      const shipment = { carrier: 'Delhivery', tracking_number: 'DL123456' };
      expect(
        (await vendor.call('PUT', `/api/admin/order/${toReturn.id}/status/`, { status, ...shipment }))
          .statusCode,
      ).toBe(200);
    }
    const asked = await toReturn.call('POST', `/api/store/store-user/store-order/${toReturn.id}/return/`, {
      reason: 'Wrong size',
    });
    expect(asked.statusCode).toBe(200);

    for (const period of DASHBOARD_PERIODS) {
      const { data, expected } = await dashboardAndTruth((url) => vendor.call('GET', url), shop.id, period);
      expect(data.period).toBe(period);
      expectMatches(data, expected);
      expect(data.total_order.monthly.value).toBeGreaterThanOrEqual(4);
    }

    // Another customer orders after the past days' customers were read: counted at once.
    const before = (await vendor.call('GET', URL)).json().data as DashboardStats;
    const late = await shopperWithCart(t, shop.slug, [{ id: p2.id, quantity: 1 }]);
    expect((await late.place(await late.orderBody())).statusCode).toBe(201);
    const again = await dashboardAndTruth((url) => vendor.call('GET', url), shop.id, 'monthly');
    expectMatches(again.data, again.expected);
    expect(again.data.active_customers.value).toBe(before.active_customers.value + 1);

    // Recent activity: newest first, real sentences, linked to the orders.
    const { data } = await dashboardAndTruth((url) => vendor.call('GET', url), shop.id, 'monthly');
    const times = data.recent_activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.recent_activity.length).toBeLessThanOrEqual(15);
    const texts = data.recent_activity.map((a) => a.text);
    expect(texts).toContain(`Ravi Kumar asked to return order ${toReturn.order_number}: Wrong size`);
    expect(texts).toContain(`Order ${toReturn.order_number} marked delivered`);
    expect(texts).toContain(`Order ${toCancel.order_number} cancelled by Ravi Kumar`);
    const first = placed[0];
    const placedItem = data.recent_activity.find((a) =>
      a.text.startsWith(`Order ${first?.order_number} placed`),
    );
    expect(placedItem).toMatchObject({ kind: 'ORDER_PLACED', target: { type: 'order', id: first?.id } });
    expect(placedItem?.text).toMatch(/placed by Ravi Kumar: 2 items, ₹[\d,]+/);
  });

  it('compares with the period before, moves an order between periods with its date, and shows stock changes once', async () => {
    // A fresh shop, launched through the onboarding API, with one product added through the inventory API.
    const v = await verifiedVendor(t, 'dash-growth');
    const [category] = await t.owner.select().from(schema.storeCategories).limit(1);
    const store = (
      await v.call('POST', '/api/store/shop/shop/create-store/', {
        store_name: 'Growth Test Handlooms',
        store_category_id: category?.id,
        phone_number: '9812345678',
        description: 'Handloom sarees.',
        short_description: 'Sarees',
        contact_type: 'Primary',
      })
    ).json().data as { id: string; slug: string };
    await v.call('POST', '/api/store/create-store-address/', {
      store_id: store.id,
      address_line_1: '12 Sarafa Bazaar',
      city: 'Indore',
      state: 'Madhya Pradesh',
      country: 'India',
      postal_code: '452002',
    });
    const launch = await v.call('POST', '/api/store/create-store-setting/', {
      store_id: store.id,
      online_status: 'PUBLISHED',
    });
    expect(launch.statusCode).toBe(200);
    const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
      v.call(method, url, body, { 'store-origin': store.slug });
    const sarees = (await admin('POST', '/api/admin/category/', { name: 'Sarees' })).json().data;
    const form = {
      product_name: 'Chanderi Silk Saree',
      sku: 'CHD-001',
      original_price: 400,
      product_price: 999,
      unit: 'Piece',
      product_quantity: 20,
      low_stock_threshold: 5,
      shipping_charge: 40,
      category_id: sarees.id,
    };
    const product = (await admin('POST', '/api/admin/product/', form)).json().data as { id: string };
    expect(product.id).toBeTruthy();

    const order = async (quantity: number) => {
      const s = await shopperWithCart(t, store.slug, [{ id: product.id, quantity }]);
      const res = await s.place(await s.orderBody());
      expect(res.statusCode).toBe(201);
      return { ...(res.json().data.order as { id: string; total_amount: number; order_number: string }), s };
    };
    const now = await order(2);
    const earlier = await order(1);
    const cancelled = await order(1);
    await cancelled.s.call('POST', `/api/store/store-user/store-order/${cancelled.id}/cancel/`, {});
    // The earlier order was placed 40 days ago: last month's window.
    await withStore(t.owner, store.id, (tx) =>
      tx
        .update(schema.orders)
        .set({ createdAt: new Date(Date.now() - 40 * DAY) })
        .where(eq(schema.orders.id, earlier.id)),
    );

    const { data, expected } = await dashboardAndTruth((url) => admin('GET', url), store.id, 'monthly');
    expectMatches(data, expected);
    expect(data.revenue.monthly).toEqual({
      value: now.total_amount,
      previous: earlier.total_amount,
      growth: round1(((now.total_amount - earlier.total_amount) / earlier.total_amount) * 100),
      isPositive: true,
    });
    expect(data.revenue.quarterly).toEqual({
      value: paiseToRupees(Math.round(now.total_amount * 100) + Math.round(earlier.total_amount * 100)),
      previous: 0,
      growth: null,
      isPositive: true,
    });
    expect(data.total_order.monthly).toEqual({ value: 2, previous: 1, growth: 100, isPositive: true });
    expect(data.active_customers).toEqual({ value: 2, previous: 1, growth: 100, isPositive: true });
    expect(data.profit).toEqual({
      value: (999 - 400) * 2,
      margin_percent: round1((((999 - 400) * 2) / (999 * 2)) * 100),
      lines_without_cost: 0,
      profit_note: null,
    });
    expect(data.total_inventory).toEqual({ units: 17, value: 17 * 400, products: 1, valued_at_price: 0 });

    // The vendor counts the stock: one activity line for it (the audited change), linked to the product.
    const edited = await admin('PUT', `/api/admin/product/${product.id}/`, {
      ...form,
      product_quantity: 3,
      stock_reason: 'Damaged in the monsoon',
    });
    expect(edited.statusCode).toBe(200);
    const after = (await admin('GET', URL)).json().data as DashboardStats;
    expect(after.low_stock).toEqual({ count: 1, out_of_stock: 0 });
    // The dashboard and the inventory's tiles give the same stock figures: one definition (issue 42, #17).
    const tiles = (await admin('GET', '/api/admin/product/stats/')).json().data;
    expect([tiles.low_stock, tiles.out_of_stock, tiles.stock_value]).toEqual([
      after.low_stock.count,
      after.low_stock.out_of_stock,
      after.total_inventory.value,
    ]);
    const stockLines = after.recent_activity.filter((a) => a.text.includes('Damaged in the monsoon'));
    expect(stockLines).toHaveLength(1);
    expect(stockLines[0]).toMatchObject({ target: { type: 'product', id: product.id } });
    expect(['STOCK', 'PRODUCT']).toContain(stockLines[0]?.kind);
    expect(after.recent_activity[0]).toEqual(stockLines[0]);
    const added = after.recent_activity.find((a) => a.kind === 'PRODUCT');
    expect(added).toMatchObject({ target: { type: 'product', id: product.id } });
    expect(added?.text).toContain('Chanderi Silk Saree');
    expect(after.recent_activity.map((a) => a.text)).toContain(
      `Order ${cancelled.order_number} cancelled by Ravi Kumar`,
    );
  });
});

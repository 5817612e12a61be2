import { rowsOf, schema, withStore } from '@haat/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import { requiresPrepayment } from './customer-record.repository.ts';
import { CART, type Card, ORDERS, productsOf, shopperWithCart, stockOf } from './orders.test-helpers.ts';

/* RTO, the customer's delivery record, the COD risk flag and "Require prepayment" (issue 19, decision 0014). */

const { t, shops, vendor } = await demoSuite(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {});
const otherVendor = await demoVendor(t, shops.b);

const ORDER = '/api/admin/order/';
type Shopper = Awaited<ReturnType<typeof shopperWithCart>>;

const pick = async () => {
  const cards: Card[] = await productsOf(t, shops.a.slug);
  const found = cards.find((c) => c.product_quantity >= 8 && !c.free_shipping);
  if (!found) throw new Error('demo shop has a product in stock');
  return found;
};

/** A new customer of shop A with one placed order (COD unless told). */
async function placed(quantity = 1, payment = 'COD') {
  const product = await pick();
  const s = await shopperWithCart(t, shops.a.slug, [{ id: product.id, quantity }]);
  const res = await s.place(await s.orderBody(0, payment));
  expect(res.statusCode, res.body).toBe(201);
  return { s, product, id: res.json().data.order_id as string };
}

/** Another order by the same customer. */
async function placeAgain(s: Shopper, payment = 'COD') {
  const product = await pick();
  expect((await s.call('POST', CART, { product_id: product.id, quantity: 1 })).statusCode).toBe(201);
  const res = await s.place(await s.orderBody(0, payment));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order_id as string;
}

const detail = async (id: string) => (await vendor.call('GET', `${ORDER}${id}/`)).json().data.order_details;
const move = (id: string, body: object, who = vendor) => who.call('PUT', `${ORDER}${id}/status/`, body);

/** Moves an order along with the owner's account, step by step; returns the order page. */
async function walk(id: string, ...steps: string[]) {
  let d = await detail(id);
  for (const status of steps) {
    const extra = status === 'SHIPPED' ? { carrier: 'Delhivery', tracking_number: 'DL1234567' } : {};
    const res = await move(id, { status, version: d.version, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json().data.order_details;
  }
  return d;
}

const inShopA = <T>(fn: Parameters<typeof withStore<T>>[2]) => withStore(t.owner, shops.a.id, fn);
const setPin = (ids: string[], pin: string) =>
  inShopA((tx) =>
    tx.execute(
      sql`update orders set ship_postal_code = ${pin} where id in ${sql`(${sql.join(ids, sql`, `)})`}`,
    ),
  );
const mailTo = async (to: string) =>
  JSON.stringify((await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json());
const listRisky = async () =>
  (await vendor.call('GET', `${ORDER}?status=RISKY_COD&limit=100`)).json().data as {
    order_list: { id: string; cod_risk: string[] }[];
    count: number;
  };

describe('RTO', () => {
  it("the demo history shows it: a parcel on its way back, one received back, and that customer's risky COD order", async () => {
    const rto = (await vendor.call('GET', `${ORDER}?status=RTO&limit=100`)).json().data;
    expect(rto.count).toBeGreaterThanOrEqual(1);
    const back = await inShopA((tx) =>
      tx
        .select({ id: schema.orders.id, customerId: schema.orders.customerId })
        .from(schema.orders)
        .where(
          and(
            eq(schema.orders.storeId, shops.a.id),
            eq(schema.orders.status, 'RETURNED'),
            sql`${schema.orders.rtoAt} is not null`,
          ),
        ),
    );
    expect(back).toHaveLength(1);
    const d = await detail(back[0]?.id ?? '');
    expect(d.timeline.map((e: { label: string }) => e.label)).toContain('RTO: returning to seller');
    expect(d.customer_record.rto).toBeGreaterThanOrEqual(1);
    const risky = await listRisky();
    expect(risky.order_list.some((r) => r.cod_risk.some((x) => x.startsWith('Customer has')))).toBe(true);
  });

  it('SHIPPED → RTO keeps the stock out; RTO → RETURNED puts it back; refused moves, other shops and roles change nothing', async () => {
    const o = await placed(2);
    const stockPlaced = await stockOf(t, shops.a.slug, o.product.id);

    let d = await walk(o.id, 'CONFIRMED', 'PROCESSING');
    const early = await move(o.id, { status: 'RTO', version: d.version });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ reason: 'INVALID_TRANSITION', status: 'PROCESSING' });

    d = await walk(o.id, 'SHIPPED');
    expect(d.next_statuses).toEqual(['DELIVERED', 'RTO']);
    const skipBack = await move(o.id, { status: 'RETURNED', version: d.version });
    expect(skipBack.statusCode).toBe(409);

    // A cashier may not mark RTO; a packer may.
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    expect((await move(o.id, { status: 'RTO', version: d.version }, cashier)).statusCode).toBe(403);
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    const rto = await move(
      o.id,
      { status: 'RTO', reason: 'Customer refused at the door', version: d.version },
      packer,
    );
    expect(rto.statusCode, rto.body).toBe(200);
    d = rto.json().data.order_details;
    expect(d).toMatchObject({ status: 'RTO', next_statuses: ['RETURNED'], expected_delivery: null });
    expect(d.rtoDate).toBeTruthy();
    expect(d.timeline.at(-1)).toMatchObject({
      status: 'RTO',
      label: 'RTO: returning to seller',
      note: 'Customer refused at the door',
    });
    expect(await stockOf(t, shops.a.slug, o.product.id)).toBe(stockPlaced);
    expect(d.customer_record).toMatchObject({ delivered: 0, rto: 1, cancelled_after_confirmation: 0 });

    const customerView = (await o.s.call('GET', `${ORDERS}${o.id}/`)).json().data;
    expect(customerView.status).toBe('RTO');
    expect(customerView.timeline.at(-1)).toMatchObject({
      key: 'RTO',
      label: 'Returning to seller',
      complete: true,
    });
    const mail = await mailTo(o.s.email);
    expect(mail).toContain('is returning to');
    expect(mail).toContain('Customer refused at the door');

    const [audit] = await inShopA((tx) =>
      tx
        .select()
        .from(schema.auditEvents)
        .where(and(eq(schema.auditEvents.entityId, o.id), eq(schema.auditEvents.action, 'STATUS')))
        .orderBy(desc(schema.auditEvents.createdAt))
        .limit(1),
    );
    expect(audit?.summary).toContain('marked RTO');
    expect(audit?.after).toMatchObject({ status: 'RTO' });

    expect((await move(o.id, { status: 'DELIVERED', version: d.version })).statusCode).toBe(409);
    // Receiving it back moves stock: not a packer's step.
    expect((await move(o.id, { status: 'RETURNED', version: d.version }, packer)).statusCode).toBe(403);
    // Another shop's vendor cannot touch it.
    const foreign = await move(o.id, { status: 'RETURNED', version: d.version }, otherVendor);
    expect(foreign.statusCode).toBe(404);
    const unchanged = await detail(o.id);
    expect(unchanged).toMatchObject({ status: 'RTO', version: d.version });
    expect(await stockOf(t, shops.a.slug, o.product.id)).toBe(stockPlaced);

    const back = await move(o.id, { status: 'RETURNED', version: d.version });
    expect(back.statusCode, back.body).toBe(200);
    d = back.json().data.order_details;
    // The cash was never collected: the payment is closed, nothing to refund.
    expect(d).toMatchObject({ status: 'RETURNED', next_statuses: [], payment_status: 'CANCELLED' });
    expect(d.payment.refundable).toBe(0);
    expect(d.timeline.at(-1)).toMatchObject({ status: 'RETURNED', note: 'Received back from RTO' });
    expect(await stockOf(t, shops.a.slug, o.product.id)).toBe(stockPlaced + 2);
    const ledger = await inShopA((tx) =>
      tx
        .select({ change: schema.stockLedger.change })
        .from(schema.stockLedger)
        .where(and(eq(schema.stockLedger.orderId, o.id), eq(schema.stockLedger.reason, 'RETURN'))),
    );
    expect(ledger).toEqual([{ change: 2 }]);
    const returnedView = (await o.s.call('GET', `${ORDERS}${o.id}/`)).json().data;
    expect(returnedView.timeline.at(-1)).toMatchObject({ key: 'RTO', label: 'Returned to seller' });
    expect(await mailTo(o.s.email)).toContain('came back to');
    expect((await move(o.id, { status: 'RETURNED', version: d.version })).statusCode).toBe(409);
  });

  it("a COD order's tracking ticks its steps in order: cash is paid at the door, after Delivered (issue 42, #12)", async () => {
    const o = await placed(1);
    const steps = async () =>
      (await o.s.call('GET', `${ORDERS}${o.id}/`)).json().data.timeline as {
        label: string;
        complete: boolean;
      }[];
    const inOrder = (t: { complete: boolean }[]) =>
      t.every((x, i) => i === 0 || !x.complete || t[i - 1]?.complete);
    await walk(o.id, 'CONFIRMED', 'PROCESSING', 'SHIPPED');
    const shipped = await steps();
    expect(shipped.map((x) => x.label)).toEqual([
      'Order Placed',
      'Processing',
      'Shipped',
      'Delivered',
      'Pay cash on delivery',
    ]);
    expect(inOrder(shipped)).toBe(true);
    const d = await detail(o.id);
    const delivered = await move(o.id, {
      status: 'DELIVERED',
      version: d.version,
      amount_collected: d.total_amount,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const done = await steps();
    expect(done.at(-1)).toMatchObject({ label: 'Paid in cash on delivery', complete: true });
    expect(done.every((x) => x.complete)).toBe(true);
  });

  it('the RTO filter and card count orders in RTO; revenue leaves them out', async () => {
    const before = (await vendor.call('GET', `${ORDER}?limit=1`)).json().data;
    const o = await placed(1);
    const d = await walk(o.id, 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'RTO');
    const after = (await vendor.call('GET', `${ORDER}?limit=1`)).json().data;
    expect(after.order_stats.total_rto).toBe(before.order_stats.total_rto + 1);
    expect(after.order_stats.total_revenue).toBeCloseTo(before.order_stats.total_revenue, 2);
    const filtered = (await vendor.call('GET', `${ORDER}?status=RTO&limit=100`)).json().data;
    expect(filtered.order_list.map((r: { id: string }) => r.id)).toContain(d.id);
    expect(filtered.count).toBe(after.order_stats.total_rto);
    const csv = await vendor.call('GET', `${ORDER}export.csv?status=RTO`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',RTO,');
  });
});

describe("The customer's delivery record and the risk flag", () => {
  it('counts delivered, refused and cancelled-after-confirmation orders; a past RTO flags the next COD order', async () => {
    const first = await placed(1);
    const s = first.s;
    await walk(first.id, 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED');
    const refused = await placeAgain(s);
    await walk(refused, 'PROCESSING', 'SHIPPED', 'RTO');
    const cancelledLate = await placeAgain(s);
    await walk(cancelledLate, 'CONFIRMED', 'CANCELLED');
    const cancelledEarly = await placeAgain(s);
    await walk(cancelledEarly, 'CANCELLED');
    const next = await placeAgain(s);
    const prepaid = await placeAgain(s, 'UPI');
    await setPin([first.id, refused, cancelledLate, cancelledEarly, next, prepaid], '799001');

    const d = await detail(next);
    expect(d.customer_record).toEqual({
      delivered: 1,
      rto: 1,
      cancelled_after_confirmation: 1,
      require_prepayment: false,
    });
    expect(d.cod_risk).toEqual(['Customer has 1 past RTO at this shop']);
    expect((await detail(prepaid)).cod_risk).toEqual([]);
    expect((await detail(refused)).cod_risk).toEqual([]);

    const risky = await listRisky();
    const row = risky.order_list.find((r) => r.id === next);
    expect(row?.cod_risk).toEqual(['Customer has 1 past RTO at this shop']);
    expect(risky.order_list.some((r) => r.id === prepaid)).toBe(false);
    expect(risky.order_list.every((r) => r.cod_risk.length > 0)).toBe(true);
    expect(risky.count).toBe(risky.order_list.length);
  });

  it('flags a PIN code where at least 30% of at least 3 shipped COD orders came back', async () => {
    const pin = '799002';
    const history = [];
    for (let i = 0; i < 3; i++) history.push((await placed(1)).id);
    await setPin(history, pin);
    for (const id of history) await walk(id, 'PROCESSING', 'SHIPPED');
    const fresh = await placed(1);
    await setPin([fresh.id], pin);
    expect((await detail(fresh.id)).cod_risk).toEqual([]);

    const [one] = history;
    if (!one) throw new Error('history');
    await walk(one, 'RTO');
    expect((await detail(fresh.id)).cod_risk).toEqual([
      `PIN ${pin} has a high RTO rate here: 1 of 3 shipped COD orders came back (33%)`,
    ]);
    expect((await listRisky()).order_list.find((r) => r.id === fresh.id)?.cod_risk).toHaveLength(1);

    // Once shipped the flag is gone: it is for orders still to be sent.
    await walk(fresh.id, 'PROCESSING', 'SHIPPED');
    expect((await detail(fresh.id)).cod_risk).toEqual([]);
  });

  it("flags an order above 3 × the shop's median COD order of 90 days (and above ₹2,000)", async () => {
    const high = await placed(1);
    const usual = await placed(1);
    await setPin([high.id, usual.id], '799003');
    const [m] = await inShopA(async (tx) =>
      rowsOf<{ median: number }>(
        await tx.execute(sql`select percentile_cont(0.5) within group (order by total_paise) as median
          from orders where store_id = ${shops.a.id} and payment_method = 'COD' and status <> 'CANCELLED'
            and created_at >= now() - interval '90 days'`),
      ),
    );
    const median = Number(m?.median ?? 0);
    const limit = Math.max(3 * median, 200_000);
    // The totals set straight in the table: the stats triggers follow, as for any write.
    await inShopA((tx) =>
      tx.execute(sql`update orders set total_paise = case when id = ${high.id} then ${Math.ceil(limit) + 100}::int
        else ${Math.floor(limit) - 100}::int end where id in (${high.id}, ${usual.id})`),
    );
    const reasons = (await detail(high.id)).cod_risk as string[];
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(
      /^Unusually high value: ₹[\d,.]+ against this shop's median COD order of ₹[\d,.]+ \(last 90 days\)$/,
    );
    expect((await detail(usual.id)).cod_risk).toEqual([]);
    const risky = await listRisky();
    expect(risky.order_list.some((r) => r.id === high.id)).toBe(true);
    expect(risky.order_list.some((r) => r.id === usual.id)).toBe(false);
  });
});

describe('Require prepayment', () => {
  it('the vendor marks the customer and undoes it, audited; other shops, wrong roles and bad input change nothing', async () => {
    const o = await placed(1);
    const url = `${ORDER}${o.id}/customer-prepayment/`;
    const customerId = (
      await inShopA((tx) =>
        tx.select({ c: schema.orders.customerId }).from(schema.orders).where(eq(schema.orders.id, o.id)),
      )
    )[0]?.c;
    if (!customerId) throw new Error('customer');
    const flag = () => inShopA((tx) => requiresPrepayment(tx, customerId));

    expect(
      (await t.app.inject({ method: 'PUT', url, payload: { require_prepayment: true } })).statusCode,
    ).toBe(401);
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    expect((await packer.call('PUT', url, { require_prepayment: true })).statusCode).toBe(403);
    expect((await otherVendor.call('PUT', url, { require_prepayment: true })).statusCode).toBe(404);
    const bad = await vendor.call('PUT', url, { require_prepayment: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('require_prepayment');
    expect(await flag()).toBe(false);

    const on = await vendor.call('PUT', url, { require_prepayment: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe('Customer must prepay by UPI');
    expect(on.json().data.order_details.customer_record.require_prepayment).toBe(true);
    expect(await flag()).toBe(true);
    // Shop B knows nothing of shop A's flag.
    const inB = await withStore(t.owner, shops.b.id, (tx) => requiresPrepayment(tx, customerId));
    expect(inB).toBe(false);

    const off = await vendor.call('PUT', url, { require_prepayment: false });
    expect(off.json().data.order_details.customer_record.require_prepayment).toBe(false);
    expect(await flag()).toBe(false);
    const audits = await inShopA((tx) =>
      tx
        .select({ after: schema.auditEvents.after })
        .from(schema.auditEvents)
        .where(
          and(eq(schema.auditEvents.entityId, o.id), eq(schema.auditEvents.action, 'CUSTOMER_PREPAYMENT')),
        )
        .orderBy(schema.auditEvents.createdAt),
    );
    expect(audits.map((a) => a.after)).toEqual([{ require_prepayment: true }, { require_prepayment: false }]);
  });
});

describe('Dashboard COD figures', () => {
  const cod = async () => (await vendor.call('GET', '/api/admin/dashboard/?period=monthly')).json().data;

  it('COD share, RTO rate and RTO cost move with an RTO; the cost falls back to the order’s shipping', async () => {
    const o = await placed(1);
    const before = await cod();
    expect(before.cod.cod_orders).toBeGreaterThan(0);
    expect(before.cod.share).toBe(Math.round((before.cod.cod_orders / before.cod.orders) * 1000) / 10);
    await walk(o.id, 'PROCESSING', 'SHIPPED');
    const shipped = await cod();
    expect(shipped.cod.shipped_cod_orders).toBe(before.cod.shipped_cod_orders + 1);

    const d = await walk(o.id, 'RTO');
    const after = await cod();
    expect(after.cod.rto_orders).toBe(shipped.cod.rto_orders + 1);
    expect(after.cod.rto_rate).toBe(
      Math.round((after.cod.rto_orders / after.cod.shipped_cod_orders) * 1000) / 10,
    );
    const [option] = await inShopA((tx) =>
      tx
        .select({ charge: schema.deliveryOptions.chargePaise })
        .from(schema.deliveryOptions)
        .where(
          and(
            eq(schema.deliveryOptions.storeId, shops.a.id),
            eq(schema.deliveryOptions.name, d.delivery_type.name),
          ),
        ),
    );
    expect(option).toBeTruthy();
    expect(after.cod.rto_cost).toBeCloseTo(shipped.cod.rto_cost + (2 * (option?.charge ?? 0)) / 100, 2);
    expect(after.revenue.monthly.value).toBeCloseTo(shipped.revenue.monthly.value - d.total_amount, 2);

    // An option the shop no longer has: twice what the order was charged for shipping.
    await inShopA((tx) =>
      tx.update(schema.orders).set({ deliveryName: 'A courier long gone' }).where(eq(schema.orders.id, o.id)),
    );
    const gone = await cod();
    expect(gone.cod.rto_cost).toBeCloseTo(
      after.cod.rto_cost - (2 * (option?.charge ?? 0)) / 100 + 2 * d.shipping_charge,
      2,
    );
  });
});

import { offlineReceiptNumber, type PosCounter } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import {
  minutesAgo,
  offlineBill,
  offlineProduct,
  registerCounter,
  type Seller,
  sellAs,
  stockAndLedger,
} from './offline.test-helpers.ts';

/*
 * A sale made offline and synced (issue 43, decision 0034): the counter's number and the time it was sold, the
 * price shown kept, the series gapless (a gap and a number used twice refused), stock below zero recorded as a
 * conflict with a mail to the owner and resolved by a count, and each sale billed exactly once: a replay, the same
 * key twice at once, two counters syncing at once, a sync resumed after a lost answer.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Seller;
let gst: boolean;
beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 20 });
  shops = await demoShops(t.owner);
  vendor = await demoVendor(t, shops.a);
  gst = (await vendor.call('GET', '/api/admin/pos/counter/')).json().data.gst_registered;
}, 60_000);
afterAll(() => t?.close());

const sell = (body: object, key = crypto.randomUUID()) =>
  sellAs(t, vendor, { slug: shops.a.slug, body, key });
const numberOf = (c: PosCounter, soldAt: string, n: number) =>
  offlineReceiptNumber(c.number, gst, new Date(soldAt), n);

describe('a sale made offline', () => {
  it('takes the counter’s number, the time it was sold and the price shown, and records both prices', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 120, stock: 10 });
    const counter = await registerCounter(vendor);
    // The price went up after the device last saw it: the customer keeps the price shown.
    const edit = await vendor.call('PUT', `/api/admin/product/${p.id}/`, { ...p.form, product_price: 150 });
    expect(edit.statusCode, edit.body).toBe(200);
    const soldAt = minutesAgo(90);
    const body = offlineBill([{ id: p.id, quantity: 2, price: 120 }], {
      counter_id: counter.id,
      receipt_seq: counter.next_seq,
      sold_at: soldAt,
      receipt_number: numberOf(counter, soldAt, counter.next_seq),
    });
    const res = await sell(body);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale.invoice_number).toBe(numberOf(counter, soldAt, counter.next_seq));
    expect(sale.total_bill_amount).toBe(240);
    expect(sale.items[0].unit_price).toBe(120);
    expect(new Date(sale.created_at).toISOString()).toBe(soldAt);
    const audit = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ after: schema.auditEvents.after })
        .from(schema.auditEvents)
        .where(
          and(eq(schema.auditEvents.entityId, sale.order_id), eq(schema.auditEvents.action, 'POS_SALE')),
        ),
    );
    expect(audit[0]?.after).toMatchObject({
      offline: { receipt: sale.invoice_number, prices: [{ sku: p.sku, shown: 120, now: 150 }] },
    });
    expect(await stockAndLedger(t, shops.a.id, p.id)).toMatchObject({ stock: 8 });
    const after = (await vendor.call('GET', `/api/admin/pos/counters/${counter.id}/`)).json().data.counter;
    expect(after).toMatchObject({ next_seq: counter.next_seq + 1, offline_sales: 1 });
    expect(after.last_sync_at).not.toBeNull();
  });

  it('refuses a gap and a number already used, naming the number expected; a replay gets the first sale', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 80, stock: 10 });
    const counter = await registerCounter(vendor);
    const at = minutesAgo(30);
    const bill = (n: number) =>
      offlineBill([{ id: p.id, quantity: 1, price: 80 }], {
        counter_id: counter.id,
        receipt_seq: n,
        sold_at: at,
      });
    const gap = await sell(bill(2));
    expect(gap.statusCode, gap.body).toBe(409);
    expect(gap.json().error).toMatchObject({
      reason: 'RECEIPT_SEQ_GAP',
      details: { expected_seq: 1, expected_number: numberOf(counter, at, 1) },
    });
    const key = crypto.randomUUID();
    const first = await sell(bill(1), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await sell(bill(1), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.order_id).toBe(first.json().data.order_id);
    const taken = await sell(bill(1));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error).toMatchObject({ reason: 'RECEIPT_SEQ_TAKEN', details: { expected_seq: 2 } });
    expect(await stockAndLedger(t, shops.a.id, p.id)).toMatchObject({ stock: 9 });
  });

  it('names the field: a time in the future or a month old, a missing price, an unknown counter', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id);
    const counter = await registerCounter(vendor);
    const off = { counter_id: counter.id, receipt_seq: 1 };
    const line = [{ id: p.id, quantity: 1, price: 120 }];
    const future = await sell(offlineBill(line, { ...off, sold_at: minutesAgo(-60) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.issues[0].path).toBe('offline.sold_at');
    const old = await sell(offlineBill(line, { ...off, sold_at: minutesAgo(31 * 24 * 60) }));
    expect(old.statusCode).toBe(400);
    expect(old.json().error.issues[0].path).toBe('offline.sold_at');
    const noPrice = offlineBill(line, { ...off, sold_at: minutesAgo(5) });
    const res = await sell({ ...noPrice, product_id: [{ product_id: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0].path).toBe('product_id.0.unit_price_paise');
    const { offline: _o, ...online } = noPrice;
    const priced = await sell(online);
    expect(priced.statusCode).toBe(400);
    expect(priced.json().error.issues[0].path).toBe('product_id.0.unit_price_paise');
    const stranger = offlineBill(line, { ...off, counter_id: crypto.randomUUID(), sold_at: minutesAgo(5) });
    const unknown = await sell(stranger);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.issues[0].path).toBe('offline.counter_id');
    expect(await stockAndLedger(t, shops.a.id, p.id)).toMatchObject({ stock: 20 });
  });
});

describe('a sale that took more than the stock', () => {
  it('is recorded below zero with its ledger row, listed for the owner with a mail, and resolved by a count', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 60, stock: 1 });
    const counter = await registerCounter(vendor, 'Back counter');
    const res = await sell(
      offlineBill([{ id: p.id, quantity: 3, price: 60 }], {
        counter_id: counter.id,
        receipt_seq: 1,
        sold_at: minutesAgo(20),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.offline).toEqual({
      counter_id: counter.id,
      receipt_number: res.json().data.invoice_number,
      stock_conflicts: [{ product_id: p.id, variant_id: p.variantId, quantity_sold: 3, stock_after: -2 }],
    });
    const sold = await stockAndLedger(t, shops.a.id, p.id);
    expect(sold.stock).toBe(-2);
    expect(sold.ledger.at(-1)).toEqual({ change: -3, after: -2, reason: 'SALE' });
    const listed = (await vendor.call('GET', '/api/admin/pos/conflicts/')).json().data.conflicts;
    const mine = listed.find((c: { product_id: string }) => c.product_id === p.id);
    expect(mine).toMatchObject({
      quantity_sold: 3,
      stock_after: -2,
      stock_now: -2,
      counter_name: 'Back counter',
      receipt_number: res.json().data.invoice_number,
      resolved_at: null,
    });
    const mails = await t.owner
      .select({ payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(eq(schema.outbox.storeId, shops.a.id))
      .orderBy(desc(schema.outbox.createdAt));
    expect(JSON.stringify(mails.map((m) => m.payload))).toContain(res.json().data.invoice_number);

    const url = `/api/admin/pos/conflicts/${mine.id}/resolve/`;
    const missing = await vendor.call('POST', url, { resolution: 'COUNTED' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0].path).toBe('counted_stock');
    const done = await vendor.call('POST', url, { resolution: 'COUNTED', counted_stock: 4, note: 'Shelf' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.conflict).toMatchObject({ resolution: 'COUNTED', stock_now: 4 });
    const counted = await stockAndLedger(t, shops.a.id, p.id);
    expect(counted.stock).toBe(4);
    expect(counted.ledger.at(-1)).toEqual({ change: 6, after: 4, reason: 'ADJUSTMENT' });
    // The ledger and the stock agree: the changes add up to the stock.
    expect(counted.ledger.reduce((n, r) => n + r.change, 0)).toBe(4);
    const twice = await vendor.call('POST', url, { resolution: 'ACCEPTED' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason).toBe('ALREADY_RESOLVED');
    const open = (await vendor.call('GET', '/api/admin/pos/conflicts/')).json().data.conflicts;
    expect(open.some((c: { id: string }) => c.id === mine.id)).toBe(false);
  });
});

describe('exactly once', () => {
  it('bills a sale once when its key arrives twice at the same moment', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 40, stock: 10 });
    const counter = await registerCounter(vendor);
    const body = offlineBill([{ id: p.id, quantity: 1, price: 40 }], {
      counter_id: counter.id,
      receipt_seq: 1,
      sold_at: minutesAgo(10),
    });
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([sell(body, key), sell(body, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.order_id).toBe(b.json().data.order_id);
    expect(await stockAndLedger(t, shops.a.id, p.id)).toMatchObject({ stock: 9 });
  });

  it('two counters syncing at once keep their own series; one number sent twice under two keys is billed once', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 25, stock: 6 });
    const [c1, c2] = [await registerCounter(vendor), await registerCounter(vendor)];
    const at = minutesAgo(45);
    const bill = (c: PosCounter, n: number) =>
      offlineBill([{ id: p.id, quantity: 1, price: 25 }], { counter_id: c.id, receipt_seq: n, sold_at: at });
    // Each counter sends its queue in order; the two queues race. Eight units sold of six: two below zero.
    const queue = async (c: PosCounter) => {
      const out: string[] = [];
      for (let n = 1; n <= 4; n += 1) {
        const r = await sell(bill(c, n));
        expect(r.statusCode, r.body).toBe(201);
        out.push(r.json().data.invoice_number);
      }
      return out;
    };
    const [n1, n2] = await Promise.all([queue(c1), queue(c2)]);
    expect(n1).toEqual([1, 2, 3, 4].map((n) => numberOf(c1, at, n)));
    expect(n2).toEqual([1, 2, 3, 4].map((n) => numberOf(c2, at, n)));
    const both = await stockAndLedger(t, shops.a.id, p.id);
    expect(both.stock).toBe(-2);
    expect(both.ledger.reduce((n, r) => n + r.change, 0)).toBe(-2);
    const [x, y] = await Promise.all([sell(bill(c1, 5)), sell(bill(c1, 5))]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const [docs] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.taxDocuments)
        .where(eq(schema.taxDocuments.number, numberOf(c1, at, 5))),
    );
    expect(docs?.n).toBe(1);
  });

  it('a sale sent online whose answer was lost, then queued offline with the same key: the first sale; its number voided', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 50, stock: 5 });
    const counter = await registerCounter(vendor);
    const queued = offlineBill([{ id: p.id, quantity: 1, price: 50 }], {
      counter_id: counter.id,
      receipt_seq: 1,
      sold_at: minutesAgo(3),
    });
    const { offline: _o, product_id, ...rest } = queued;
    const online = { ...rest, product_id: product_id.map(({ unit_price_paise: _u, ...l }) => l) };
    const key = crypto.randomUUID();
    const first = await sell(online, key);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await sell(queued, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.order_id).toBe(first.json().data.order_id);
    expect(replay.json().data.offline).toEqual({
      counter_id: counter.id,
      receipt_number: null,
      stock_conflicts: [],
    });
    expect((await sell(queued, key)).statusCode).toBe(200);
    const after = (await vendor.call('GET', `/api/admin/pos/counters/${counter.id}/`)).json().data.counter;
    expect(after).toMatchObject({ next_seq: 2, offline_sales: 0 });
    expect(await stockAndLedger(t, shops.a.id, p.id)).toMatchObject({ stock: 4 });
  });

  it('a sync resumed after a lost answer sends the rest in order, each once', async () => {
    const p = await offlineProduct(t, vendor, shops.a.id, { price: 30, stock: 10 });
    const counter = await registerCounter(vendor);
    const at = minutesAgo(60);
    const queue = [1, 2, 3].map((n) => ({
      key: crypto.randomUUID(),
      body: offlineBill([{ id: p.id, quantity: 1, price: 30 }], {
        counter_id: counter.id,
        receipt_seq: n,
        sold_at: at,
      }),
    }));
    const [one, two] = queue;
    if (!one || !two) throw new Error('queue');
    expect((await sell(one.body, one.key)).statusCode).toBe(201);
    // The answer to the second was lost (the tab closed): the device sends it again, then the rest.
    const lost = await sell(two.body, two.key);
    expect(lost.statusCode).toBe(201);
    const codes = [];
    for (const s of queue.slice(1)) codes.push((await sell(s.body, s.key)).statusCode);
    expect(codes).toEqual([200, 201]);
    expect(await stockAndLedger(t, shops.a.id, p.id)).toMatchObject({ stock: 7 });
    const counted = (await vendor.call('GET', `/api/admin/pos/counters/${counter.id}/`)).json().data.counter;
    expect(counted).toMatchObject({ next_seq: 4, offline_sales: 3 });
  });
});

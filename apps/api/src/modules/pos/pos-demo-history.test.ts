import { isValidGstin, posTotals } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';

/*
 * The demo seed's counter sales (packages/db/src/seed/demo-pos.ts): every published demo shop has point-of-sale
 * history as pos-checkout writes it, interleaved with its online orders (one number sequence, one stock ledger that
 * still ends at today's stock), with invoices, returning customers and a business buyer; seeding again adds none.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const q = <T>(storeId: string, query: ReturnType<typeof sql>) =>
  withStore(t.owner, storeId, async (tx) => rowsOf<T>(await tx.execute(query)));

describe('the demo counter', () => {
  it('every published shop sold at its counter over about four months, numbered with its online orders', async () => {
    for (const shop of shops.open) {
      const [s] = await q<{
        pos: number;
        online: number;
        first: string;
        last: string;
        min: number;
        max: number;
        n: number;
        counter: number;
        late: number;
      }>(
        shop.id,
        sql`select count(*) filter (where channel = 'POS')::int pos, count(*) filter (where channel = 'ONLINE')::int online,
              min(created_at) filter (where channel = 'POS') first, max(created_at) filter (where channel = 'POS') last,
              min(number) min, max(number) max, count(*)::int n,
              (select last_number from order_counters c where c.store_id = ${shop.id}) counter,
              (select count(*)::int from (select created_at < lag(created_at) over (order by number) late
                 from orders where store_id = ${shop.id}) x where late) late
            from orders where store_id = ${shop.id}`,
      );
      if (!s) throw new Error('no orders');
      expect(s.pos, shop.slug).toBeGreaterThanOrEqual(20);
      expect(s.online).toBeGreaterThan(0);
      expect(Date.now() - new Date(s.first).getTime()).toBeGreaterThan(60 * DAY);
      expect(Date.now() - new Date(s.last).getTime()).toBeLessThan(20 * DAY);
      // Unique, consecutive, in time order, and the counter the next sale takes its number from.
      expect(s.max - s.min + 1).toBe(s.n);
      expect(s.counter).toBe(s.max);
      expect(s.late).toBe(0);
    }
  });

  it('writes each sale as pos-checkout does: order, lines, payment, event, ledger and a tax invoice', async () => {
    const shop = shops.a;
    const [loc] = await withStore(t.owner, shop.id, (tx) =>
      tx.select().from(schema.storeLocations).where(eq(schema.storeLocations.storeId, shop.id)),
    );
    const [owner] = await t.owner
      .select({ id: schema.stores.ownerId })
      .from(schema.stores)
      .where(eq(schema.stores.id, shop.id));
    const sales = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select()
        .from(schema.orders)
        .where(and(eq(schema.orders.storeId, shop.id), eq(schema.orders.channel, 'POS'))),
    );
    const items = await q<{
      order_id: string;
      variant_id: string | null;
      unit_price_paise: number;
      quantity: number;
      tax_percent: string;
    }>(
      shop.id,
      sql`select i.order_id, i.variant_id, i.unit_price_paise, i.quantity, i.tax_percent from order_items i join orders o on o.store_id = i.store_id and o.id = i.order_id
           where o.store_id = ${shop.id} and o.channel = 'POS'`,
    );
    const payments = await withStore(t.owner, shop.id, (tx) =>
      tx.select().from(schema.paymentTransactions).where(eq(schema.paymentTransactions.storeId, shop.id)),
    );
    const events = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select()
        .from(schema.orderEvents)
        .where(
          and(eq(schema.orderEvents.storeId, shop.id), eq(schema.orderEvents.note, 'Sold at the counter')),
        ),
    );
    const ledger = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select()
        .from(schema.stockLedger)
        .where(and(eq(schema.stockLedger.storeId, shop.id), eq(schema.stockLedger.reason, 'SALE'))),
    );
    const invoices = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select()
        .from(schema.taxDocuments)
        .where(and(eq(schema.taxDocuments.storeId, shop.id), eq(schema.taxDocuments.kind, 'INVOICE'))),
    );
    // A few sales had a unit returned at the counter (demo-returns.ts): partly refunded.
    const returned = await withStore(t.owner, shop.id, (tx) =>
      tx.select().from(schema.counterReturns).where(eq(schema.counterReturns.storeId, shop.id)),
    );
    const methods = new Set<string>();
    let discounted = 0;
    for (const o of sales) {
      expect(o).toMatchObject({
        status: 'DELIVERED',
        paymentStatus: returned.some((r) => r.orderId === o.id) ? 'PARTIALLY_REFUNDED' : 'SUCCESS',
        deliveryName: 'Counter sale',
        deliveryEstimate: 'Collected at the counter',
        shippingPaise: 0,
        shipLine1: loc?.addressLine1,
        shipCity: loc?.city,
        shipState: loc?.state,
        shipPostalCode: loc?.postalCode,
        customerId: null,
      });
      expect(o.contactPhone).toBe(o.shipPhone);
      expect(o.contactPhone).toMatch(/^[6-9]\d{9}$/);
      expect(['CASH', 'UPI', 'CARD']).toContain(o.paymentMethod);
      methods.add(o.paymentMethod);
      if (o.discountPaise > 0) discounted++;
      const lines = items.filter((i) => i.order_id === o.id);
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(l.variant_id).not.toBeNull();
      // The totals are the counter's arithmetic for these lines and this discount.
      const totals = posTotals(
        lines.map((l) => ({
          unitPricePaise: l.unit_price_paise,
          quantity: l.quantity,
          ratePercent: Number(l.tax_percent),
        })),
        { type: 'FIXED', value: o.discountPaise / 100 },
      );
      expect({ ...o, items: o.totalItems }).toMatchObject({
        subtotalPaise: totals.subtotalPaise,
        discountPaise: totals.discountPaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.totalPaise,
        items: totals.items,
      });
      const p = payments.filter((x) => x.orderId === o.id);
      expect(p).toHaveLength(1);
      expect(p[0]).toMatchObject({
        reference: `TXN-${o.number}`,
        paymentMode: o.paymentMethod,
        paymentStatus: o.paymentStatus,
        amountPaise: o.totalPaise,
        receivedBy: owner?.id,
        receivedAt: o.createdAt,
      });
      const pay = p[0];
      if (!pay) continue;
      if (o.paymentMethod === 'CASH') {
        expect(pay.tenderedPaise).toBeGreaterThanOrEqual(o.totalPaise);
        const tendered = pay.tenderedPaise ?? 0;
        expect(tendered === o.totalPaise || tendered % 10_000 === 0).toBe(true);
      } else expect(pay.tenderedPaise).toBeNull();
      if (o.paymentMethod === 'CARD') {
        expect(pay.cardLast4).toMatch(/^\d{4}$/);
        expect(pay.cardNetwork).toBeTruthy();
      } else expect(pay.cardLast4).toBeNull();
      if (o.paymentMethod === 'UPI' && pay.externalReference)
        expect(pay.externalReference).toMatch(/^\d{12}$/);
      expect(events.filter((e) => e.orderId === o.id)).toMatchObject([
        { status: 'DELIVERED', actorId: owner?.id },
      ]);
      const sold = ledger.filter((l) => l.orderId === o.id);
      expect(sold.map((l) => l.change).sort()).toEqual(lines.map((l) => -l.quantity).sort());
      for (const l of sold) expect(l.note).toBe(`Counter sale ORD-${o.number}`);
      const invoice = invoices.filter((d) => d.orderId === o.id);
      expect(invoice).toHaveLength(1);
      const snap = invoice[0]?.snapshot as {
        buyer: { name: string; gstin: string | null; state: string };
        placeOfSupply: { state: string };
      };
      expect(invoice[0]?.issuedAt).toEqual(o.createdAt);
      expect(invoice[0]?.totalPaise).toBe(o.totalPaise);
      expect(snap.buyer).toMatchObject({ name: o.shipName, state: loc?.state, gstin: o.buyerGstin });
      expect(snap.placeOfSupply.state).toBe(loc?.state);
    }
    expect([...methods].sort()).toEqual(['CARD', 'CASH', 'UPI']);
    expect(discounted).toBeGreaterThan(0);
  });

  it('keeps the stock ledger ending at today’s stock for every product without options', async () => {
    for (const shop of shops.open) {
      // The ledger adds up to the stock, and its latest row says so (an online order placed and cancelled in the
      // last minutes has both rows at one instant: either may be the one that ends at the stock).
      const off = await q<{ sku: string; quantity: number; ledger: number }>(
        shop.id,
        sql`select p.sku, v.quantity, sum(l.change)::int ledger
              from product_variants v
              join products p on p.store_id = v.store_id and p.id = v.product_id and p.options = '[]'::jsonb
              join stock_ledger l on l.store_id = v.store_id and l.variant_id = v.id
             where v.store_id = ${shop.id}
             group by p.sku, v.store_id, v.id, v.quantity
            having sum(l.change) <> v.quantity
                or not bool_or(l.quantity_after = v.quantity and l.created_at = (
                     select max(x.created_at) from stock_ledger x where x.store_id = v.store_id and x.variant_id = v.id))`,
      );
      expect(off, shop.slug).toEqual([]);
      const [neg] = await q<{ n: number }>(
        shop.id,
        sql`select count(*)::int n from stock_ledger where store_id = ${shop.id} and quantity_after < 0`,
      );
      expect(neg?.n).toBe(0);
    }
  });

  it('remembers the counter’s customers: regulars with several visits and a business with its GSTIN', async () => {
    for (const shop of shops.open) {
      // The book also holds the shop's online customers (issue 38, migration 0051), with no counter visits.
      const book = await withStore(t.owner, shop.id, (tx) =>
        tx.select().from(schema.posCustomers).where(eq(schema.posCustomers.storeId, shop.id)),
      );
      const customers = book.filter((c) => c.visits > 0);
      const visits = await q<{ phone: string; n: number; last: string }>(
        shop.id,
        sql`select contact_phone phone, count(*)::int n, max(created_at) last from orders
             where store_id = ${shop.id} and channel = 'POS' group by 1`,
      );
      expect(customers.length).toBe(visits.length);
      for (const c of customers) {
        const v = visits.find((x) => x.phone === c.phone);
        expect(c.visits).toBe(v?.n);
        expect(c.lastVisitAt?.getTime()).toBe(new Date(v?.last ?? 0).getTime());
      }
      expect(customers.filter((c) => c.visits >= 3).length, shop.slug).toBeGreaterThanOrEqual(2);
      const business = customers.filter((c) => c.gstNumber);
      expect(business).toHaveLength(1);
      expect(isValidGstin(business[0]?.gstNumber ?? '')).toBe(true);
      expect(business[0]?.visits).toBeGreaterThanOrEqual(2);
      const billed = await withStore(t.owner, shop.id, (tx) =>
        tx
          .select({ gstin: schema.orders.buyerGstin })
          .from(schema.orders)
          .where(
            and(
              eq(schema.orders.storeId, shop.id),
              eq(schema.orders.channel, 'POS'),
              eq(schema.orders.contactPhone, business[0]?.phone ?? ''),
            ),
          ),
      );
      expect(billed.every((b) => b.gstin === business[0]?.gstNumber)).toBe(true);
    }
  });

  it('shows the counter in Order Management, Transaction Management and the counter’s customer look-up', async () => {
    const vendor = await demoVendor(t, shops.a);
    const list = (await vendor.call('GET', '/api/admin/order/?status=DELIVERED&limit=100')).json().data;
    expect(list.order_list.some((o: { channel: string }) => o.channel === 'POS')).toBe(true);
    const counterOrders = new Set(
      (
        await withStore(t.owner, shops.a.id, (tx) =>
          tx
            .select({ id: schema.orders.id })
            .from(schema.orders)
            .where(and(eq(schema.orders.storeId, shops.a.id), eq(schema.orders.channel, 'POS'))),
        )
      ).map((o) => o.id),
    );
    for (const [filter, mode] of [
      ['CASH', 'CASH'],
      ['UPI', 'UPI'],
      ['CREDIT_CARD', 'CARD'],
    ] as const) {
      // The cash filter shows cash on delivery too, and UPI shows online orders still waiting for their money.
      const page = (
        await vendor.call('GET', `/api/admin/transaction/?payment_mode=${filter}&limit=100`)
      ).json().data;
      const counter = page.results.filter(
        (r: { payment_mode: string; order_id: string }) =>
          r.payment_mode === mode && counterOrders.has(r.order_id),
      );
      expect(counter.length, filter).toBeGreaterThan(0);
      expect(counter[0]).toMatchObject({ payment_status: 'SUCCESS', is_invoice_generated: true });
    }
    const [regular] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.posCustomers)
        .where(eq(schema.posCustomers.storeId, shops.a.id))
        .orderBy(sql`visits desc`)
        .limit(1),
    );
    const found = (await vendor.call('GET', `/api/admin/pos/customer/?phone=${regular?.phone}`)).json().data
      .customer;
    expect(found).toMatchObject({ name: regular?.name, visits: regular?.visits });
  });

  it('seeding again adds no sale, customer, invoice or ledger row', async () => {
    const count = async () =>
      (
        await q<{ orders: number; customers: number; docs: number; ledger: number; payments: number }>(
          shops.a.id,
          sql`select (select count(*)::int from orders) orders, (select count(*)::int from pos_customers) customers,
                     (select count(*)::int from tax_documents) docs, (select count(*)::int from stock_ledger) ledger,
                     (select count(*)::int from payment_transactions) payments`,
          // Every shop's rows: a second run must add nothing anywhere.
        )
      )[0];
    const before = await count();
    const result = await seedDemo(t.owner);
    expect(result.seededOrders).toBe(0);
    expect(await count()).toEqual(before);
  });
});

import { schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { bill, post, product, stockAndLedger } from './returns.test-helpers.ts';

/*
 * The money of counter returns (issue 38): a cash refund and an exchange's cash name the drawer the cashier has
 * open, so the register's expected cash moves by what really changed hands; an exchange for a cheaper item gives
 * the difference back; a sale on the khata is returned onto the khata.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
  vendor = await demoVendor(t, shops.a);
});
afterAll(() => t?.close());

const inShop = <T>(fn: Parameters<typeof withStore<T>>[2]) => withStore(t.owner, shops.a.id, fn);

async function sale(body: object) {
  const res = await post(
    t,
    shops.a.slug,
    vendor,
    '/api/admin/order/pos-checkout/',
    body,
    crypto.randomUUID(),
  );
  expect(res.statusCode, res.body).toBe(201);
  const s = res.json().data as { order_id: string; order_number: string };
  const lines = (await vendor.call('GET', `/api/admin/pos/sale/${s.order_number}/returnable/`)).json().data
    .lines;
  return { ...s, item: lines[0].item_id as string };
}

const giveBack = (body: object) =>
  post(t, shops.a.slug, vendor, '/api/admin/pos/return/', body, crypto.randomUUID());

describe('the money of a counter return', () => {
  it('names the open register for a cash refund and an exchange, so the drawer expects what it holds', async () => {
    const [owner] = await t.owner
      .select({ id: schema.stores.ownerId })
      .from(schema.stores)
      .where(eq(schema.stores.id, shops.a.id));
    const session = await inShop(async (tx) => {
      await tx
        .update(schema.registerSessions)
        .set({ closedAt: new Date(), expectedPaise: 0, countedPaise: 0, differencePaise: 0 })
        .where(and(eq(schema.registerSessions.cashierId, owner?.id ?? ''), sql`closed_at is null`));
      const [s] = await tx
        .insert(schema.registerSessions)
        .values({
          storeId: shops.a.id,
          cashierId: owner?.id,
          cashierName: 'Owner',
          registerName: `Returns ${Date.now()}`,
          openingFloatPaise: 0,
        })
        .returning();
      return s;
    });
    const tea = await product(vendor, { price: 120, stock: 5 });
    const hamper = await product(vendor, { price: 200, stock: 5 });
    const s = await sale(bill([{ id: tea, quantity: 2, price: 120 }]));
    const line = { item_id: s.item, quantity: 1 };
    const refund = await giveBack({
      order_id: s.order_id,
      lines: [line],
      reason: 'Torn',
      kind: 'REFUND',
      method: 'CASH',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const exchange = await giveBack({
      order_id: s.order_id,
      lines: [line],
      reason: 'Wants the hamper',
      kind: 'EXCHANGE',
      method: 'CASH',
      exchange: { product_id: [{ product_id: hamper, quantity: 1 }], total_bill_amount: 200 },
    });
    expect(exchange.statusCode, exchange.body).toBe(201);
    // In the drawer: 240 for the sale, 120 out for the refund, 80 in for the exchange = 200.
    const drawer = await inShop(async (tx) => {
      const [sales] = await tx
        .select({ sum: sql<number>`coalesce(sum(total_paise), 0)::int` })
        .from(schema.orders)
        .where(
          and(
            eq(schema.orders.registerSessionId, session?.id ?? ''),
            eq(schema.orders.paymentMethod, 'CASH'),
          ),
        );
      const [refunds] = await tx
        .select({ sum: sql<number>`coalesce(sum(amount_paise), 0)::int` })
        .from(schema.refunds)
        .where(
          and(eq(schema.refunds.registerSessionId, session?.id ?? ''), eq(schema.refunds.method, 'CASH')),
        );
      return (sales?.sum ?? 0) - (refunds?.sum ?? 0);
    });
    expect(drawer).toBe(20_000);
    expect(exchange.json().data).toMatchObject({ difference: 80, refunded: 0 });
  });

  it('gives the difference back when the new item is cheaper, by UPI', async () => {
    const big = await product(vendor, { price: 200, stock: 5 });
    const small = await product(vendor, { price: 120, stock: 5 });
    const s = await sale(bill([{ id: big, quantity: 1, price: 200 }], { method: 'UPI' }));
    const res = await giveBack({
      order_id: s.order_id,
      lines: [{ item_id: s.item, quantity: 1 }],
      reason: 'Too big',
      kind: 'EXCHANGE',
      method: 'UPI',
      exchange: { product_id: [{ product_id: small, quantity: 1 }], total_bill_amount: 120 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      returned_amount: 200,
      exchange_total: 120,
      difference: -80,
      refunded: 80,
    });
    expect(await stockAndLedger(t, shops.a.id, big)).toMatchObject({ stock: 5, ledger: 5 });
    expect(await stockAndLedger(t, shops.a.id, small)).toMatchObject({ stock: 4, ledger: 4 });
    // A changed price on the new bill is refused with the server's total.
    const stale = await giveBack({
      order_id: s.order_id,
      lines: [{ item_id: s.item, quantity: 1 }],
      reason: 'Again',
      kind: 'EXCHANGE',
      method: 'UPI',
      exchange: { product_id: [{ product_id: small, quantity: 1 }], total_bill_amount: 99 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('returns a sale on the khata onto the khata, and does not exchange it', async () => {
    const tea = await product(vendor, { price: 100, stock: 10 });
    const phone = `97${String(Date.now()).slice(-8)}`;
    await sale({ ...bill([{ id: tea, quantity: 1, price: 100 }]), phone });
    const found = (await vendor.call('GET', `/api/admin/customer/?search=${phone}`)).json().data;
    const customerId = found.results[0].id as string;
    const limit = await vendor.call('PUT', `/api/admin/customer/${customerId}/credit-limit/`, {
      credit_limit: 1000,
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const s = await sale({
      ...bill([{ id: tea, quantity: 2, price: 100 }]),
      phone,
      payment: { method: 'CREDIT' },
    });
    const body = {
      order_id: s.order_id,
      lines: [{ item_id: s.item, quantity: 1 }],
      reason: 'Extra',
      kind: 'REFUND',
    };
    const cash = await giveBack({ ...body, method: 'CASH' });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().error.issues[0].path).toBe('method');
    const swap = await giveBack({
      ...body,
      kind: 'EXCHANGE',
      method: 'KHATA',
      exchange: { product_id: [{ product_id: tea, quantity: 1 }], total_bill_amount: 100 },
    });
    expect(swap.json().error.reason).toBe('KHATA_EXCHANGE');
    const res = await giveBack({ ...body, method: 'KHATA' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ method: 'KHATA', returned_amount: 100, refunded: 0 });
    const entries = await inShop((tx) =>
      tx
        .select()
        .from(schema.khataEntries)
        .where(and(eq(schema.khataEntries.customerId, customerId), eq(schema.khataEntries.kind, 'RETURN'))),
    );
    expect(entries).toMatchObject([{ amountPaise: -10_000, orderId: s.order_id }]);
    const [c] = await inShop((tx) =>
      tx.select().from(schema.posCustomers).where(eq(schema.posCustomers.id, customerId)),
    );
    expect(c?.balancePaise).toBe(entries[0]?.balanceAfterPaise);
  });
});

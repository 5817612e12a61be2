import { schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import * as repo from './registers.repository.ts';
import { counterProduct, sell } from './registers.test-helpers.ts';
import { expectedPaise } from './registers-view.ts';

/*
 * Registers under concurrency (issue 38): two opens at once for one cashier (one wins), and a cash sale that
 * commits while its register closes is either in the close's expected cash or refused, never lost. On PostgreSQL
 * the interleavings are made with row locks the test holds; PGlite has one connection, so there the same calls run
 * one after the other and the answers must still agree.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let owner: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 20 });
  shops = await demoShops(t.owner);
  owner = await demoVendor(t, shops.a);
});
afterAll(() => t?.close());

const R = '/api/admin/register/';
const onPg = () => t.kind === 'postgres';

/** Statements of this database waiting for a row lock (PostgreSQL). */
const lockWaiters = async () => {
  const rows = await t.owner.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { n: number }[];
  return Number(list[0]?.n ?? 0);
};

async function variantOf(productId: string) {
  const [v] = await withStore(t.owner, shops.a.id, (tx) =>
    tx
      .select({ id: schema.productVariants.id })
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, productId)),
  );
  return v?.id as string;
}

/** Cash sales naming the session (paise), as the database has them now. */
async function cashNamed(sessionId: string) {
  const rows = await withStore(t.owner, shops.a.id, (tx) =>
    tx
      .select({ total: schema.orders.totalPaise })
      .from(schema.orders)
      .where(and(eq(schema.orders.registerSessionId, sessionId), eq(schema.orders.paymentMethod, 'CASH'))),
  );
  return rows.reduce((a, r) => a + r.total, 0);
}

describe('registers at once', () => {
  it('lets one of two opens for the same cashier win', async () => {
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    const [a, b] = await Promise.all([
      cashier.call('POST', `${R}open/`, { opening_float: 1000, register_name: 'Till A' }),
      cashier.call('POST', `${R}open/`, { opening_float: 1000, register_name: 'Till B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json().message).toMatch(/^You already have Till [AB] open since/);
    const history = (await owner.call('GET', `${R}?cashier_id=${cashier.userId}`)).json().data;
    expect(history.total).toBe(1);
  });

  it('counts a sale that was being made when the close came', async () => {
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    const productId = await counterProduct(owner, 250);
    const session = (await cashier.call('POST', `${R}open/`, { opening_float: 500 })).json().data;
    if (!onPg()) {
      expect((await sell(cashier, productId, 250, 1)).statusCode).toBe(201);
      const closed = await cashier.call('POST', `${R}${session.id}/close/`, { counted_cash: 750 });
      expect(closed.json().data.session).toMatchObject({ expected: 750, difference: 0 });
      return;
    }
    const variant = await variantOf(productId);
    let release = () => {};
    let held = () => {};
    const isHeld = new Promise<void>((r) => {
      held = r;
    });
    // The sale stops at the product's stock, which the test holds, after it has taken its register.
    const holder = t.owner.transaction(async (tx) => {
      await tx.execute(sql`select 1 from product_variants where id = ${variant} for update`);
      held();
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await isHeld;
    const sale = sell(cashier, productId, 250, 1);
    await vi.waitFor(async () => expect(await lockWaiters()).toBe(1), { timeout: 10_000, interval: 20 });
    const close = cashier.call('POST', `${R}${session.id}/close/`, { counted_cash: 750 });
    await vi.waitFor(async () => expect(await lockWaiters()).toBe(2), { timeout: 10_000, interval: 20 });
    release();
    await holder;
    const [sold, closed] = await Promise.all([sale, close]);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session).toMatchObject({ expected: 750, counted: 750, difference: 0 });
    expect(await cashNamed(session.id)).toBe(25000);
  });

  it('refuses a sale whose register closed while it waited, and writes none of it', async () => {
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    const productId = await counterProduct(owner, 300, 10);
    const session = (await cashier.call('POST', `${R}open/`, { opening_float: 200 })).json().data;
    if (!onPg()) {
      await cashier.call('POST', `${R}${session.id}/close/`, { counted_cash: 200 });
      expect((await sell(cashier, productId, 300, 1)).statusCode).toBe(201);
      expect(await cashNamed(session.id)).toBe(0);
      return;
    }
    let sale: ReturnType<typeof sell> | null = null;
    // The close's steps as closeRegister runs them, in a transaction the test holds open while the sale arrives.
    const expected = await withStore(t.appDb, shops.a.id, async (tx) => {
      const s = await repo.lockSession(tx, session.id);
      if (!s) throw new Error('no session');
      sale = sell(cashier, productId, 300, 1);
      await vi.waitFor(async () => expect(await lockWaiters()).toBe(1), { timeout: 10_000, interval: 20 });
      const e = expectedPaise(s.openingFloatPaise, await repo.drawerSums(tx, s.id));
      await repo.closeSession(tx, s.id, {
        closedBy: cashier.userId,
        expectedPaise: e,
        countedPaise: e,
        note: null,
        at: new Date(),
      });
      return e;
    });
    const refused = await (sale as unknown as ReturnType<typeof sell>);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.reason).toBe('REGISTER_CLOSED');
    expect(refused.json().message).toMatch(
      /^Counter 1 was closed at \d\d:\d\d while this was being recorded/,
    );
    expect(expected).toBe(20000);
    expect(await cashNamed(session.id)).toBe(0);
    const [p] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ q: schema.products.quantity })
        .from(schema.products)
        .where(eq(schema.products.id, productId)),
    );
    expect(p?.q).toBe(10);
    // With no register open now, the next cash sale goes through, in no drawer.
    expect((await sell(cashier, productId, 300, 1)).statusCode).toBe(201);
  });
});

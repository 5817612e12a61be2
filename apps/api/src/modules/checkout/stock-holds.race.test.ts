import { randomUUID } from 'node:crypto';
import { schema, type Tx, withStore } from '@haat/db';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type ShopContext, shopContext } from '../../lib/context.ts';
import type { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { raceCustomers, raceProduct, raceShop, raceStock } from '../orders/orders.test-helpers.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { holdCheckout } from './checkout-hold.service.ts';
import { placeOrder } from './place-order.service.ts';

/*
 * Holds under concurrency (issue 40, decision 0030), at the service layer on the real database: shoppers holding
 * the last units at once, and a flash sale of 100 units among 2,000 shoppers who hold and buy, hold and walk away
 * (their holds expire while the sale goes on: the app's clock moves 30 s every 50 shoppers, nothing sleeps), or buy
 * without holding. Exactly 100 are sold, stock equals its ledger, and no shopper who held units failed to buy them.
 * The races only mean something on PostgreSQL (PGlite is one connection): the flash sale runs there only.
 */
let t: TestApp;
let store: StoreRow;
let deliveryId: string;
const SHOPPERS = process.env.DATABASE_URL ? 2000 : 40;
const shoppers: { actor: Actor; addressId: string }[] = [];
const inShop = <T>(fn: (tx: Tx) => Promise<T>) => withStore(t.owner, store.id, fn);

beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 24 });
  ({ store, deliveryId } = await raceShop(t));
  shoppers.push(...(await raceCustomers(t, store.id, SHOPPERS, 'flash')));
}, 120_000);
afterAll(() => t?.close());

/** A product with `stock` units and a cart line of one unit for each of the first `buyers` shoppers. */
async function saleOf(stock: number, buyers: number) {
  const buying = shoppers.slice(0, buyers).map((s) => ({ customerId: s.actor.userId, quantity: 1 }));
  const { productId, lines } = await raceProduct(
    t,
    store.id,
    { name: 'Flash Phone', pricePaise: 999_00, stock },
    buying,
  );
  return { productId, lineOf: new Map(lines.map((l) => [l.customerId, l.id])) };
}

/** Each shopper's context, on a clock the test moves. */
let clock = Date.now();
const ctxOf = (i: number): ShopContext => {
  const s = shoppers[i];
  if (!s) throw new Error('shopper');
  return { ...shopContext(t.deps, null, s.actor, store), now: () => new Date(clock) };
};
const buy = (i: number, lineId: string) =>
  placeOrder(ctxOf(i), {
    body: {
      cart_item: [lineId],
      shipping_address: shoppers[i]?.addressId ?? '',
      delivery_type: deliveryId,
      payment_option: 'COD',
    },
    key: randomUUID(),
    links: { adminOrigin: '', shopUrl: '' },
  });

/** A refusal must be one of the honest ones; anything else (a 500, a deadlock) fails the test. */
const refused = (e: unknown) => {
  const err = e as AppError;
  expect(err.statusCode, String(e)).toBe(409);
  expect(['HELD', 'OUT_OF_STOCK']).toContain(err.extra?.reason);
  return false;
};

/** Runs `n` tasks with at most `width` at once. */
async function bounded(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

async function soldAndLedger(productId: string) {
  const { stock, ledger, items } = await raceStock(t, store.id, productId);
  return {
    stock,
    ledger: ledger.reduce((n, l) => n + l.change, 0),
    sold: items.reduce((n, l) => n + l.quantity, 0),
    buyers: new Set(items.map((l) => l.orderId)).size,
  };
}

describe('shoppers holding the last units at once', () => {
  it('hold exactly as many as there are; the others are told they are held', async () => {
    const { lineOf } = await saleOf(3, 12);
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => holdCheckout(ctxOf(i))));
    const held = results.filter((r) => r.status === 'fulfilled');
    expect(held).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).extra.reason).toBe('HELD');
    // Those who held buy; nobody else can.
    const orders = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => buy(i, lineOf.get(shoppers[i]?.actor.userId ?? '') ?? '')),
    );
    expect(orders.map((o) => o.status)).toEqual(results.map((r) => r.status));
  });
});

describe.runIf(!!process.env.DATABASE_URL)('a flash sale: 100 units, 2,000 shoppers', () => {
  it('sells exactly 100, never a held unit to another shopper, with holds expiring meanwhile', {
    timeout: 600_000,
  }, async () => {
    const { productId, lineOf } = await saleOf(100, SHOPPERS);
    const line = (i: number) => lineOf.get(shoppers[i]?.actor.userId ?? '') ?? '';
    const bought = new Set<number>();
    const heldButNotBought: number[] = [];
    let walkedAway = 0;
    let done = 0;
    // A quarter walk away from checkout (their holds expire as the clock moves), a quarter buy without holding.
    const shopper = async (i: number) => {
      const kind = i % 4;
      if (kind === 3) {
        if (await buy(i, line(i)).then(() => true, refused)) bought.add(i);
      } else if (await holdCheckout(ctxOf(i)).then(() => true, refused)) {
        if (kind === 2) walkedAway += 1;
        else {
          if (await buy(i, line(i)).then(() => true, refused)) bought.add(i);
          else heldButNotBought.push(i);
        }
      }
      done += 1;
      if (done % 50 === 0) clock += 30_000;
    };
    await bounded(SHOPPERS, 20, shopper);
    expect(heldButNotBought).toEqual([]);

    // Every hold has ended: shoppers who did not get one try again until the last unit is sold.
    clock += 11 * 60_000;
    const waiting = Array.from({ length: SHOPPERS }, (_, i) => i).filter((i) => !bought.has(i));
    await bounded(waiting.length, 20, async (k) => {
      const i = waiting[k] ?? 0;
      if (
        (await holdCheckout(ctxOf(i)).then(() => true, refused)) &&
        (await buy(i, line(i)).then(() => true, refused))
      )
        bought.add(i);
    });

    const after = await soldAndLedger(productId);
    expect(after).toEqual({ stock: 0, ledger: -100, sold: 100, buyers: 100 });
    expect(bought.size).toBe(100);
    // Shoppers walked away holding units, and all 100 were sold all the same: their holds expired.
    expect(walkedAway).toBeGreaterThan(0);
    const live = await inShop((tx) =>
      tx
        .select()
        .from(schema.stockHolds)
        .where(
          and(eq(schema.stockHolds.productId, productId), gt(schema.stockHolds.expiresAt, new Date(clock))),
        ),
    );
    expect(live).toEqual([]);
  });
});

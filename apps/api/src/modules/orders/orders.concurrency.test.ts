import { randomUUID } from 'node:crypto';
import { schema, type Tx, withStore } from '@haat/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { shopContext } from '../../lib/context.ts';
import type { OrderStep } from '../../lib/deps.ts';
import type { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { placeOrder } from '../checkout/place-order.service.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { raceCustomers, raceProduct, raceShop, raceStock } from './orders.test-helpers.ts';

/*
 * No overselling and no partial orders, at the service layer on the real database. The races only mean
 * something on PostgreSQL (PGlite is one connection); CI runs this file on both.
 * (The owner connection reads every shop on PostgreSQL, where it bypasses row-level security: filter by shop.)
 */
let t: TestApp;
let store: StoreRow;
let standardId: string;
const customers: { actor: Actor; addressId: string }[] = [];

const inShop = <T>(fn: (tx: Tx) => Promise<T>) => withStore(t.owner, store.id, fn);

beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 20 });
  ({ store, deliveryId: standardId } = await raceShop(t));
  customers.push(...(await raceCustomers(t, store.id, 200, 'race')));
});
afterAll(() => t?.close());

/** A fresh product with `stock` units and one cart line of the given quantity per customer. */
const productWithCarts = (stock: number, quantities: number[]) =>
  raceProduct(
    t,
    store.id,
    { name: 'Race Kettle', pricePaise: 500_00, stock },
    quantities.map((quantity, i) => ({ customerId: customers[i]?.actor.userId ?? '', quantity })),
  );

const order = (i: number, lineId: string, orderStep?: (step: OrderStep) => void, key = randomUUID()) => {
  const c = customers[i];
  if (!c) throw new Error('customer');
  const deps = orderStep ? { ...t.deps, testHooks: { orderStep } } : t.deps;
  return placeOrder(shopContext(deps, null, c.actor, store), {
    body: {
      cart_item: [lineId],
      shipping_address: c.addressId,
      delivery_type: standardId,
      payment_option: 'COD',
    },
    key,
    links: { adminOrigin: '', shopUrl: '' },
  });
};

const stockAndLedger = (productId: string) => raceStock(t, store.id, productId);

// PGlite serialises everything, so there it checks the same bookkeeping in two rounds; PostgreSQL races 20.
const ROUNDS = process.env.DATABASE_URL ? 20 : 2;

describe('200 concurrent orders for 50 in stock', () => {
  it(`never oversell, over ${ROUNDS} rounds with different splits of quantity`, {
    timeout: 240_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Round 0: one each, so exactly 50 orders. Later rounds: 1 to 3 each in a pattern that shifts per round.
      const quantities = customers.map((_, i) => (round === 0 ? 1 : 1 + ((i * 7 + round) % 3)));
      const { productId, lines } = await productWithCarts(50, quantities);
      const results = await Promise.allSettled(
        lines.map((l) =>
          order(
            customers.findIndex((c) => c.actor.userId === l.customerId),
            l.id,
          ),
        ),
      );
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [lines[i]?.quantity ?? 0] : []));
      const lost = results.flatMap((r, i) =>
        r.status === 'rejected' ? [{ q: lines[i]?.quantity ?? 0, e: r.reason as AppError }] : [],
      );
      for (const l of lost) {
        expect(l.e.statusCode).toBe(409);
        expect(l.e.extra.reason).toBe('OUT_OF_STOCK');
      }
      const sold = won.reduce((n, q) => n + q, 0);
      const { stock, ledger, items } = await stockAndLedger(productId);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + sold).toBe(50);
      expect(-ledger.reduce((n, l) => n + l.change, 0)).toBe(sold);
      expect(items.reduce((n, l) => n + l.quantity, 0)).toBe(sold);
      expect(items).toHaveLength(won.length);
      // Every refusal was honest: what was left could not cover it.
      if (lost.length) expect(stock).toBeLessThan(Math.min(...lost.map((l) => l.q)));
      if (round === 0) {
        expect(won).toHaveLength(50);
        expect(stock).toBe(0);
      }
    }
  });
});

describe('a coupon with one use left', () => {
  it('is used by exactly one of several concurrent orders', async () => {
    const buyers = [0, 1, 2, 3, 4, 5];
    const { lines } = await productWithCarts(
      100,
      buyers.map(() => 1),
    );
    const [coupon] = await inShop((tx) =>
      tx
        .insert(schema.coupons)
        .values({
          storeId: store.id,
          code: `LAST${randomUUID().slice(0, 6)}`,
          kind: 'PERCENT',
          value: 10,
          usageLimit: 1,
        })
        .returning(),
    );
    if (!coupon) throw new Error('coupon');
    await inShop((tx) =>
      tx
        .insert(schema.cartCoupons)
        .values(
          buyers.map((i) => ({
            storeId: store.id,
            customerId: customers[i]?.actor.userId ?? '',
            couponId: coupon.id,
          })),
        )
        .onConflictDoUpdate({
          target: [schema.cartCoupons.storeId, schema.cartCoupons.customerId],
          set: { couponId: coupon.id },
        }),
    );
    const results = await Promise.allSettled(buyers.map((i) => order(i, lines[i]?.id ?? '')));
    // Whoever read the coupon as used up ordered without it; whoever raced for the last use and lost was refused.
    const withCoupon = results.filter(
      (r) => r.status === 'fulfilled' && r.value.order.coupon_code === coupon.code,
    );
    expect(withCoupon).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).extra?.reason).toBe('COUPON_USED_UP');
    }
    const [after] = await inShop((tx) =>
      tx.select().from(schema.coupons).where(eq(schema.coupons.id, coupon.id)),
    );
    expect(after?.usedCount).toBe(1);
  });
});

describe('a failure at any step leaves nothing behind', () => {
  const steps = ['stock', 'order', 'items', 'payment', 'ledger', 'cart'] as const;
  it.each(steps)(
    'crash after %s: no order, stock and cart as before, and the key is free again',
    async (step) => {
      const { productId, lines } = await productWithCarts(5, [2]);
      const line = lines[0];
      if (!line) throw new Error('line');
      const key = randomUUID();
      const crash = (s: OrderStep) => {
        if (s === step) throw new Error(`injected crash after ${s}`);
      };
      await expect(order(0, line.id, crash, key)).rejects.toThrow(`injected crash after ${step}`);
      const after = await stockAndLedger(productId);
      expect(after).toMatchObject({ stock: 5, ledger: [], items: [] });
      const cart = await inShop((tx) =>
        tx.select().from(schema.cartItems).where(eq(schema.cartItems.id, line.id)),
      );
      expect(cart).toHaveLength(1);
      const orders = await inShop((tx) =>
        tx
          .select()
          .from(schema.orders)
          .where(
            and(
              eq(schema.orders.customerId, customers[0]?.actor.userId ?? ''),
              inArray(schema.orders.status, ['PENDING']),
            ),
          ),
      );
      const placedForProduct = orders.length
        ? await inShop((tx) =>
            tx
              .select()
              .from(schema.orderItems)
              .where(
                and(
                  inArray(
                    schema.orderItems.orderId,
                    orders.map((o) => o.id),
                  ),
                  eq(schema.orderItems.productId, productId),
                ),
              ),
          )
        : [];
      expect(placedForProduct).toEqual([]);
      // The same key works afterwards: the failed attempt did not keep it.
      const retry = await order(0, line.id, undefined, key);
      expect(retry.created).toBe(true);
      expect((await stockAndLedger(productId)).stock).toBe(3);
    },
  );
});

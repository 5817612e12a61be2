import { randomUUID } from 'node:crypto';
import { schema, type Tx, withStore } from '@haat/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { shopContext } from '../../lib/context.ts';
import type { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { findStoreBySlug } from '../stores/stores.service.ts';
import { placeOrder } from './place-order.service.ts';

/*
 * One cart, one order: the same cart lines sent at once under different Idempotency-Keys (a double tap, two
 * tabs) make one order; the others get 409 CART_CHANGED. The race only means something on PostgreSQL (PGlite is
 * one connection); CI runs this file on both.
 */
let t: TestApp;
let store: StoreRow;
let deliveryId: string;
let actor: Actor;
let addressId: string;

const inShop = <T>(fn: (tx: Tx) => Promise<T>) => withStore(t.owner, store.id, fn);

beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 12 });
  const shops = await demoShops(t.owner);
  const found = await findStoreBySlug(t.deps, shops.a.slug);
  if (!found) throw new Error('demo shop');
  store = found;
  const [option] = await inShop((tx) =>
    tx.select().from(schema.deliveryOptions).where(eq(schema.deliveryOptions.storeId, store.id)),
  );
  deliveryId = option?.id ?? '';
  const [user] = await t.owner
    .insert(schema.users)
    .values({
      storeId: store.id,
      role: 'CUSTOMER',
      email: `twice.${randomUUID().slice(0, 8)}@example.in`,
      firstName: 'Twice',
      lastName: 'Tapped',
    })
    .returning({ id: schema.users.id });
  if (!user) throw new Error('user');
  actor = { userId: user.id, role: 'CUSTOMER', storeId: store.id, familyId: randomUUID() };
  const [address] = await inShop((tx) =>
    tx
      .insert(schema.customerAddresses)
      .values({
        storeId: store.id,
        customerId: user.id,
        fullName: 'Twice Tapped',
        addressLine1: '1 Test Street',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        isDefault: true,
      })
      .returning({ id: schema.customerAddresses.id }),
  );
  addressId = address?.id ?? '';
});
afterAll(() => t?.close());

/** Two products with 100 in stock each, and a cart line of each (2 and 1) for the customer. */
async function cartOfTwo() {
  return inShop(async (tx) => {
    const products = await tx
      .insert(schema.products)
      .values(
        [0, 1].map((i) => ({
          storeId: store.id,
          slug: `twice-${i}-${randomUUID()}`,
          name: `Twice Kettle ${i}`,
          pricePaise: 300_00,
          quantity: 100,
        })),
      )
      .returning({ id: schema.products.id });
    const lines = await tx
      .insert(schema.cartItems)
      .values(
        products.map((p, i) => ({
          storeId: store.id,
          customerId: actor.userId,
          productId: p.id,
          quantity: 2 - i,
        })),
      )
      .returning({ id: schema.cartItems.id });
    return { productIds: products.map((p) => p.id), lineIds: lines.map((l) => l.id) };
  });
}

const ROUNDS = process.env.DATABASE_URL ? 20 : 2;
const AT_ONCE = 6;

describe('the same cart lines ordered at once under different keys', () => {
  it(`make one order and ${AT_ONCE - 1} clear 409s, over ${ROUNDS} rounds`, {
    timeout: 120_000,
  }, async () => {
    let placed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { productIds, lineIds } = await cartOfTwo();
      const results = await Promise.allSettled(
        Array.from({ length: AT_ONCE }, () =>
          placeOrder(shopContext(t.deps, null, actor, store), {
            body: {
              cart_item: lineIds,
              shipping_address: addressId,
              delivery_type: deliveryId,
              payment_option: 'COD',
            },
            key: randomUUID(),
            links: { adminOrigin: '', shopUrl: '' },
          }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
      expect(won).toHaveLength(1);
      for (const e of lost) {
        expect(e.statusCode).toBe(409);
        expect(e.extra.reason).toBe('CART_CHANGED');
      }
      placed++;
      const { stock, items, orders } = await inShop(async (tx) => ({
        stock: await tx
          .select({ q: schema.products.quantity })
          .from(schema.products)
          .where(inArray(schema.products.id, productIds))
          .orderBy(schema.products.quantity),
        items: await tx
          .select()
          .from(schema.orderItems)
          .where(inArray(schema.orderItems.productId, productIds)),
        orders: await tx
          .select({ id: schema.orders.id })
          .from(schema.orders)
          .where(and(eq(schema.orders.storeId, store.id), eq(schema.orders.customerId, actor.userId))),
      }));
      expect(stock.map((s) => s.q)).toEqual([98, 99]);
      expect(items).toHaveLength(2);
      expect(orders).toHaveLength(placed);
    }
  });
});

import { posTotals } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { ensureOperator } from '../accounts/bootstrap-accounts.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';

/*
 * Counter sales and the shop as a whole (issue 35): a suspended shop does not sell at the counter, and an
 * Idempotency-Key names one sale of the shop whoever sends it, also when two counters send it at once.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
let operatorToken = '';
const OPERATOR = { email: 'operator-pos@haat.test', password: 'operator-pass-2026' };
beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 20 });
  shops = await demoShops(t.owner);
  vendor = await demoVendor(t, shops.a);
  await ensureOperator(t.owner, OPERATOR.email, OPERATOR.password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/',
    payload: { ...OPERATOR, role_name: 'ADMIN' },
  });
  expect(res.statusCode, res.body).toBe(200);
  operatorToken = res.json().data.access_token;
});
afterAll(() => t?.close());

const CHECKOUT = '/api/admin/order/pos-checkout/';
let seq = 0;

async function product(stock: number) {
  const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `PSR-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await vendor.call('POST', '/api/admin/product/', {
    product_name: `Counter Rule ${sku}`,
    sku,
    original_price: 40,
    product_price: 100,
    unit: 'Piece',
    product_quantity: stock,
    shipping_charge: 0,
    tax_percentage: 5,
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function stock(productId: string) {
  const [row] = await withStore(t.owner, shops.a.id, (tx) =>
    tx.select({ q: schema.products.quantity }).from(schema.products).where(eq(schema.products.id, productId)),
  );
  return row?.q;
}

function bill(productId: string, quantity: number) {
  const tot = posTotals([{ unitPricePaise: 10_000, quantity, ratePercent: 5 }], { type: 'FIXED', value: 0 });
  return {
    name: 'Meena Iyer',
    phone: '9812345670',
    product_id: [{ product_id: productId, quantity }],
    discount_type: 'FIXED',
    discount_value: 0,
    sub_total: tot.subtotalPaise / 100,
    discount_amount: tot.discountPaise / 100,
    tax: tot.taxPaise / 100,
    total_bill_amount: tot.totalPaise / 100,
    total_items: tot.items,
    payment: { method: 'CASH', amount_received: Math.ceil(tot.totalPaise / 100 / 500) * 500 },
  };
}

const sell = (who: { token: string }, body: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: CHECKOUT,
    payload: body,
    headers: { authorization: `Bearer ${who.token}`, 'store-origin': shops.a.slug, 'idempotency-key': key },
  });

const posOrders = (productId: string) =>
  withStore(t.owner, shops.a.id, (tx) =>
    tx
      .select({ id: schema.orderItems.orderId })
      .from(schema.orderItems)
      .innerJoin(
        schema.orders,
        and(
          eq(schema.orders.storeId, schema.orderItems.storeId),
          eq(schema.orders.id, schema.orderItems.orderId),
        ),
      )
      .where(and(eq(schema.orderItems.productId, productId), eq(schema.orders.channel, 'POS'))),
  );

const setShopStatus = (online_status: 'SUSPENDED' | 'PUBLISHED') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/platform/shops/${shops.a.id}/status/`,
    payload: {
      online_status,
      ...(online_status === 'SUSPENDED' ? { reason: 'Documents under review' } : {}),
    },
    headers: { authorization: `Bearer ${operatorToken}` },
  });

describe('a suspended shop at the counter', () => {
  it('refuses a counter sale with 403 saying why, sells nothing, and sells again once the suspension is lifted', async () => {
    const p = await product(5);
    const suspended = await setShopStatus('SUSPENDED');
    expect(suspended.statusCode, suspended.body).toBe(200);
    try {
      const refused = await sell(vendor, bill(p, 1), crypto.randomUUID());
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.reason).toBe('SHOP_SUSPENDED');
      expect(refused.json().message).toBe(
        'This shop is suspended by the Haat platform and cannot sell at the counter until the suspension is lifted. Please contact platform support.',
      );
      expect(await stock(p)).toBe(5);
      expect(await posOrders(p)).toEqual([]);
    } finally {
      expect((await setShopStatus('PUBLISHED')).statusCode).toBe(200);
    }
    const sold = await sell(vendor, bill(p, 1), crypto.randomUUID());
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await stock(p)).toBe(4);
  });
});

describe('an Idempotency-Key at the counter names one sale of the shop', () => {
  it('a second person sending the same key gets the first sale back, or 409 for another bill', async () => {
    const p = await product(10);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    const key = crypto.randomUUID();
    const first = await sell(vendor, bill(p, 1), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await sell(cashier, bill(p, 1), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const other = await sell(cashier, bill(p, 2), key);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await stock(p)).toBe(9);
    expect(await posOrders(p)).toHaveLength(1);
  });

  it('two counters sending one key at the same moment make one sale', async () => {
    const p = await product(10);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    for (let round = 0; round < 3; round++) {
      const key = crypto.randomUUID();
      const answers = await Promise.all([sell(vendor, bill(p, 1), key), sell(cashier, bill(p, 1), key)]);
      // One made the sale; the other waited for it and got it back.
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        200, 201,
      ]);
      const made = answers.find((a) => a.statusCode === 201)?.json().data.order_id;
      const replay = answers.find((a) => a.statusCode === 200);
      if (replay) expect(replay.json().data.order_id).toBe(made);
    }
    expect(await posOrders(p)).toHaveLength(3);
    expect(await stock(p)).toBe(7);
  });
});

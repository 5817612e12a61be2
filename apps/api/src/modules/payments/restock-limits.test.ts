import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counterSaleBody } from '../../../test/counter-sale.ts';
import { demoSuite } from '../../../test/demo-suite.ts';
import { shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * Stock moves back only as far as it was sold (issue 35): each order line counts what went back to stock
 * (refunds with restock, returns, cancellations, RTO received back), and a refund asking for more is refused.
 */

const { t, shops, vendor } = await demoSuite();

let seq = 0;
async function product(name: string, stock: number, price = 100) {
  const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `RST-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await vendor.call('POST', '/api/admin/product/', {
    product_name: `${name} ${sku}`,
    sku,
    original_price: 40,
    product_price: price,
    unit: 'Piece',
    product_quantity: stock,
    shipping_charge: 0,
    tax_percentage: 5,
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, name: `${name} ${sku}` };
}

async function stock(productId: string) {
  const [row] = await withStore(t.owner, shops.a.id, (tx) =>
    tx.select({ q: schema.products.quantity }).from(schema.products).where(eq(schema.products.id, productId)),
  );
  return row?.q;
}

/** A counter sale of `quantity` units at ₹100 (5 % GST), paid in cash: its transaction and order ids. */
async function sellAtCounter(productId: string, quantity: number) {
  const body = counterSaleBody({ productId, quantity, unitPricePaise: 10_000, ratePercent: 5 }, (total) => ({
    method: 'CASH',
    amount_received: Math.ceil(total / 500) * 500,
  }));
  const res = await vendor.call('POST', '/api/admin/order/pos-checkout/', body);
  expect(res.statusCode, res.body).toBe(201);
  return {
    transactionId: res.json().data.transaction_id as string,
    orderId: res.json().data.order_id as string,
  };
}

const refund = (transactionId: string, productId: string, quantity: number) =>
  vendor.call('POST', `/api/admin/transaction/${transactionId}/refund/`, {
    amount: 1,
    reason: 'Returned at the counter',
    method: 'CASH',
    restock: [{ product_id: productId, quantity }],
  });

async function setStatus(orderId: string, status: string) {
  const { version } = (await vendor.call('GET', `/api/admin/order/${orderId}/`)).json().data.order_details;
  const res = await vendor.call('PUT', `/api/admin/order/${orderId}/status/`, { status, version });
  expect(res.statusCode, res.body).toBe(200);
}

/** The order's lines: how many were sold and how many went back to stock. */
const lines = (orderId: string) =>
  withStore(t.owner, shops.a.id, (tx) =>
    tx
      .select({ quantity: schema.orderItems.quantity, restocked: schema.orderItems.restockedQuantity })
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, orderId)),
  );

describe('refunds with restock', () => {
  it('put back at most what was sold: four ₹1 refunds of one unit restock it once, the rest answer 409', async () => {
    const p = await product('Masala Chai', 5);
    const sale = await sellAtCounter(p.id, 1);
    expect(await stock(p.id)).toBe(4);
    const first = await refund(sale.transactionId, p.id, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stock(p.id)).toBe(5);
    for (let i = 0; i < 3; i++) {
      const again = await refund(sale.transactionId, p.id, 1);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(`Only 0 of 1 × ${p.name} can still go back to stock`);
      expect(again.json().error.issues[0].path).toBe('restock');
    }
    expect(await stock(p.id)).toBe(5);
    expect(await lines(sale.orderId)).toEqual([{ quantity: 1, restocked: 1 }]);
    // Nothing of a refused refund was kept: one refund of ₹1 on the payment.
    const detail = (await vendor.call('GET', `/api/admin/transaction/${sale.transactionId}/`)).json().data;
    expect(detail.refunds).toHaveLength(1);
  });

  it('asking for more than was sold in one refund is refused with what is left, not silently capped', async () => {
    const p = await product('Ginger Biscuits', 6);
    const sale = await sellAtCounter(p.id, 2);
    const over = await refund(sale.transactionId, p.id, 3);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(`Only 2 of 2 × ${p.name} can still go back to stock`);
    expect(await stock(p.id)).toBe(4);
    expect((await refund(sale.transactionId, p.id, 1)).statusCode).toBe(200);
    const rest = await refund(sale.transactionId, p.id, 2);
    expect(rest.json().message).toBe(`Only 1 of 2 × ${p.name} can still go back to stock`);
    expect((await refund(sale.transactionId, p.id, 1)).statusCode).toBe(200);
    expect(await stock(p.id)).toBe(6);
  });

  it('after the order was marked RETURNED, a refund cannot restock the unit a second time', async () => {
    const p = await product('Cardamom Pods', 3);
    const sale = await sellAtCounter(p.id, 1);
    await setStatus(sale.orderId, 'RETURNED');
    expect(await stock(p.id)).toBe(3);
    const again = await refund(sale.transactionId, p.id, 1);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(`Only 0 of 1 × ${p.name} can still go back to stock`);
    // The refund of the money alone still goes through.
    const money = await vendor.call('POST', `/api/admin/transaction/${sale.transactionId}/refund/`, {
      amount: 1,
      reason: 'Returned at the counter',
      method: 'CASH',
    });
    expect(money.statusCode, money.body).toBe(200);
    expect(await stock(p.id)).toBe(3);
    expect(await lines(sale.orderId)).toEqual([{ quantity: 1, restocked: 1 }]);
  });

  it('a return after a refund with restock puts back only the rest', async () => {
    const p = await product('Tulsi Green Tea', 5);
    const sale = await sellAtCounter(p.id, 3);
    expect((await refund(sale.transactionId, p.id, 1)).statusCode).toBe(200);
    expect(await stock(p.id)).toBe(3);
    await setStatus(sale.orderId, 'RETURNED');
    expect(await stock(p.id)).toBe(5);
    expect(await lines(sale.orderId)).toEqual([{ quantity: 3, restocked: 3 }]);
    const ledger = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ change: schema.stockLedger.change, reason: schema.stockLedger.reason })
        .from(schema.stockLedger)
        .where(eq(schema.stockLedger.orderId, sale.orderId))
        .orderBy(schema.stockLedger.createdAt),
    );
    expect(ledger).toEqual([
      { change: -3, reason: 'SALE' },
      { change: 1, reason: 'RETURN' },
      { change: 2, reason: 'RETURN' },
    ]);
  });

  it('a cancellation after a refund with restock puts back only the rest', async () => {
    const p = await product('Kashmiri Kahwa', 6, 200);
    const shopper = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 2 }]);
    const placed = await shopper.place(await shopper.orderBody(0, 'UPI'));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.order_id as string;
    expect(await stock(p.id)).toBe(4);
    const detail = (await vendor.call('GET', `/api/admin/order/${orderId}/`)).json().data.order_details;
    const paid = await vendor.call('POST', `/api/admin/order/${orderId}/payment/`, {
      utr: String(Date.now()).slice(-12).padStart(12, '4'),
      version: detail.version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const transactionId = paid.json().data.order_details.payment.id as string;
    expect((await refund(transactionId, p.id, 1)).statusCode).toBe(200);
    expect(await stock(p.id)).toBe(5);
    await setStatus(orderId, 'CANCELLED');
    expect(await stock(p.id)).toBe(6);
    expect(await lines(orderId)).toEqual([{ quantity: 2, restocked: 2 }]);
  });
});

describe('the database keeps it so', () => {
  it('refuses a line restocked beyond what was sold, or below zero (CHECK)', async () => {
    const p = await product('Saffron Strands', 4);
    const sale = await sellAtCounter(p.id, 1);
    for (const value of [2, -1]) {
      await expect(
        withStore(t.owner, shops.a.id, (tx) =>
          tx
            .update(schema.orderItems)
            .set({ restockedQuantity: value })
            .where(eq(schema.orderItems.orderId, sale.orderId)),
        ),
      ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    }
    expect(await lines(sale.orderId)).toEqual([{ quantity: 1, restocked: 0 }]);
  });
});

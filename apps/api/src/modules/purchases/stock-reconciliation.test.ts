import { schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { counterSale, purchaseProduct, purchaseSupplier, stockOf } from './purchases.test-helpers.ts';

/*
 * The stock's books reconcile (issue 38): opening stock value + goods received - cost of goods sold = closing stock
 * value, for a product bought twice at other costs and sold between, through the API. The weighted average is kept
 * to the paisa, so each receipt may move the value of the units on hand by at most half a paisa each: that, and
 * nothing more, is the difference allowed.
 */

const { t, shops, vendor } = await demoSuite();

const stockValue = async (productId: string) => {
  const s = await stockOf(t, shops.a.id, productId);
  return { units: s.quantity ?? 0, paise: (s.quantity ?? 0) * (s.cost ?? 0), ledger: s.ledger };
};

/** The cost of goods sold of a product: each sale line's recorded cost times the units that stayed sold. */
const costOfGoodsSold = (productId: string) =>
  withStore(t.owner, shops.a.id, async (tx) => {
    const [row] = await tx
      .select({
        paise: sql<number>`coalesce(sum(${schema.orderItems.costPaise} * (${schema.orderItems.quantity} - ${schema.orderItems.restockedQuantity})), 0)::int`,
      })
      .from(schema.orderItems)
      .where(eq(schema.orderItems.productId, productId));
    return row?.paise ?? 0;
  });

describe('the stock at cost reconciles', () => {
  it('opening value + purchases - cost of goods sold = closing value (within the average cost’s rounding)', async () => {
    const p = await purchaseProduct(vendor.call, { stock: 10, cost: 100 });
    const supplierId = await purchaseSupplier(vendor.call);
    const opening = await stockValue(p.id);
    expect(opening.paise).toBe(10 * 10_000);

    let purchasesPaise = 0;
    let allowed = 0;
    const receive = async (quantity: number, cost: number) => {
      const onHand = (await stockValue(p.id)).units;
      const res = await vendor.call('POST', '/api/admin/goods-receipt/', {
        supplier_id: supplierId,
        lines: [{ product_id: p.id, quantity, unit_cost: cost }],
      });
      expect(res.statusCode, res.body).toBe(201);
      purchasesPaise += quantity * Math.round(cost * 100);
      // The new average is rounded to the paisa: the units then on hand move by at most half a paisa each.
      allowed += (onHand + quantity) / 2;
    };
    const sell = async (quantity: number) => {
      const res = await vendor.call('POST', '/api/admin/order/pos-checkout/', counterSale(p.id, quantity));
      expect(res.statusCode, res.body).toBe(201);
    };

    await sell(3);
    await receive(7, 130); // (7 x 100 + 7 x 130) / 14 = 115, exact
    await sell(4);
    await receive(3, 121); // (10 x 115 + 3 x 121) / 13 = 116.3846... -> 116.38
    await sell(2);

    const closing = await stockValue(p.id);
    const cogs = await costOfGoodsSold(p.id);
    expect(closing.units).toBe(10 - 3 + 7 - 4 + 3 - 2);
    expect(closing.ledger).toBe(closing.units);
    expect(cogs).toBe(3 * 10_000 + 4 * 11_500 + 2 * 11_638);
    const drift = opening.paise + purchasesPaise - cogs - closing.paise;
    expect(Math.abs(drift)).toBeLessThanOrEqual(allowed);
    // Here: 1,00,000 + 1,27,300 - 99,276 = 1,28,024 paise expected against 11 x 11,638 = 1,28,018 on the shelf.
    expect(drift).toBe(6);
  });
});

import { schema, type Tx } from '@haat/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { variantLabelSql, variantPriceNow } from '../catalog/index.ts';

const { cartItems: ci, cartCoupons, orderRequests, products: p, productVariants: v, stockHolds } = schema;

// What only placing an order reads and writes; the rows an order is made of are orders' (orders/index.ts).

/** The customer's order request claimed with this key (idempotency), or null. */
export async function findRequest(tx: Tx, customerId: string, key: string) {
  const [row] = await tx
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.customerId, customerId), eq(orderRequests.key, key)));
  return row ?? null;
}

/**
 * The cart lines being ordered with their variants' current price, stock and details, in product then variant
 * order: the order in which a sale locks variants and their products.
 */
export function linesToOrder(tx: Tx, customerId: string, lineIds: string[]) {
  return tx
    .select({
      lineId: ci.id,
      quantity: ci.quantity,
      productId: p.id,
      variantId: v.id,
      variantLabel: variantLabelSql,
      name: p.name,
      sku: v.sku,
      image: sql<string | null>`coalesce(${v.image}, ${p.images}[1])`,
      unitPricePaise: variantPriceNow.mapWith(Number),
      costPaise: v.costPaise,
      taxPercent: p.taxPercent,
      freeShipping: p.freeShipping,
      status: p.status,
      stock: v.quantity,
    })
    .from(ci)
    .innerJoin(p, and(eq(p.storeId, ci.storeId), eq(p.id, ci.productId)))
    .innerJoin(v, and(eq(v.storeId, ci.storeId), eq(v.id, ci.variantId)))
    .where(and(eq(ci.customerId, customerId), inArray(ci.id, lineIds)))
    .orderBy(asc(p.id), asc(v.id));
}
export type LineToOrder = Awaited<ReturnType<typeof linesToOrder>>[number];

/**
 * Takes a line's stock for an online order (take_order_stock, migration 0060): orders' takeStock (HS001 when too
 * little, rolling back) and, with the variant locked, a check that no unit another shopper holds at checkout was
 * taken (HS060 with the variant and how many this shopper may take). One statement, as before holds.
 */
export function takeOrderStock(
  tx: Tx,
  { storeId, customerId, now }: { storeId: string; customerId: string; now: Date },
  line: { variantId: string; quantity: number },
) {
  return tx.execute(
    sql`select take_order_stock(${storeId}, ${line.variantId}, ${line.quantity}, ${customerId}, ${now.toISOString()}::timestamptz) as left_after`,
  );
}

/** Counts one use of a coupon; fails with SQLSTATE HS002 when its usage limit is reached (migration 0016). */
export function useCoupon(tx: Tx, storeId: string, couponId: string) {
  return tx.execute(sql`select use_coupon(${storeId}, ${couponId})`);
}
export const COUPON_USED_UP = 'HS002';

/**
 * Removes the ordered lines and the applied coupon from the customer's cart, and ends the customer's holds of stock
 * (decision 0030: the order took its own held units, and the cart changed) in the coupon's statement, so holds add
 * no statement to an order.
 */
export async function clearOrderedLines(tx: Tx, customerId: string, lineIds: string[]) {
  await Promise.all([
    tx.delete(ci).where(and(eq(ci.customerId, customerId), inArray(ci.id, lineIds))),
    tx.execute(
      sql`with released as (delete from ${stockHolds} where ${stockHolds.customerId} = ${customerId}) delete from ${cartCoupons} where ${cartCoupons.customerId} = ${customerId}`,
    ),
  ]);
}

import { rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, eq, sql } from 'drizzle-orm';

import { cardsFrom, variantLabelSql, variantPriceNow } from '../catalog/index.ts';
import { allowedFor } from './holds.repository.ts';

const {
  cartItems: ci,
  products: p,
  productVariants: v,
  coupons,
  cartCoupons,
  deliveryOptions: dopt,
} = schema;

export type DeliveryOptionRow = typeof dopt.$inferSelect;

/** The customer's cart lines with their product cards and variants (current prices and stock). */
export async function listLines(tx: Tx, customerId: string) {
  return cardsFrom(tx, {
    lineId: ci.id,
    lineQuantity: ci.quantity,
    isSelected: ci.isSelected,
    taxPercent: p.taxPercent,
    status: p.status,
    variantId: v.id,
    variantLabel: variantLabelSql,
    variantSku: v.sku,
    variantImage: v.image,
    variantStock: v.quantity,
    unitPricePaise: variantPriceNow.mapWith(Number),
  })
    .innerJoin(ci, and(eq(ci.storeId, p.storeId), eq(ci.productId, p.id)))
    .innerJoin(v, and(eq(v.storeId, ci.storeId), eq(v.id, ci.variantId)))
    .where(eq(ci.customerId, customerId))
    .orderBy(asc(ci.createdAt), asc(ci.id));
}

/**
 * Adds to the cart in one statement: a new line, or the existing line's quantity raised, only while the total
 * stays within what this shopper may have: the stock less the units other shoppers hold at checkout (decision
 * 0030). Two concurrent adds serialise on the line's row, so neither can pass stock. Null: refused.
 */
export async function addLine(
  tx: Tx,
  { storeId, customerId, now }: { storeId: string; customerId: string; now: Date },
  variantId: string,
  quantity: number,
  selected: boolean,
) {
  const allowed = allowedFor(customerId, now, {
    store: sql`v.store_id`,
    variant: sql`v.id`,
    stock: sql`v.quantity`,
  });
  const allowedHere = allowedFor(customerId, now, {
    store: sql`q.store_id`,
    variant: sql`q.id`,
    stock: sql`q.quantity`,
  });
  const rows = rowsOf<{ id: string; quantity: number }>(
    await tx.execute(sql`
      insert into cart_items (store_id, customer_id, product_id, variant_id, quantity, is_selected)
      select ${storeId}, ${customerId}, v.product_id, v.id, ${quantity}, ${selected}
        from product_variants v join products p on p.store_id = v.store_id and p.id = v.product_id
       where v.id = ${variantId} and p.status = 'ACTIVE' and ${allowed} >= ${quantity}
      on conflict (store_id, customer_id, variant_id) do update
         set quantity = cart_items.quantity + excluded.quantity, is_selected = excluded.is_selected, updated_at = now()
       where cart_items.quantity + excluded.quantity <= (select ${allowedHere} from product_variants q where q.store_id = cart_items.store_id and q.id = cart_items.variant_id)
      returning id, quantity`),
  );
  return rows[0] ?? null;
}

/** Stock of a variant, how much of it this shopper may have, and how many they already have: a refused add. */
export async function stockAndLine(tx: Tx, customerId: string, variantId: string, now: Date) {
  const [row] = await tx
    .select({
      stock: v.quantity,
      allowed: allowedFor(customerId, now, {
        store: sql`${v.storeId}`,
        variant: sql`${v.id}`,
        stock: sql`${v.quantity}`,
      }).mapWith(Number),
      status: p.status,
      inCart:
        sql<number>`coalesce((select c.quantity from cart_items c where c.store_id = product_variants.store_id and c.customer_id = ${customerId} and c.variant_id = product_variants.id), 0)`.mapWith(
          Number,
        ),
    })
    .from(v)
    .innerJoin(p, and(eq(p.storeId, v.storeId), eq(p.id, v.productId)))
    .where(eq(v.id, variantId));
  return row ?? null;
}

/** A cart line with its variant's stock and how much of it this shopper may have (decision 0030). */
export async function findLine(tx: Tx, customerId: string, lineId: string, now: Date) {
  const [row] = await tx
    .select({
      id: ci.id,
      productId: ci.productId,
      quantity: ci.quantity,
      stock: v.quantity,
      allowed: allowedFor(customerId, now, {
        store: sql`${v.storeId}`,
        variant: sql`${v.id}`,
        stock: sql`${v.quantity}`,
      }).mapWith(Number),
    })
    .from(ci)
    .innerJoin(v, and(eq(v.storeId, ci.storeId), eq(v.id, ci.variantId)))
    .where(and(eq(ci.id, lineId), eq(ci.customerId, customerId)));
  return row ?? null;
}

export async function updateLine(
  tx: Tx,
  customerId: string,
  lineId: string,
  v: { quantity?: number; isSelected?: boolean },
) {
  await tx
    .update(ci)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(ci.id, lineId), eq(ci.customerId, customerId)));
}

export async function deleteLine(tx: Tx, customerId: string, lineId: string) {
  const rows = await tx
    .delete(ci)
    .where(and(eq(ci.id, lineId), eq(ci.customerId, customerId)))
    .returning({ id: ci.id });
  return rows.length === 1;
}

export async function findCouponByCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(coupons).where(sql`upper(${coupons.code}) = ${code}`);
  return row ?? null;
}

export async function appliedCoupon(tx: Tx, customerId: string) {
  const [row] = await tx
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, and(eq(coupons.storeId, cartCoupons.storeId), eq(coupons.id, cartCoupons.couponId)))
    .where(eq(cartCoupons.customerId, customerId));
  return row?.coupon ?? null;
}

export async function applyCoupon(tx: Tx, storeId: string, customerId: string, couponId: string) {
  await tx
    .insert(cartCoupons)
    .values({ storeId, customerId, couponId })
    .onConflictDoUpdate({
      target: [cartCoupons.storeId, cartCoupons.customerId],
      set: { couponId, appliedAt: new Date() },
    });
}

export async function removeCoupon(tx: Tx, customerId: string) {
  await tx.delete(cartCoupons).where(eq(cartCoupons.customerId, customerId));
}

/** The shop's active delivery options, in the shop's order: what a cart's delivery charge is chosen from. */
export function listDeliveryOptions(tx: Tx) {
  return tx.select().from(dopt).where(eq(dopt.active, true)).orderBy(asc(dopt.position), asc(dopt.createdAt));
}

/** Whether the shop in context is registered for GST (has a GSTIN): the cart shows GST only then. */
export async function gstRegistered(tx: Tx) {
  const [row] = await tx.select({ gstin: schema.storeSettings.gstin }).from(schema.storeSettings).limit(1);
  return !!row?.gstin;
}

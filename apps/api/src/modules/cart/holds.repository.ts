import { rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, eq, gt, min, notInArray, type SQL, sql } from 'drizzle-orm';

/*
 * Stock held during checkout (migration 0060, decision 0030). A hold counts while its expires_at is after the time
 * a query is asked at: every query here takes the app's clock (the request's `now`), so nothing has to run for a
 * hold to end. The rules live in SQL (hold_stock, stock_allowed, take_order_stock) because they must hold under
 * concurrency: a hold locks the variant's row as a sale does.
 */

const { stockHolds: h, cartItems: ci, productVariants: v, products: p } = schema;

/** SQLSTATE of hold_stock and take_order_stock when the units are there but other shoppers hold them. */
export const HELD_BY_OTHERS = 'HS060';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * How many units of a variant (whose stock is the SQL `stock`) this shopper may put in the cart or order at `now`:
 * the stock less what other shoppers hold (oldest holds served first when the counter sold held units).
 */
export const allowedFor = (
  customerId: string | null,
  now: Date,
  { store, variant, stock }: { store: SQL; variant: SQL; stock: SQL },
) => sql<number>`stock_allowed(${store}, ${variant}, ${customerId}::uuid, ${at(now)}, ${stock})`;

/** Ends every hold of the shopper at this shop: their cart changed, or they ordered. */
export function releaseHolds(tx: Tx, customerId: string) {
  return tx.delete(h).where(eq(h.customerId, customerId));
}

/** Ends the shopper's holds of variants no longer among the lines checkout holds. */
export function releaseOtherHolds(tx: Tx, customerId: string, keepVariantIds: string[]) {
  return tx
    .delete(h)
    .where(
      keepVariantIds.length
        ? and(eq(h.customerId, customerId), notInArray(h.variantId, keepVariantIds))
        : eq(h.customerId, customerId),
    );
}

/** The selected cart lines checkout holds, in the order sales lock stock: by product, then variant. */
export function linesToHold(tx: Tx, customerId: string) {
  return tx
    .select({
      lineId: ci.id,
      variantId: ci.variantId,
      quantity: ci.quantity,
      name: p.name,
      variantLabel: sql<string | null>`nullif(array_to_string(${v.optionValues}, ' / '), '')`,
    })
    .from(ci)
    .innerJoin(p, and(eq(p.storeId, ci.storeId), eq(p.id, ci.productId)))
    .innerJoin(v, and(eq(v.storeId, ci.storeId), eq(v.id, ci.variantId)))
    .where(and(eq(ci.customerId, customerId), eq(ci.isSelected, true)))
    .orderBy(asc(ci.productId), asc(ci.variantId));
}
export type LineToHold = Awaited<ReturnType<typeof linesToHold>>[number];

/**
 * Holds a line's units until `until` (hold_stock): resolves to the hold's expiry, which is the earlier one kept when
 * the shopper already held this quantity. Fails with HS001 (too few) or HS060 (held by others), HINT: how many.
 */
export async function holdUnits(
  tx: Tx,
  {
    storeId,
    customerId,
    variantId,
    quantity,
  }: { storeId: string; customerId: string; variantId: string; quantity: number },
  now: Date,
  until: Date,
) {
  const rows = rowsOf<{ expires_at: string | Date }>(
    await tx.execute(
      sql`select hold_stock(${storeId}::uuid, ${customerId}::uuid, ${variantId}::uuid, ${quantity}::int, ${at(now)}, ${at(until)}) as expires_at`,
    ),
  );
  return new Date(rows[0]?.expires_at ?? until);
}

/** When the shopper's earliest live hold ends, or null without one. */
export async function holdExpiry(tx: Tx, customerId: string, now: Date) {
  const [row] = await tx
    .select({ at: min(h.expiresAt) })
    .from(h)
    .where(and(eq(h.customerId, customerId), gt(h.expiresAt, now)));
  return row?.at ? new Date(row.at) : null;
}

import { schema, type Tx } from '@haat/db';
import { and, desc, eq, sql } from 'drizzle-orm';

import { cardsFrom, variantLabelSql, variantPriceNow } from '../catalog/index.ts';

const { products: p, productVariants: v, wishlistItems: w } = schema;

/** The shop's active product and what a shopper pays for it now (its lowest price, a live deal's included). */
export async function productToSave(tx: Tx, productId: string) {
  const [row] = await cardsFrom(tx, {})
    .where(and(eq(p.id, productId), eq(p.status, 'ACTIVE')))
    .limit(1);
  return row ?? null;
}

/** What one variant of the product costs now, or null when it is not one of the product's. */
export async function variantPrice(tx: Tx, productId: string, variantId: string) {
  const [row] = await tx
    .select({ pricePaise: variantPriceNow })
    .from(v)
    .innerJoin(p, and(eq(p.storeId, v.storeId), eq(p.id, v.productId)))
    .where(and(eq(v.id, variantId), eq(v.productId, productId)))
    .limit(1);
  return row?.pricePaise ?? null;
}

/**
 * Saves the product for the customer (one row per product): a second save keeps the row and takes the variant and
 * the price of this one. `inserted` tells a new row from a changed one.
 */
export async function saveItem(
  tx: Tx,
  row: {
    storeId: string;
    customerId: string;
    productId: string;
    variantId: string | null;
    pricePaise: number;
  },
) {
  const [saved] = await tx
    .insert(w)
    .values({
      storeId: row.storeId,
      customerId: row.customerId,
      productId: row.productId,
      variantId: row.variantId,
      priceAtSavePaise: row.pricePaise,
    })
    .onConflictDoUpdate({
      target: [w.storeId, w.customerId, w.productId],
      set: { variantId: row.variantId, priceAtSavePaise: row.pricePaise, createdAt: sql`now()` },
    })
    .returning({
      id: w.id,
      productId: w.productId,
      variantId: w.variantId,
      priceAtSavePaise: w.priceAtSavePaise,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  if (!saved) throw new Error('wishlist save returned no row');
  return saved;
}

/** The ids of the products the customer saved at the shop in context (the hearts' one read). */
export async function savedProductIds(tx: Tx, customerId: string) {
  const rows = await tx
    .select({ productId: w.productId })
    .from(w)
    .where(eq(w.customerId, customerId))
    .orderBy(desc(w.createdAt));
  return rows.map((r) => r.productId);
}

/** Removes the customer's saved product at the shop in context; false when it was not saved. */
export async function removeItem(tx: Tx, customerId: string, productId: string) {
  const gone = await tx
    .delete(w)
    .where(and(eq(w.customerId, customerId), eq(w.productId, productId)))
    .returning({ id: w.id });
  return gone.length > 0;
}

/** A variant's price now, only for a row that names one (a left join's missing variant is not priced at 0). */
const savedVariantPrice = sql<number | null>`case when ${v.id} is null then null else ${variantPriceNow} end`;

/**
 * The customer's saved products at the shop in context, newest first, with what each costs now and its stock (the
 * variant's when one was saved), whatever the product's status now.
 */
export async function listItems(tx: Tx, customerId: string) {
  return cardsFrom(tx, {
    itemId: w.id,
    variantId: w.variantId,
    priceAtSavePaise: w.priceAtSavePaise,
    savedAt: w.createdAt,
    status: p.status,
    variantLabel: variantLabelSql,
    variantPricePaise: savedVariantPrice,
    variantQuantity: v.quantity,
    variantThreshold: v.lowStockThreshold,
    variantImage: v.image,
  })
    .innerJoin(w, and(eq(w.storeId, p.storeId), eq(w.productId, p.id)))
    .leftJoin(v, and(eq(v.storeId, w.storeId), eq(v.id, w.variantId)))
    .where(eq(w.customerId, customerId))
    .orderBy(desc(w.createdAt), desc(w.id));
}
export type WishlistRow = Awaited<ReturnType<typeof listItems>>[number];

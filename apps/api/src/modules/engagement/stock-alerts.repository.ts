import { type Db, rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Claim, claimSet, confirmSet, liveToken, mailDue } from './confirmation.repository.ts';

const { productVariants, products, stockAlerts } = schema;

/** The label of a variant: its option values ("Red / XL"), or null for a product's only variant. */
const variantLabel = sql<string | null>`nullif(array_to_string(${productVariants.optionValues}, ' / '), '')`;

/**
 * The product's variants in the shop in context with their stock, first position first; empty when it is not
 * this shop's active product.
 */
export async function productVariantsOf(tx: Tx, productId: string) {
  return tx
    .select({
      productId: products.id,
      productName: products.name,
      variantId: productVariants.id,
      label: variantLabel,
      quantity: productVariants.quantity,
    })
    .from(products)
    .innerJoin(
      productVariants,
      and(eq(productVariants.storeId, products.storeId), eq(productVariants.productId, products.id)),
    )
    .where(and(eq(products.id, productId), eq(products.status, 'ACTIVE')))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

type AlertRow = {
  storeId: string;
  productId: string;
  variantId: string;
  email: string;
  customerId: string | null;
};
const alertKey = [stockAlerts.storeId, stockAlerts.variantId, stockAlerts.email];

/**
 * Puts a verified account's address on a variant's list, confirmed; a row already mailed is armed again (the
 * shopper asks anew after the last alert). False when it was confirmed and waiting already.
 */
export async function addConfirmedStockAlert(tx: Tx, row: AlertRow): Promise<boolean> {
  const [saved] = await tx
    .insert(stockAlerts)
    .values({ ...row, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: alertKey,
      set: {
        confirmedAt: sql`case when ${stockAlerts.notifiedAt} is null then coalesce(${stockAlerts.confirmedAt}, now()) else now() end`,
        notifiedAt: null,
        confirmTokenHash: null,
        customerId: sql`coalesce(${stockAlerts.customerId}, excluded.customer_id)`,
      },
    })
    .returning({ fresh: sql<boolean>`${stockAlerts.confirmedAt} = now()` });
  return !!saved?.fresh;
}

/** Puts an address on a variant's list as pending (a row mailed before waits again for a new confirmation). */
export async function addPendingStockAlert(tx: Tx, row: AlertRow) {
  await tx
    .insert(stockAlerts)
    .values(row)
    .onConflictDoUpdate({
      target: alertKey,
      set: {
        notifiedAt: null,
        confirmedAt: sql`case when ${stockAlerts.notifiedAt} is null then ${stockAlerts.confirmedAt} end`,
      },
    });
}

export async function claimStockAlertMail(
  tx: Tx,
  variantId: string,
  email: string,
  hash: string,
): Promise<Claim> {
  const [row] = await tx
    .update(stockAlerts)
    .set(claimSet(stockAlerts, hash))
    .where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.email, email), mailDue(stockAlerts)))
    .returning({ confirmedAt: stockAlerts.confirmedAt });
  return row ?? null;
}

/** Confirms the alert whose link carries `hash`; its address and the product (with its option), or null. */
export async function confirmStockAlertByToken(tx: Tx, hash: string) {
  const [row] = await tx
    .update(stockAlerts)
    .set(confirmSet)
    .where(liveToken(stockAlerts, hash))
    .returning({ email: stockAlerts.email, variantId: stockAlerts.variantId });
  if (!row) return null;
  const [v] = await tx
    .select({ name: products.name, label: variantLabel })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.storeId, productVariants.storeId), eq(products.id, productVariants.productId)),
    )
    .where(eq(productVariants.id, row.variantId))
    .limit(1);
  return { email: row.email, productName: v ? (v.label ? `${v.name} (${v.label})` : v.name) : null };
}

/** Shops with a confirmed, unmailed alert whose variant has stock again (a SECURITY DEFINER function, ids only). */
export async function dueStockAlertStores(db: Db): Promise<string[]> {
  const res = await db.execute(sql`select due_stock_alert_stores() as store_id`);
  return rowsOf<{ store_id: string }>(res).map((r) => r.store_id);
}

/**
 * Claims up to `limit` confirmed, unmailed alerts of the shop in context whose variant has stock, locking them
 * (FOR UPDATE SKIP LOCKED) so a second notifier takes other rows or none; the caller mails and marks them in the
 * same transaction.
 */
export async function claimDueStockAlerts(tx: Tx, limit: number) {
  return tx
    .select({
      id: stockAlerts.id,
      email: stockAlerts.email,
      productId: products.id,
      productName: products.name,
      productStatus: products.status,
      label: variantLabel,
      pricePaise: sql<number>`coalesce(${productVariants.salePricePaise}, ${productVariants.pricePaise})`,
    })
    .from(stockAlerts)
    .innerJoin(
      productVariants,
      and(eq(productVariants.storeId, stockAlerts.storeId), eq(productVariants.id, stockAlerts.variantId)),
    )
    .innerJoin(
      products,
      and(eq(products.storeId, stockAlerts.storeId), eq(products.id, stockAlerts.productId)),
    )
    .where(
      and(
        isNull(stockAlerts.notifiedAt),
        isNotNull(stockAlerts.confirmedAt),
        gt(productVariants.quantity, 0),
      ),
    )
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
    .limit(limit)
    .for('update', { of: stockAlerts, skipLocked: true });
}

export async function markStockAlertsNotified(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  await tx.update(stockAlerts).set({ notifiedAt: sql`now()` }).where(inArray(stockAlerts.id, ids));
}

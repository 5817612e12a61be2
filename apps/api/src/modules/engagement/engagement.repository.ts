import { type Db, rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';

const { deals, products, saleSubscriptions, stores, users } = schema;

/** A deal of the shop in context with where it stands against the database clock; null when it is not this shop's. */
export async function findDeal(tx: Tx, dealId: string) {
  const [row] = await tx
    .select({
      id: deals.id,
      title: deals.title,
      startsAt: deals.startsAt,
      started: sql<boolean>`${deals.startsAt} <= now()`,
      ended: sql<boolean>`${deals.endsAt} <= now()`,
    })
    .from(deals)
    .where(eq(deals.id, dealId))
    .limit(1);
  return row ?? null;
}

/**
 * Puts a verified account's address on a sale's list, confirmed (a pending row of the same address is confirmed);
 * false when it was confirmed there already. `now()` is the transaction's start, so a row confirmed by an earlier
 * transaction never equals it.
 */
export async function addConfirmedSaleSubscription(
  tx: Tx,
  row: { storeId: string; dealId: string; email: string; customerId: string | null },
): Promise<boolean> {
  const [saved] = await tx
    .insert(saleSubscriptions)
    .values({ ...row, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [saleSubscriptions.storeId, saleSubscriptions.dealId, saleSubscriptions.email],
      set: {
        confirmedAt: sql`coalesce(${saleSubscriptions.confirmedAt}, now())`,
        confirmTokenHash: null,
        customerId: sql`coalesce(${saleSubscriptions.customerId}, excluded.customer_id)`,
      },
    })
    .returning({ fresh: sql<boolean>`${saleSubscriptions.confirmedAt} = now()` });
  return !!saved?.fresh;
}

/** The email of an account and whether it was verified (a platform table: no shop context needed). */
export async function accountEmail(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, verified: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Shops with Notify Me subscribers whose sale has started. The one cross-shop read: a SECURITY DEFINER
 * function that returns shop ids only (the app role sees no tenant rows outside a shop's context).
 */
export async function dueSaleNotificationStores(db: Db): Promise<string[]> {
  const res = await db.execute(sql`select due_sale_notification_stores() as store_id`);
  return rowsOf<{ store_id: string }>(res).map((r) => r.store_id);
}

/** What a reminder needs to know about its shop: name, status and how its address is built. */
export async function findStoreForMail(db: Db, storeId: string) {
  const [row] = await db
    .select({
      id: stores.id,
      slug: stores.slug,
      storeName: stores.storeName,
      plan: stores.plan,
      onlineStatus: stores.onlineStatus,
      customDomain: sql<
        string | null
      >`(select d.domain_name from store_domains d where d.store_id = ${stores.id} and d.domain_type = 'custom' and d.verified_at is not null order by d.created_at limit 1)`,
    })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  return row ?? null;
}

/**
 * Claims up to `limit` unnotified subscriptions of the shop in context whose sale has started, locking them
 * (FOR UPDATE SKIP LOCKED) so a second notifier running at the same moment takes other rows or none. The
 * caller mails and marks them in the same transaction.
 */
export async function claimDueSubscriptions(tx: Tx, limit: number) {
  return tx
    .select({
      id: saleSubscriptions.id,
      email: saleSubscriptions.email,
      dealId: deals.id,
      dealTitle: deals.title,
      dealPricePaise: deals.dealPricePaise,
      endsAt: deals.endsAt,
      ended: sql<boolean>`${deals.endsAt} <= now()`,
      productId: products.id,
      productName: products.name,
      productStatus: products.status,
      pricePaise: products.pricePaise,
    })
    .from(saleSubscriptions)
    .innerJoin(
      deals,
      and(eq(deals.storeId, saleSubscriptions.storeId), eq(deals.id, saleSubscriptions.dealId)),
    )
    .innerJoin(products, and(eq(products.storeId, deals.storeId), eq(products.id, deals.productId)))
    .where(
      and(
        isNull(saleSubscriptions.notifiedAt),
        isNotNull(saleSubscriptions.confirmedAt),
        lte(deals.startsAt, sql`now()`),
      ),
    )
    .orderBy(asc(saleSubscriptions.createdAt), asc(saleSubscriptions.id))
    .limit(limit)
    .for('update', { of: saleSubscriptions, skipLocked: true });
}

export async function markNotified(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  await tx
    .update(saleSubscriptions)
    .set({ notifiedAt: sql`now()` })
    .where(inArray(saleSubscriptions.id, ids));
}

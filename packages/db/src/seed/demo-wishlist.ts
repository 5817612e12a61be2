import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withStore } from '../context.ts';
import { users } from '../schema/platform.ts';

/** What the demo shopper saved ₹200 dearer than it is now, for "₹200 less than when you saved it". */
const DROP_PAISE = 20_000;

/** Saves up to `limit` of the shop's active products without options or deals matching `stock`, oldest first. */
const save = (storeId: string, userId: string, stock: SQL, limit: number, dropFirst: boolean) => sql`
  insert into wishlist_items (store_id, customer_id, product_id, price_at_save_paise, created_at)
  select p.store_id, ${userId}::uuid, p.id,
         least(p.price_paise, coalesce(p.sale_price_paise, p.price_paise))
           + case when ${dropFirst} and p.pick = 1 then ${DROP_PAISE} else 0 end,
         now() - make_interval(days => (2 + p.pick)::int)
    from (select p.*, row_number() over (order by p.created_at, p.id) as pick
            from products p
           where p.store_id = ${storeId}::uuid and p.status = 'ACTIVE' and p.options = '[]'::jsonb and ${stock}
             and not exists (select 1 from deals d where d.store_id = p.store_id and d.product_id = p.id)) p
   where p.pick <= ${limit}
  on conflict do nothing`;

/**
 * The demo shopper's wishlist (issue 40): products saved at their first two shops, the first at the first shop
 * when it cost ₹200 more (a price drop), and at the second shop a sold-out one when there is one (for "Notify me").
 * Products without options or deals, so the prices shown are plain. Idempotent.
 */
export async function seedDemoWishlist(db: Db, accountId: string) {
  const linked = await db
    .select({ userId: users.id, storeId: users.storeId })
    .from(users)
    .where(and(eq(users.shopperAccountId, accountId), isNotNull(users.storeId)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(2);
  for (const [i, { userId, storeId }] of linked.entries()) {
    if (!storeId) continue;
    await withStore(db, storeId, async (tx) => {
      await tx.execute(save(storeId, userId, sql`p.quantity > 0`, 2 - i, i === 0));
      if (i === 1) await tx.execute(save(storeId, userId, sql`p.quantity <= 0`, 1, false));
    });
  }
}

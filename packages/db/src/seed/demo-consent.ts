import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withStore } from '../context.ts';

/**
 * The demo customers shared their name, phone and address with each shop at their first order there (decision 0032,
 * migration 0062 for the rows before it): `users.shared_at` is that order's time. Idempotent.
 */
export async function seedDemoConsent(db: Db, storeIds: string[]) {
  for (const storeId of storeIds) {
    await withStore(db, storeId, (tx) =>
      tx.execute(sql`update users u set shared_at = f.first_at
        from (select customer_id, min(created_at) as first_at from orders
               where store_id = ${storeId} and customer_id is not null group by customer_id) f
       where u.id = f.customer_id and u.store_id = ${storeId} and u.shared_at is null`),
    );
  }
}

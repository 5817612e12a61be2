import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withStore } from '../context.ts';

/*
 * Back-in-stock alerts in each demo shop (issue 40): two shoppers waiting on each of the shop's first two sold-out
 * products, confirmed as if they had opened the mailed link a day after asking, so the notifier mails them when
 * the shop receives stock (a goods receipt or an inventory edit in the back office). Run once per shop.
 */

const WAITING = ['meera.pillai@example.in', 'rahul.verma@example.in'];

export async function seedDemoStockAlerts(db: Db, storeId: string, now: Date) {
  const asked = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  const confirmed = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  await withStore(db, storeId, (tx) =>
    tx.execute(sql`
      insert into stock_alerts (store_id, product_id, variant_id, email, created_at, confirm_sent_at, confirmed_at)
      select v.store_id, v.product_id, v.id, e.email, ${asked}::timestamptz, ${asked}::timestamptz,
             ${confirmed}::timestamptz
        from (select v.* from product_variants v
                join products p on p.store_id = v.store_id and p.id = v.product_id and p.status = 'ACTIVE'
               where v.store_id = ${storeId} and v.quantity <= 0
               order by p.created_at, v.position, v.id limit 2) v
        cross join unnest(${sql.param(WAITING)}::text[]) as e(email)
      on conflict do nothing`),
  );
}

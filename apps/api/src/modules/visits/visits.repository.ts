import { rowsOf, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';

/** Counts one visit on the shop's current day in India time (run in the shop's context). */
export async function addVisit(tx: Tx, storeId: string) {
  await tx.execute(sql`
    insert into store_visit_days as v (store_id, day, visits)
    values (${storeId}, order_stats_day(now()), 1)
    on conflict (store_id, day) do update set visits = v.visits + 1`);
}

/** The shop's visits per day from `from` (YYYY-MM-DD, India time) on. */
export async function visitDays(tx: Tx, storeId: string, from: string) {
  return rowsOf<{ day: string; visits: number }>(
    await tx.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, visits from store_visit_days
       where store_id = ${storeId} and day >= ${from}::date`),
  ).map((r) => ({ day: r.day, visits: Number(r.visits) }));
}

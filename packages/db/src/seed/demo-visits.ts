import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';
import { storeVisitDays } from '../schema/visits.ts';
import { DEMO_ORDER_DAYS } from './demo-orders.ts';
import { between, random } from './random.ts';

const DAY = 86_400_000;
const IST = 5.5 * 3_600_000;
const dayText = (t: number) => new Date(Math.floor((t + IST) / DAY) * DAY).toISOString().slice(0, 10);

/**
 * Storefront visits for a published demo shop over the days its demo orders cover (and today), so the
 * dashboard's Conversion Rate shows a real figure: about 25 to 45 visits per order placed that day, plus 20 to
 * 60 visits that bought nothing. Deterministic per shop; days already counted are left as they are.
 */
export async function seedDemoVisits(db: Db, slug: string, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const orders = new Map(
      rowsOf<{ day: string; orders: number }>(
        await tx.execute(
          sql`select to_char(day, 'YYYY-MM-DD') as day, orders from order_day_stats where store_id = ${storeId}`,
        ),
      ).map((r) => [r.day, Number(r.orders)]),
    );
    const rnd = random(`visits:${slug}`);
    const rows = Array.from({ length: DEMO_ORDER_DAYS + 1 }, (_, i) => {
      const day = dayText(now.getTime() - (DEMO_ORDER_DAYS - i) * DAY);
      const bought = orders.get(day) ?? 0;
      let visits = between(rnd, 20, 60);
      for (let k = 0; k < bought; k++) visits += between(rnd, 25, 45);
      return { storeId, day, visits };
    });
    const added = await tx
      .insert(storeVisitDays)
      .values(rows)
      .onConflictDoNothing()
      .returning({ day: storeVisitDays.day });
    return added.length;
  });
}

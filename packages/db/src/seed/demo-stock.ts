import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';

/**
 * Stock of a demo shop that its history does not account for gets its ledger row, so every variant's stock is the sum
 * of its ledger (issue 35): opening stock for a variant with no history (the products of a shop created without
 * orders), a stock count for a difference (stock an older demo seed set without rows). One statement, so a sale
 * committing meanwhile is either wholly seen (stock and its row) or not at all. Returns how many rows it wrote.
 */
export async function ledgerDemoStock(db: Db, storeId: string): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const rows = await tx.execute(sql`
      insert into stock_ledger (store_id, product_id, variant_id, change, quantity_after, reason, note, created_at)
      select v.store_id, v.product_id, v.id, v.quantity - coalesce(l.total, 0), v.quantity,
             case when l.total is null then 'INITIAL' else 'ADJUSTMENT' end,
             case when l.total is null then 'Opening stock' else 'Stock count' end,
             case when l.total is null then v.created_at else now() end
        from product_variants v
        left join (select variant_id, sum(change)::int as total
                     from stock_ledger
                    where store_id = ${storeId}
                    group by variant_id) l on l.variant_id = v.id
       where v.store_id = ${storeId} and v.quantity <> coalesce(l.total, 0)
      returning id`);
    return rowsOf(rows).length;
  });
}

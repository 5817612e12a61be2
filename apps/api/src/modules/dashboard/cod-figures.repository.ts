import { rowsOf, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';

export interface CodFigures {
  /** Cash-on-delivery orders placed in the window. */
  codOrders: number;
  /** Those that were shipped, and those of them that came back (marked RTO, received back or not). */
  shipped: number;
  rto: number;
  /** What the RTO orders cost in shipping, both ways (paise). */
  rtoCostPaise: number;
}

/**
 * The shop's cash-on-delivery figures for orders placed since `from`, in one statement over `orders_cod_idx`
 * (COD orders by when placed, carrying shipped_at, rto_at, delivery name and shipping). An RTO order's cost is its
 * shipping both ways as the shop's delivery option of that name charges it (2 x its base charge), or, when the
 * shop no longer has that option, 2 x the shipping the order was charged (decision 0014).
 */
export async function codFigures(tx: Tx, storeId: string, from: Date): Promise<CodFigures> {
  const [row] = rowsOf<Record<'cod' | 'shipped' | 'rto' | 'cost', string | number | null>>(
    await tx.execute(sql`
      with c as (
        select o.shipped_at, o.rto_at, o.delivery_name, o.shipping_paise from orders o
         where o.store_id = ${storeId} and o.payment_method = 'COD' and o.created_at >= ${from.toISOString()}::timestamptz
      )
      select (select count(*) from c) as cod,
             (select count(*) from c where c.shipped_at is not null) as shipped,
             (select count(*) from c where c.rto_at is not null) as rto,
             (select coalesce(sum(2 * coalesce(d.charge_paise, c.shipping_paise)), 0)
                from c left join lateral (
                  select x.charge_paise from delivery_options x
                   where x.store_id = ${storeId} and x.name = c.delivery_name
                   order by x.active desc, x.position limit 1
                ) d on true
               where c.rto_at is not null) as cost`),
  );
  return {
    codOrders: Number(row?.cod ?? 0),
    shipped: Number(row?.shipped ?? 0),
    rto: Number(row?.rto ?? 0),
    rtoCostPaise: Number(row?.cost ?? 0),
  };
}

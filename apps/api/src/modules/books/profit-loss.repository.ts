import { rowsOf, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';

/*
 * The profit and loss's reads (issue 38), five statements over one shop, none of which reads every order:
 * - sales, profit and the cost of lines with a cost price per day come from order_day_stats (migrations 0011, 0015,
 *   0036: kept by triggers with every order and line), the dashboard's own figures, so the two always agree;
 * - refunds on orders that still count, by the day the order was placed, exactly as the dashboard subtracts them;
 * - the cost of units put back on the shelf (order_items.restocked_quantity) from the orders that the stock ledger's
 *   RETURN rows name (stock_ledger_activity_idx), so a refund with restock takes its cost out of the cost of goods;
 * - online against counter and the discounts given from order_status_day_stats (days x statuses of rows);
 * - expenses by category and by month: whole months from expense_month_stats (migration 0064), the edge days
 *   through expenses_spent_idx; the stock at cost over product_variants.
 */

const n = (v: unknown) => (v == null ? 0 : Number(v));
const jsonOf = <T>(v: unknown, empty: T): T =>
  v == null ? empty : typeof v === 'string' ? JSON.parse(v) : (v as T);
const COUNTED = sql.raw(`('CANCELLED', 'RETURNED', 'RTO')`);

export interface PlDay {
  day: string;
  /** The dashboard's revenue of the day: counted orders' totals less refunds on them. */
  revenuePaise: number;
  refundedPaise: number;
  countedOrders: number;
  /** The dashboard's profit: lines with a cost price, price less discount share less cost (numeric, paise). */
  profitPaise: number;
  /** Cost of the lines with a cost price, every unit sold (costed revenue - profit). */
  costPaise: number;
  linesWithoutCost: number;
  /** Cost of the units of those lines that went back to stock. */
  restockedCostPaise: number;
}

/** Each day's figures from `from` to `to` (YYYY-MM-DD, India time, both included). */
export async function plDays(
  tx: Tx,
  storeId: string,
  w: { from: string; to: string; fromTs: Date; toTs: Date },
) {
  const fromTs = w.fromTs.toISOString();
  const toTs = w.toTs.toISOString();
  const [row] = rowsOf<{ days: unknown }>(
    await tx.execute(sql`
      select json_agg(json_build_array(to_char(s.day, 'YYYY-MM-DD'), s.revenue_paise - coalesce(r.refunded, 0),
               coalesce(r.refunded, 0), s.counted_orders, s.profit_paise, s.costed_revenue_paise - s.profit_paise,
               s.lines_without_cost, coalesce(k.cost, 0))
               order by s.day) as days
        from order_day_stats s
        left join (
          select order_stats_day(o.created_at) as day, sum(f.amount_paise) as refunded
            from refunds f
            join orders o on o.store_id = f.store_id and o.id = f.order_id
           where f.store_id = ${storeId} and o.store_id = ${storeId} and o.status not in ${COUNTED}
             and o.created_at >= ${fromTs}::timestamptz and o.created_at < ${toTs}::timestamptz
           group by 1
        ) r on r.day = s.day
        left join (
          select order_stats_day(o.created_at) as day, sum(i.cost_paise::bigint * i.restocked_quantity) as cost
            from orders o
            join order_items i on i.store_id = o.store_id and i.order_id = o.id
           where o.store_id = ${storeId} and i.store_id = ${storeId}
             and o.id in (select l.order_id from stock_ledger l
                           where l.store_id = ${storeId} and l.reason = 'RETURN' and l.order_id is not null
                             and l.created_at >= ${fromTs}::timestamptz)
             and o.created_at >= ${fromTs}::timestamptz and o.created_at < ${toTs}::timestamptz
             and o.status not in ${COUNTED} and i.restocked_quantity > 0 and i.cost_paise is not null
           group by 1
        ) k on k.day = s.day
       where s.store_id = ${storeId} and s.day >= ${w.from}::date and s.day <= ${w.to}::date`),
  );
  return jsonOf<unknown[][]>(row?.days, []).map(
    (d): PlDay => ({
      day: String(d[0]),
      revenuePaise: n(d[1]),
      refundedPaise: n(d[2]),
      countedOrders: n(d[3]),
      profitPaise: n(d[4]),
      costPaise: n(d[5]),
      linesWithoutCost: n(d[6]),
      restockedCostPaise: n(d[7]),
    }),
  );
}

/**
 * The period's counted orders by channel (their totals after discounts) and the discounts given on them, from
 * order_status_day_stats (kept with every order by its triggers, migration 0054): days x statuses of rows.
 */
export async function channelSales(tx: Tx, storeId: string, w: { from: string; to: string }) {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select coalesce(sum(total_paise - counter_total_paise), 0) as online,
             coalesce(sum(counter_total_paise), 0) as counter,
             coalesce(sum(discount_paise), 0) as discounts
        from order_status_day_stats
       where store_id = ${storeId} and day >= ${w.from}::date and day <= ${w.to}::date
         and status not in ${COUNTED}`),
  );
  return { onlinePaise: n(row?.online), counterPaise: n(row?.counter), discountsPaise: n(row?.discounts) };
}

export interface ExpenseSum {
  key: string;
  amountPaise: number;
  gstPaise: number;
  count: number;
}

const nextDayOf = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const monthOf = (day: string, k: number) => {
  const [y = 2000, m = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + k, 1)).toISOString().slice(0, 10);
};

/**
 * A period's days cut at whole months: [from, a) and [b, end) are read from expenses, [a, b) from
 * expense_month_stats (a = b = end when the period holds no whole month).
 */
export function expenseSpans(from: string, to: string) {
  const end = nextDayOf(to);
  const a = from.endsWith('-01') ? from : monthOf(from, 1);
  const b = monthOf(end, 0);
  return a < b ? { from, a, b, end } : { from, a: end, b: end, end };
}

/**
 * Expenses from `from` to `to` (days, both included) summed by category, or by month (YYYY-MM): whole months from
 * expense_month_stats (kept by triggers, migration 0064), the days at the edges from expenses_spent_idx.
 */
export async function expenseSums(
  tx: Tx,
  storeId: string,
  w: { from: string; to: string; by: 'category' | 'month' },
): Promise<ExpenseSum[]> {
  const s = expenseSpans(w.from, w.to);
  const byMonth = w.by === 'month';
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select ${byMonth ? sql`to_char(key, 'YYYY-MM')` : sql`key`} as key, sum(amount) as amount, sum(gst) as gst,
             sum(n) as count
        from (
          select ${byMonth ? sql`month` : sql`category`} as key, amount_paise as amount, gst_paise as gst,
                 expenses as n
            from expense_month_stats
           where store_id = ${storeId} and month >= ${s.a}::date and month < ${s.b}::date
          union all
          select ${byMonth ? sql`date_trunc('month', spent_on)::date` : sql`category`}, amount_paise, gst_paise, 1
            from expenses
           where store_id = ${storeId}
             and ((spent_on >= ${s.from}::date and spent_on < ${s.a}::date)
               or (spent_on >= ${s.b}::date and spent_on < ${s.end}::date))
        ) x
       group by x.key
      having sum(n) > 0
       order by 2 desc, 1`),
  );
  return rows.map((r) => ({
    key: String(r.key),
    amountPaise: n(r.amount),
    gstPaise: n(r.gst),
    count: n(r.count),
  }));
}

/** The stock on hand at cost: every variant's units times its cost; those without a cost counted apart. */
export async function stockAtCost(tx: Tx, storeId: string) {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select coalesce(sum(quantity::bigint * cost_paise) filter (where cost_paise is not null), 0) as value,
             coalesce(sum(quantity), 0) as units,
             count(*) filter (where cost_paise is null and quantity > 0) as variants_without_cost,
             count(distinct product_id) filter (where cost_paise is null and quantity > 0) as products_without_cost
        from product_variants
       where store_id = ${storeId}`),
  );
  return {
    valuePaise: n(row?.value),
    units: n(row?.units),
    variantsWithoutCost: n(row?.variants_without_cost),
    productsWithoutCost: n(row?.products_without_cost),
  };
}

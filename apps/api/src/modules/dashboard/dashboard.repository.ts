import { rowsOf, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';

/*
 * The dashboard's reads: four statements over one shop. Order figures come from order_day_stats, the daily
 * aggregates that triggers keep in step with orders and order_items (migration 0011), so a period costs at most
 * a few hundred rows however many orders the shop has. Distinct customers are read from
 * orders_store_created_customer_idx alone (and those of past days are kept by the service); recent activity walks
 * the (store_id, created_at) indexes of its three sources. Every statement names the shop as well as running under its
 * row-level security context.
 */

const n = (v: unknown) => (v == null ? 0 : Number(v));
const iso = (d: Date) => d.toISOString();

const jsonOf = <T>(v: unknown, empty: T): T =>
  v == null ? empty : typeof v === 'string' ? JSON.parse(v) : (v as T);

export interface DayFigures {
  /** The day in India time, YYYY-MM-DD. */
  day: string;
  orders: number;
  countedOrders: number;
  revenuePaise: number;
  deliveredOrders: number;
  returnedOrders: number;
  profitPaise: number;
  costedRevenuePaise: number;
  linesWithoutCost: number;
}

/**
 * The shop's daily order figures from `from` (a YYYY-MM-DD day in India time) on, as one JSON value (up to two
 * years of days parse far faster as one document than as hundreds of rows).
 */
export async function dayFigures(tx: Tx, storeId: string, from: string): Promise<DayFigures[]> {
  const [row] = rowsOf<{ days: unknown }>(
    await tx.execute(sql`
      select json_agg(json_build_array(to_char(s.day, 'YYYY-MM-DD'), s.orders, s.counted_orders,
               s.revenue_paise - coalesce(r.refunded, 0), s.delivered_orders, s.returned_orders, s.profit_paise,
               s.costed_revenue_paise, s.lines_without_cost)
               order by s.day) as days
        from order_day_stats s
        left join (
          -- Refunds on orders that still count (a returned or cancelled order counts nothing already), on the
          -- day the order was placed, as the rest of its figures.
          select order_stats_day(o.created_at) as day, sum(f.amount_paise) as refunded
            from refunds f
            join orders o on o.store_id = f.store_id and o.id = f.order_id
           where f.store_id = ${storeId} and o.status not in ('CANCELLED', 'RETURNED', 'RTO')
           group by 1
        ) r on r.day = s.day
       where s.store_id = ${storeId} and s.day >= ${from}::date`),
  );
  return jsonOf<unknown[][]>(row?.days, []).map((d) => ({
    day: String(d[0]),
    orders: n(d[1]),
    countedOrders: n(d[2]),
    revenuePaise: n(d[3]),
    deliveredOrders: n(d[4]),
    returnedOrders: n(d[5]),
    profitPaise: n(d[6]),
    costedRevenuePaise: n(d[7]),
    linesWithoutCost: n(d[8]),
  }));
}

/** The distinct customers with an order placed in [from, to) (to: null for up to now). */
export async function customersBetween(
  tx: Tx,
  storeId: string,
  from: Date,
  to: Date | null,
): Promise<string[]> {
  const [row] = rowsOf<{ ids: unknown }>(
    await tx.execute(sql`
      select json_agg(customer_id) as ids from (
        select distinct customer_id from orders
         where store_id = ${storeId} and created_at >= ${iso(from)}::timestamptz
           ${to ? sql`and created_at < ${iso(to)}::timestamptz` : sql``}
           and customer_id is not null
      ) c`),
  );
  return jsonOf<string[]>(row?.ids, []);
}

/** How many distinct customers placed an order in [from, to). */
export async function customerCount(tx: Tx, storeId: string, from: Date, to: Date) {
  const [row] = rowsOf<{ n: unknown }>(
    await tx.execute(sql`
      select count(*) as n from (
        select distinct customer_id from orders
         where store_id = ${storeId} and created_at >= ${iso(from)}::timestamptz
           and created_at < ${iso(to)}::timestamptz and customer_id is not null
      ) c`),
  );
  return n(row?.n);
}

/**
 * Today's customers (from `today`, India's midnight) and the delivered orders placed since `from` with a return
 * request that was not rejected (returned orders are in the daily figures), in one statement.
 */
export async function todayAndReturns(tx: Tx, storeId: string, today: Date, from: Date) {
  const [row] = rowsOf<{ ids: unknown; requested: unknown }>(
    await tx.execute(sql`
      select
        (select json_agg(customer_id) from (
           select distinct customer_id from orders
            where store_id = ${storeId} and created_at >= ${iso(today)}::timestamptz and customer_id is not null
         ) c) as ids,
        (select count(*) from return_requests r
           join orders o on o.store_id = r.store_id and o.id = r.order_id
          where r.store_id = ${storeId} and o.store_id = ${storeId} and r.status <> 'REJECTED'
            and o.status = 'DELIVERED' and o.created_at >= ${iso(from)}::timestamptz) as requested`),
  );
  return { todayCustomers: jsonOf<string[]>(row?.ids, []), returnRequested: n(row?.requested) };
}

export type ActivityRow =
  | {
      src: 'order';
      id: string;
      at: number;
      status: string;
      note: string | null;
      by_customer: boolean;
      order_id: string;
      number: number;
      name: string;
      total_paise: number;
      items: number;
    }
  | {
      src: 'stock';
      id: string;
      at: number;
      reason: string;
      note: string | null;
      change: number;
      after: number;
      product_id: string;
      product: string;
      actor: string | null;
    }
  | {
      src: 'audit';
      id: string;
      at: number;
      entity: string;
      entity_id: string | null;
      action: string;
      summary: string;
      actor: string | null;
      /** For order status changes: the status the order moved to. */
      status: string | null;
    };

/**
 * Ledger rows that no audit event describes and that are worth a line: stock adjustments and returns, and
 * sales that sold a product out. (Sales and cancellations otherwise show as their orders; imports and edits
 * as their audit events.) The partial index stock_ledger_activity_idx has exactly this predicate.
 */
export const STOCK_ACTIVITY = sql.raw(
  `(l.reason in ('ADJUSTMENT', 'RETURN') or (l.reason = 'SALE' and l.quantity_after = 0))`,
);

/**
 * The latest events of the shop from three sources, newest first: orders placed, cancelled and returned
 * (order_events), stock changes (stock_ledger) and recorded edits (audit_events). An order event or a stock
 * change written in the same transaction as an audit event about the same order or product (a vendor's action)
 * is left to the audit event, which names who did it. Sign-ins and invoices issued (with a shipment) stay in
 * the audit trail only.
 */
export async function recentActivity(tx: Tx, storeId: string, limit: number): Promise<ActivityRow[]> {
  const rows = rowsOf<{ at: number; d: ActivityRow | string }>(
    await tx.execute(sql`
      select at, d from (
        (select e.created_at as ts, extract(epoch from e.created_at) * 1000 as at,
            json_build_object('src', 'order', 'id', e.id, 'status', e.status, 'note', e.note,
              'by_customer', e.actor_id is not null and e.actor_id = o.customer_id, 'order_id', o.id,
              'number', o.number, 'name', o.ship_name, 'total_paise', o.total_paise, 'items', o.total_items) as d
           from order_events e
           join orders o on o.store_id = e.store_id and o.id = e.order_id
          where e.store_id = ${storeId} and o.store_id = ${storeId}
            and e.status in ('PENDING', 'CANCELLED', 'RETURN_REQUESTED', 'RETURNED')
            and not exists (
              select 1 from audit_events a
               where a.store_id = e.store_id and a.entity = 'ORDER'
                 and a.entity_id = e.order_id::text and a.created_at = e.created_at)
          order by e.created_at desc
          limit ${limit})
        union all
        (select l.created_at, extract(epoch from l.created_at) * 1000,
            json_build_object('src', 'stock', 'id', l.id, 'reason', l.reason, 'note', l.note, 'change', l.change,
              'after', l.quantity_after, 'product_id', l.product_id, 'product', p.product_name,
              'actor', nullif(trim(u.first_name || ' ' || u.last_name), ''))
           from stock_ledger l
           join products p on p.store_id = l.store_id and p.id = l.product_id
           left join users u on u.id = l.actor_id
          where l.store_id = ${storeId} and p.store_id = ${storeId} and ${STOCK_ACTIVITY}
            and not exists (
              select 1 from audit_events a
               where a.store_id = l.store_id and a.entity in ('PRODUCT', 'STOCK')
                 and a.entity_id = l.product_id::text and a.created_at = l.created_at)
          order by l.created_at desc
          limit ${limit})
        union all
        (select a.created_at, extract(epoch from a.created_at) * 1000,
            json_build_object('src', 'audit', 'id', a.id, 'entity', a.entity, 'entity_id', a.entity_id,
              'action', a.action, 'summary', a.summary, 'actor', a.actor_name, 'status', a.after->>'status')
           from audit_events a
          where a.store_id = ${storeId} and a.entity not in ('SIGN_IN', 'INVOICE')
          order by a.created_at desc
          limit ${limit})
      ) activity
      order by ts desc
      limit ${limit}`),
  );
  return rows.map((r) => {
    const d = jsonOf(r.d, {}) as ActivityRow;
    return { ...d, at: Number(r.at) };
  });
}

import type { AdminOrderQuery } from '@haat/contracts';
import { anyId, rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { riskFacts, riskyCod } from './cod-risk.ts';
import type { ReturnRequestLine } from './return-lines.ts';

const { orders: o, returnRequests: rr, paymentTransactions: pt, users } = schema;

/** The start of a day in India (IST), and of the day after, as instants. */
const istDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const istDayAfter = (day: string) => new Date(istDay(day).getTime() + 86_400_000);

/** Order Management's date range on created_at (IST days, both included). */
function dateRange(q: Pick<AdminOrderQuery, 'from' | 'to'>): SQL[] {
  const where: SQL[] = [];
  if (q.from) where.push(gte(o.createdAt, istDay(q.from)));
  if (q.to) where.push(lt(o.createdAt, istDayAfter(q.to)));
  return where;
}

/**
 * What a search looks for in `orders.search_key` (lowercase number, name, email and phone digits): a phone
 * typed with +91, spaces or dashes is matched on its digits (the last 10 of an Indian number).
 */
export function searchPattern(search: string) {
  const s = search.trim().toLowerCase();
  if (/^[+\d\s()-]+$/.test(s) && /\d{3}/.test(s)) {
    const digits = s.replace(/\D/g, '');
    return digits.length > 10 && digits.startsWith('91') ? digits.slice(-10) : digits;
  }
  return s;
}
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Raw names: inside a subquery drizzle would leave the outer columns unqualified.
const openReturn = sql<boolean>`exists (select 1 from return_requests r where r.store_id = orders.store_id and r.order_id = orders.id and r.status = 'REQUESTED')`;

/** At most this many orders found through the trigram index; a search matching more tests the range instead. */
const SEARCH_ID_CAP = 1000;

/**
 * The ids of the orders whose search key has the term, found through the trigram index (`order_search_ids`,
 * migration 0039), within the date range; null when the index cannot narrow the search (no search, a term under 3
 * characters, or more than 1,000 matches), and the list then tests the key of every order of the range.
 */
export async function searchMatches(
  tx: Tx,
  q: Pick<AdminOrderQuery, 'search' | 'from' | 'to'>,
): Promise<string[] | null> {
  if (!q.search) return null;
  const term = searchPattern(q.search);
  if (term.length < 3) return null;
  const from = q.from ? istDay(q.from).toISOString() : null;
  const to = q.to ? istDayAfter(q.to).toISOString() : null;
  const [row] = rowsOf<{ ids: string[] | null }>(
    await tx.execute(
      sql`select order_search_ids(${term}, ${from}::timestamptz, ${to}::timestamptz, ${SEARCH_ID_CAP}::int) as ids`,
    ),
  );
  return row?.ids ?? null;
}

/**
 * The list's own filters (search, status, payment), on top of the date range. With the search's matches found
 * (`matches`), the orders are those ids, and the key is tested again on them under the shop's policy.
 */
function listFilters(q: AdminOrderQuery, matches: string[] | null = null): SQL[] {
  const where: SQL[] = [];
  if (matches) where.push(matches.length ? anyId(o.id, matches) : sql`false`);
  if (q.search) where.push(sql`${o.searchKey} like ${likePattern(searchPattern(q.search))}`);
  if (q.status === 'RETURN_REQUESTED') where.push(openReturn);
  else if (q.status === 'RISKY_COD') where.push(riskyCod);
  else if (q.status !== 'all') where.push(eq(o.status, q.status));
  if (q.payment_status !== 'all') {
    where.push(eq(o.paymentStatus, q.payment_status === 'PAID' ? 'SUCCESS' : q.payment_status));
  }
  return where;
}

const listWhere = (q: AdminOrderQuery, matches: string[] | null) =>
  and(...dateRange(q), ...listFilters(q, matches));

const SORTS = {
  date_desc: [desc(o.createdAt), desc(o.id)],
  date_asc: [asc(o.createdAt), asc(o.id)],
  amount_desc: [desc(o.totalPaise), desc(o.createdAt)],
  amount_asc: [asc(o.totalPaise), desc(o.createdAt)],
} as const;

/**
 * One page of orders in the requested order: the page's ids come from walking the sort's index (for the date sorts
 * the covering `orders_store_created_cover_idx`, whose entries carry status, payment and the search key, so the
 * filters are checked without reading rows), stopping after the page; then only those rows are read. The count of
 * matches comes with the stats, not from a window that would read every match.
 */
export function listOrders(tx: Tx, q: AdminOrderQuery, matches: string[] | null = null) {
  const page = tx
    .select({ id: o.id })
    .from(o)
    .where(listWhere(q, matches))
    .orderBy(...SORTS[q.sort])
    .limit(q.limit)
    .offset(q.offset);
  return tx
    .select({
      order: o,
      firstName: users.firstName,
      lastName: users.lastName,
      returnRequested: openReturn,
      risk: riskFacts,
    })
    .from(o)
    .leftJoin(users, eq(users.id, o.customerId))
    .where(inArray(o.id, page))
    .orderBy(...SORTS[q.sort]);
}
export type ListedOrder = Awaited<ReturnType<typeof listOrders>>[number];

/**
 * How many orders the list matches: with no filter every order of the range, with a status alone that status,
 * both from the day table; a search, a payment filter or an open return request count the range's orders (index
 * entries of `orders_store_created_cover_idx`, the return requests by their index).
 */
function matchingCount(q: AdminOrderQuery, matches: string[] | null): SQL {
  const filters = listFilters(q, matches);
  if (!filters.length) return sql`coalesce(sum(d.orders), 0)`;
  if (
    !q.search &&
    q.payment_status === 'all' &&
    q.status !== 'RETURN_REQUESTED' &&
    q.status !== 'RISKY_COD'
  ) {
    return sql`coalesce(sum(d.orders) filter (where d.status = ${q.status}), 0)`;
  }
  return sql`(select count(*) from ${o} where ${listWhere(q, matches)})`;
}

/**
 * The 7 stat cards for a range of IST days and the count of the list's matches, in one statement: the cards sum
 * `order_status_day_stats` (per shop, day and status, kept by triggers with every order write), so they read at
 * most a few thousand rows however many orders the shop has.
 */
export async function orderStats(tx: Tx, q: AdminOrderQuery, matches: string[] | null = null) {
  const days: SQL[] = [];
  if (q.from) days.push(sql`d.day >= ${q.from}::date`);
  if (q.to) days.push(sql`d.day <= ${q.to}::date`);
  const n = (cond: SQL) => sql`coalesce(sum(d.orders) filter (where ${cond}), 0)::int`;
  const [row] = rowsOf<
    Record<
      | 'total'
      | 'matching'
      | 'pending'
      | 'processing'
      | 'shipped'
      | 'delivered'
      | 'cancelled'
      | 'rto'
      | 'revenue',
      string | number
    >
  >(
    await tx.execute(sql`select coalesce(sum(d.orders), 0)::int as total,
        (${matchingCount(q, matches)})::int as matching,
        ${n(sql`d.status = 'PENDING'`)} as pending,
        ${n(sql`d.status in ('CONFIRMED', 'PROCESSING')`)} as processing,
        ${n(sql`d.status = 'SHIPPED'`)} as shipped,
        ${n(sql`d.status = 'DELIVERED'`)} as delivered,
        ${n(sql`d.status = 'CANCELLED'`)} as cancelled,
        ${n(sql`d.status = 'RTO'`)} as rto,
        coalesce(sum(d.total_paise) filter (where d.status not in ('CANCELLED', 'RETURNED', 'RTO')), 0)::bigint as revenue
      from order_status_day_stats d
      ${days.length ? sql`where ${sql.join(days, sql` and `)}` : sql``}`),
  );
  return {
    total: Number(row?.total ?? 0),
    matching: Number(row?.matching ?? 0),
    pending: Number(row?.pending ?? 0),
    processing: Number(row?.processing ?? 0),
    shipped: Number(row?.shipped ?? 0),
    delivered: Number(row?.delivered ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    rto: Number(row?.rto ?? 0),
    revenuePaise: Number(row?.revenue ?? 0),
  };
}

export interface OrderDetailParts {
  items: {
    id: string;
    product_id: string;
    variant_id: string | null;
    name: string;
    variant_label: string | null;
    sku: string | null;
    image: string | null;
    quantity: number;
    unit_price_paise: number;
    category: string | null;
  }[];
  events: { status: string; note: string | null; at: string; by: string | null }[];
  payment: {
    id: string;
    reference: string;
    external_reference: string | null;
    amount_paise: number;
    refunded_paise: number;
    received_at: string | null;
    received_by: string | null;
  } | null;
  return_request: {
    reason: string;
    status: 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'COMPLETED';
    created_at: string;
    decided_at: string | null;
    decision_note: string | null;
    kind: 'RETURN' | 'EXCHANGE';
    lines: ReturnRequestLine[];
    refund_paise: number;
  } | null;
  invoice: { number: string; kind: string } | null;
  first_name: string | null;
  last_name: string | null;
  /** The customer's delivery record at the shop (decision 0014); null without a customer account. */
  record: {
    delivered: number;
    rto: number;
    cancelled_after_confirmation: number;
    require_prepayment: boolean;
  } | null;
}

/**
 * The customer's delivery record at the shop: their orders by how they ended (read by orders_customer_idx: a
 * customer's own orders, a handful of rows; decision 0014), and whether the shop requires them to prepay.
 */
const customerRecordOf = sql`case when orders.customer_id is null then null else (select json_build_object(
    'delivered', count(*) filter (where c.delivered_at is not null),
    'rto', count(*) filter (where c.rto_at is not null),
    'cancelled_after_confirmation', count(*) filter (where c.status = 'CANCELLED'
      and (c.confirmed_at is not null or c.processing_at is not null)),
    'require_prepayment', coalesce((select f.require_prepayment from shop_customer_flags f
      where f.store_id = orders.store_id and f.customer_id = orders.customer_id), false))
  from orders c where c.store_id = orders.store_id and c.customer_id = orders.customer_id) end`;

/**
 * An order with everything its detail page shows (items with their category, the timeline's events with who
 * made them, the payment, the return request, the customer's name) in one statement.
 */
export function orderDetails(tx: Tx, orderIds: string[]) {
  return tx
    .select({
      order: o,
      parts: sql<OrderDetailParts>`json_build_object(
        'items', (select coalesce(json_agg(json_build_object(
            'id', oi.id, 'product_id', oi.product_id, 'variant_id', oi.variant_id, 'name', oi.name,
            'variant_label', oi.variant_label, 'sku', oi.sku, 'image', oi.image,
            'quantity', oi.quantity, 'unit_price_paise', oi.unit_price_paise, 'category', pc.name)
            order by oi.name, oi.id), '[]'::json)
          from order_items oi
          left join products p on p.store_id = oi.store_id and p.id = oi.product_id
          left join product_categories pc on pc.store_id = p.store_id and pc.id = p.category_id
          where oi.store_id = orders.store_id and oi.order_id = orders.id),
        'events', (select coalesce(json_agg(json_build_object(
            'status', e.status, 'note', e.note, 'at', e.created_at,
            'by', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''))
            order by e.created_at, e.id), '[]'::json)
          from order_events e left join users u on u.id = e.actor_id
          where e.store_id = orders.store_id and e.order_id = orders.id),
        'payment', (select json_build_object('id', t.id, 'reference', t.reference,
            'external_reference', t.external_reference, 'amount_paise', t.amount_paise,
            'refunded_paise', t.refunded_paise, 'received_at', t.received_at,
            'received_by', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''))
          from payment_transactions t left join users u on u.id = t.received_by
          where t.store_id = orders.store_id and t.order_id = orders.id order by t.created_at limit 1),
        'return_request', (select json_build_object('reason', r.reason, 'status', r.status,
            'created_at', r.created_at, 'decided_at', r.decided_at, 'decision_note', r.decision_note,
            'kind', r.kind, 'lines', r.lines, 'refund_paise', r.refund_paise)
          from return_requests r where r.store_id = orders.store_id and r.order_id = orders.id),
        'invoice', (select json_build_object('number', d.number, 'kind', d.kind) from tax_documents d
          where d.store_id = orders.store_id and d.order_id = orders.id and d.kind <> 'CREDIT_NOTE' limit 1),
        'first_name', (select u.first_name from users u where u.id = orders.customer_id),
        'last_name', (select u.last_name from users u where u.id = orders.customer_id),
        'record', ${customerRecordOf}
      )`,
      risk: riskFacts,
    })
    .from(o)
    .where(inArray(o.id, orderIds))
    .orderBy(asc(o.number));
}
export type OrderDetailRow = Awaited<ReturnType<typeof orderDetails>>[number];

/** One order's detail, or null. */
export async function orderDetail(tx: Tx, orderId: string) {
  const [row] = await orderDetails(tx, [orderId]);
  return row ?? null;
}

/** Locks orders for a change, in id order (two bulk moves never wait on each other in a circle). */
export function lockOrders(tx: Tx, ids: string[]) {
  return tx.select().from(o).where(inArray(o.id, ids)).orderBy(asc(o.id)).for('update');
}

/** Records the money of an order as received (cash collected, UPI seen in the bank). */
export async function receivePayment(
  tx: Tx,
  orderId: string,
  v: { by: string; utr?: string | null; status?: 'SUCCESS' },
) {
  await tx
    .update(pt)
    .set({
      paymentStatus: v.status ?? 'SUCCESS',
      receivedBy: v.by,
      receivedAt: new Date(),
      externalReference: v.utr ?? sql`${pt.externalReference}`,
      updatedAt: new Date(),
    })
    .where(eq(pt.orderId, orderId));
}

/** Whether another of the shop's payments already carries this UTR (a bank reference is used once). */
export async function utrInUse(tx: Tx, utr: string, orderId: string) {
  const rows = rowsOf<{ one: number }>(
    await tx.execute(
      sql`select 1 as one from payment_transactions where external_reference = ${utr} and order_id <> ${orderId} limit 1`,
    ),
  );
  return rows.length > 0;
}

export async function decideReturn(
  tx: Tx,
  orderId: string,
  v: { status: 'COMPLETED' | 'REJECTED'; by: string; note: string | null },
) {
  const [row] = await tx
    .update(rr)
    .set({ status: v.status, decidedAt: new Date(), decidedBy: v.by, decisionNote: v.note })
    .where(and(eq(rr.orderId, orderId), eq(rr.status, 'REQUESTED')))
    .returning();
  return row ?? null;
}

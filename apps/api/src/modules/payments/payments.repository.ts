import type { TransactionQuery } from '@haat/contracts';
import { anyId, rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';

const { paymentTransactions: pt, orders: o, taxDocuments: td, refunds: rf, users } = schema;

export type PaymentRow = typeof pt.$inferSelect;
export type TaxDocumentRow = typeof td.$inferSelect;
export type RefundRow = typeof rf.$inferSelect;

const istDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** The payment modes each filter value covers (cash is collected on delivery or at the counter). */
const MODES: Record<string, ('COD' | 'UPI' | 'CASH' | 'CARD')[]> = {
  CASH: ['COD', 'CASH'],
  UPI: ['UPI'],
  CREDIT_CARD: ['CARD'],
  DEBIT_CARD: ['CARD'],
  CARD: ['CARD'],
  NET_BANKING: [],
  WALLET: [],
};

function dateRange(q: Pick<TransactionQuery, 'from' | 'to'>) {
  const where: SQL[] = [];
  if (q.from) where.push(gte(pt.createdAt, istDay(q.from)));
  if (q.to) where.push(lt(pt.createdAt, new Date(istDay(q.to).getTime() + 86_400_000)));
  return where;
}

const likePattern = (s: string) =>
  `%${s
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** At most this many payments found through the trigram indexes; a search matching more tests the range instead. */
const SEARCH_ID_CAP = 1000;

/**
 * The ids of the payments of the range whose own reference or whose order's search key (number, customer's name,
 * email, phone) has the term, found through trigram indexes (`payment_search_ids`, migration 0041); null when the
 * indexes cannot narrow the search (no search, under 3 characters, more than 1,000 payments), and the list then
 * joins each payment of the range to its order to test both.
 */
export async function searchMatches(
  tx: Tx,
  q: Pick<TransactionQuery, 'search' | 'from' | 'to'> & { until?: Date },
): Promise<string[] | null> {
  const term = q.search?.trim().toLowerCase() ?? '';
  if (term.length < 3) return null;
  const from = q.from ? istDay(q.from) : undefined;
  const ends = [q.until, q.to ? new Date(istDay(q.to).getTime() + 86_400_000) : undefined];
  const to = ends.filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0];
  const [row] = rowsOf<{ ids: string[] | null }>(
    await tx.execute(
      sql`select payment_search_ids(${term}, ${from?.toISOString() ?? null}::timestamptz, ${to?.toISOString() ?? null}::timestamptz, ${SEARCH_ID_CAP}::int) as ids`,
    ),
  );
  return row?.ids ?? null;
}

/**
 * The list's filters; `until` (an export's start) keeps payments made while it runs out of its pages. A search
 * matches the payment's reference or its order's search key. With the payments found (`matches`) only those are
 * read, and the match is tested again on them (their order looked up by key); without, every payment of the range
 * is joined to its order.
 */
function listWhere(q: TransactionQuery & { until?: Date }, matches: string[] | null = null) {
  const where = dateRange(q);
  if (q.until) where.push(lt(pt.createdAt, q.until));
  if (q.search) {
    const p = likePattern(q.search);
    if (matches) {
      where.push(matches.length ? anyId(pt.id, matches) : sql`false`);
      where.push(sql`(lower(${pt.reference}) like ${p} or exists (select 1 from orders m
        where m.store_id = payment_transactions.store_id and m.id = payment_transactions.order_id and m.search_key like ${p}))`);
    } else where.push(sql`(lower(${pt.reference}) like ${p} or ${o.searchKey} like ${p})`);
  }
  if (q.status !== 'all') where.push(eq(pt.paymentStatus, q.status));
  if (q.payment_mode !== 'all') {
    const modes = MODES[q.payment_mode] ?? [];
    where.push(modes.length ? inArray(pt.paymentMode, modes) : sql`false`);
  }
  return and(...where);
}

/** The invoice (or bill of supply) of each listed payment's order, as a correlated lookup. */
const invoiceNumber = sql<
  string | null
>`(select d.number from tax_documents d where d.store_id = payment_transactions.store_id and d.order_id = payment_transactions.order_id and d.kind <> 'CREDIT_NOTE' limit 1)`;

const SORTS = {
  date_desc: [desc(pt.createdAt), desc(pt.id)],
  date_asc: [asc(pt.createdAt), asc(pt.id)],
  amount_desc: [desc(pt.amountPaise), desc(pt.createdAt)],
  amount_asc: [asc(pt.amountPaise), desc(pt.createdAt)],
} as const;

/**
 * A page of the shop's payments with their order and customer. The page's ids come first, walking the sort's index
 * and stopping after the page; only those rows are then read with their order, customer and invoice. The count
 * is its own statement (`countPayments`): a window count here read every match to count it (the whole shop's
 * payments for the first page).
 */
export function listPayments(
  tx: Tx,
  q: TransactionQuery & { until?: Date },
  matches: string[] | null = null,
) {
  // The page's ids from the payments alone, unless a search must test the orders' key (no matches found by the
  // index): joined to the orders for nothing, the planner hashed every order of the shop.
  const ids = tx.select({ id: pt.id }).from(pt);
  const page = (
    q.search && !matches ? ids.innerJoin(o, and(eq(o.storeId, pt.storeId), eq(o.id, pt.orderId))) : ids
  )
    .where(listWhere(q, matches))
    .orderBy(...SORTS[q.sort])
    .limit(q.limit)
    .offset(q.offset);
  return tx
    .select({
      payment: pt,
      orderNumber: o.number,
      customerName: o.shipName,
      customerEmail: o.contactEmail,
      customerPhone: sql<string | null>`coalesce(${o.contactPhone}, ${o.shipPhone})`,
      firstName: users.firstName,
      lastName: users.lastName,
      invoiceNumber,
    })
    .from(pt)
    .innerJoin(o, and(eq(o.storeId, pt.storeId), eq(o.id, pt.orderId)))
    .leftJoin(users, eq(users.id, o.customerId))
    .where(inArray(pt.id, page))
    .orderBy(...SORTS[q.sort]);
}

/** The day table's rows of a range of IST days (`payment_day_stats`, kept by triggers with every payment write). */
function statDays(q: Pick<TransactionQuery, 'from' | 'to'>) {
  const days: SQL[] = [];
  if (q.from) days.push(sql`d.day >= ${q.from}::date`);
  if (q.to) days.push(sql`d.day <= ${q.to}::date`);
  return days;
}

/** The list's filters on the day table's rows: the range, a status, the recorded modes of a mode filter. */
function dayFilters(q: TransactionQuery) {
  const where = statDays(q);
  if (q.status !== 'all') where.push(sql`d.payment_status = ${q.status}`);
  if (q.payment_mode !== 'all') {
    const modes = (MODES[q.payment_mode] ?? []).map((m) => sql`${m}`);
    where.push(modes.length ? sql`d.payment_mode in (${sql.join(modes, sql`, `)})` : sql`false`);
  }
  return where;
}

/**
 * How many payments the list's filters match. Without a search: summed from `payment_day_stats` (per shop, day,
 * status and mode), a few thousand rows at most. A search reads the range's payments (index entries of
 * `payment_transactions_created_cover_idx`): with the orders found through the trigram index only those entries,
 * else joined to their orders, whose search key it matches too.
 */
export async function countPayments(tx: Tx, q: TransactionQuery, matches: string[] | null = null) {
  const where = dayFilters(q);
  const statement = !q.search
    ? sql`select coalesce(sum(d.payments), 0)::int as n from payment_day_stats d
          ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`
    : matches
      ? sql`select count(*)::int as n from ${pt} where ${listWhere(q, matches) ?? sql`true`}`
      : sql`select count(*)::int as n from ${pt} join ${o} on ${o.storeId} = ${pt.storeId} and ${o.id} = ${pt.orderId}
          where ${listWhere(q) ?? sql`true`}`;
  const [row] = rowsOf<{ n: number }>(await tx.execute(statement));
  return Number(row?.n ?? 0);
}
export type ListedPayment = Awaited<ReturnType<typeof listPayments>>[number];

/**
 * The 4 stat cards for a range of IST days: revenue net of refunds, all, pending and failed payments, summed from
 * `payment_day_stats` (not the payments themselves).
 */
export async function paymentStats(tx: Tx, q: Pick<TransactionQuery, 'from' | 'to'>) {
  const days = statDays(q);
  const [row] = rowsOf<Record<'revenue' | 'total' | 'pending' | 'failed', string | number>>(
    await tx.execute(sql`select
        coalesce(sum(d.amount_paise - d.refunded_paise) filter (where d.payment_status in ('SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED')), 0)::bigint as revenue,
        coalesce(sum(d.payments), 0)::int as total,
        coalesce(sum(d.payments) filter (where d.payment_status = 'PENDING'), 0)::int as pending,
        coalesce(sum(d.payments) filter (where d.payment_status = 'FAILED'), 0)::int as failed
      from payment_day_stats d
      ${days.length ? sql`where ${sql.join(days, sql` and `)}` : sql``}`),
  );
  return {
    revenuePaise: Number(row?.revenue ?? 0),
    total: Number(row?.total ?? 0),
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

export async function findPayment(tx: Tx, id: string, lock = false) {
  const q = tx.select().from(pt).where(eq(pt.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function paymentOfOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(pt).where(eq(pt.orderId, orderId)).orderBy(asc(pt.createdAt)).limit(1);
  return row ?? null;
}

/**
 * How many orders this customer placed at the shop, and what they spent: the orders that count (not cancelled,
 * returned or RTO), less what was refunded on them (a part refund on a delivered order).
 */
export async function customerTotals(tx: Tx, customerId: string | null, email: string | null) {
  const who = customerId ? eq(o.customerId, customerId) : email ? eq(o.contactEmail, email) : sql`false`;
  const refunded = sql`coalesce((select sum(r.amount_paise) from refunds r where r.store_id = ${o.storeId} and r.order_id = ${o.id}), 0)`;
  const [row] = await tx
    .select({
      orders: sql<number>`count(*)`.mapWith(Number),
      spentPaise:
        sql<number>`coalesce(sum(${o.totalPaise} - ${refunded}) filter (where ${o.status} not in ('CANCELLED', 'RETURNED', 'RTO')), 0)`.mapWith(
          Number,
        ),
    })
    .from(o)
    .where(who);
  return row ?? { orders: 0, spentPaise: 0 };
}

export function documentsOf(tx: Tx, orderId: string) {
  return tx.select().from(td).where(eq(td.orderId, orderId)).orderBy(asc(td.issuedAt), asc(td.seq));
}

export async function findDocument(tx: Tx, id: string) {
  const [row] = await tx.select().from(td).where(eq(td.id, id));
  return row ?? null;
}

export function refundsOf(tx: Tx, orderId: string) {
  return tx.select().from(rf).where(eq(rf.orderId, orderId)).orderBy(asc(rf.createdAt));
}

/**
 * The next number of a document series for this shop and financial year. The counter row stays locked until the
 * transaction ends, so two documents issued at once get consecutive numbers, and a rolled-back issue gives its
 * number back: the series is never skipped.
 */
export async function nextDocumentSeq(tx: Tx, storeId: string, series: string, fy: string) {
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      insert into document_counters (store_id, series, fy, last_number) values (${storeId}, ${series}, ${fy}, 1)
      on conflict (store_id, series, fy) do update set last_number = document_counters.last_number + 1
      returning last_number`),
  );
  if (!row) throw new Error('document counter returned no row');
  return Number(row.last_number);
}

export async function insertDocument(tx: Tx, v: typeof td.$inferInsert) {
  const [row] = await tx.insert(td).values(v).returning();
  if (!row) throw new Error('document insert returned no row');
  return row;
}

/**
 * Counts a refund against the payment in one conditional statement: it succeeds only while what was paid minus
 * what was refunded covers it (and the payment succeeded), so of two refunds at the same moment one may fail.
 * Returns the payment after, or null when the cap (or the status) refused it.
 */
export async function takeRefund(tx: Tx, paymentId: string, amountPaise: number) {
  const [row] = await tx
    .update(pt)
    .set({
      refundedPaise: sql`${pt.refundedPaise} + ${amountPaise}`,
      paymentStatus: sql`case when ${pt.refundedPaise} + ${amountPaise} >= ${pt.amountPaise} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(pt.id, paymentId),
        inArray(pt.paymentStatus, ['SUCCESS', 'PARTIALLY_REFUNDED']),
        sql`${pt.refundedPaise} + ${amountPaise} <= ${pt.amountPaise}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertRefund(tx: Tx, v: typeof rf.$inferInsert) {
  const [row] = await tx.insert(rf).values(v).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** The shop's GST registration and address, for its documents. */
export async function shopTaxProfile(tx: Tx) {
  const [settings] = await tx
    .select({ gstin: schema.storeSettings.gstin, legalName: schema.storeSettings.legalName })
    .from(schema.storeSettings)
    .limit(1);
  const [loc] = await tx.select().from(schema.storeLocations).limit(1);
  return {
    gstin: settings?.gstin ?? null,
    legalName: settings?.legalName ?? null,
    state: loc?.state ?? '',
    address: [
      [loc?.addressLine1, loc?.addressLine2].filter(Boolean).join(', '),
      [loc?.city, loc?.state, loc?.postalCode].filter(Boolean).join(', '),
    ].filter(Boolean),
  };
}

/** An order's lines with what an invoice needs of their products (HSN, unit), as they are now. */
export function invoiceLines(tx: Tx, orderId: string) {
  const oi = schema.orderItems;
  const p = schema.products;
  const v = schema.productVariants;
  return tx
    .select({
      // "Kurta, M / Blue (SKU KURTA-M)" for a variant, as lineName in contracts writes it.
      name: sql<string>`case when ${oi.variantLabel} is null then ${oi.name} else ${oi.name} || ', ' || ${oi.variantLabel} || coalesce(' (SKU ' || ${oi.sku} || ')', '') end`,
      quantity: oi.quantity,
      unitPricePaise: oi.unitPricePaise,
      taxPercent: oi.taxPercent,
      // A variant's own HSN code, else its product's.
      hsn: sql<string | null>`coalesce(${v.hsnCode}, ${p.hsnCode})`,
      unit: p.unit,
    })
    .from(oi)
    .leftJoin(p, and(eq(p.storeId, oi.storeId), eq(p.id, oi.productId)))
    .leftJoin(v, and(eq(v.storeId, oi.storeId), eq(v.id, oi.variantId)))
    .where(eq(oi.orderId, orderId))
    .orderBy(asc(oi.name), asc(oi.id));
}

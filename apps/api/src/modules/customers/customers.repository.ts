import { rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';

/*
 * The shop's customer book (pos_customers, migration 0051) and khata entries. Every statement names the shop as well
 * as running under its row-level security context. Orders and refunds are read here only as figures per customer;
 * writing to them is the orders module's.
 */

const pc = schema.posCustomers;
const ke = schema.khataEntries;

/** Orders that count, as the dashboard counts revenue: not cancelled, returned or back to origin. */
const COUNTED = sql.raw(`('CANCELLED', 'RETURNED', 'RTO')`);

export interface CustomerRow {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  gstNumber: string | null;
  userId: string | null;
  balancePaise: number;
  creditLimitPaise: number | null;
  ordersCount: number;
  lifetimePaise: number;
  lastVisit: string | null;
}

const n = (v: unknown) => (v == null ? 0 : Number(v));
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** What the book's search looks for: a phone's digits as the book keeps them, else the name in lower case. */
export function searchTerm(raw: string) {
  const digits = raw.replace(/[\s+()-]/g, '');
  if (/^\d+$/.test(digits)) {
    if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
    if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
    return digits;
  }
  return raw.trim().toLowerCase();
}
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(storeId: string, term: string | null) {
  const where = [sql`c.store_id = ${storeId}`];
  if (term) where.push(sql`(lower(c.name) || ' ' || c.phone) like ${likePattern(term)}`);
  return sql.join(where, sql` and `);
}

/** A customer's figures from their orders (count, value net of refunds, last order), for the rows given. */
const FIGURES = sql`left join lateral (
    select count(*)::int as n, max(o.created_at) as last,
           coalesce(sum(o.total_paise - coalesce((select sum(f.amount_paise) from refunds f
                      where f.store_id = o.store_id and f.order_id = o.id), 0))
             filter (where o.status not in ${COUNTED}), 0) as ltv
      from orders o where o.store_id = c.store_id and o.shop_customer_id = c.id) s on true`;

function toRow(r: Record<string, unknown>): CustomerRow {
  const visit = [r.last, r.last_visit_at]
    .filter((v) => v != null)
    .map((v) => new Date(v as string).getTime());
  return {
    id: String(r.id),
    name: String(r.name),
    phone: String(r.phone),
    email: (r.email as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    gstNumber: (r.gst_number as string | null) ?? null,
    userId: (r.user_id as string | null) ?? null,
    balancePaise: n(r.balance_paise),
    creditLimitPaise: r.credit_limit_paise == null ? null : n(r.credit_limit_paise),
    ordersCount: n(r.n),
    lifetimePaise: n(r.ltv),
    lastVisit: visit.length ? new Date(Math.max(...visit)).toISOString() : null,
  };
}

/** The shortest term the trigram index serves (customer_search_page answers nothing for a shorter one). */
export const SEARCH_INDEX_MIN = 3;

/**
 * A page of the customers matching a term, in the list's order, with their figures, and how many match, in one
 * statement: customer_search_page (migrations 0057, 0069) gives the page's ids and the count, those rows read again
 * under the shop's policy; for a term of SEARCH_INDEX_MIN characters or more. For a common term the page comes from
 * the most recent customers and is not counted further: `count` is then the matches up to this page and `more` says
 * that more follow.
 */
export async function searchPage(
  tx: Tx,
  storeId: string,
  term: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; count: number; more: boolean }> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select p.matches, p.more, c.*, s.*
        from customer_search_page(${term}, ${page.limit}::int, ${page.offset}::int) with ordinality as p (pid, matches, more, k)
        left join pos_customers c on c.store_id = ${storeId} and c.id = p.pid
        ${FIGURES}
       order by p.k`),
  );
  return {
    rows: rows.flatMap((r) => (r.id ? [toRow(r)] : [])),
    count: n(rows[0]?.matches),
    more: rows[0]?.more === true,
  };
}

/**
 * A page of the book, latest visit first, with the count: the shop's from customer_book_counts, or with a short term
 * (under 3 characters, which the trigram index cannot serve) a scan of the shop's book.
 */
export async function customerPage(
  tx: Tx,
  storeId: string,
  q: { term: string | null; limit: number; offset: number },
) {
  const where = filters(storeId, q.term);
  const [rows, counted] = await Promise.all([
    tx.execute(sql`select c.*, s.* from (
        select * from pos_customers c where ${where}
         order by c.last_visit_at desc nulls last, c.id limit ${q.limit} offset ${q.offset}) c
      ${FIGURES}
      order by c.last_visit_at desc nulls last, c.id`),
    q.term
      ? tx.execute(sql`select count(*)::int as n from pos_customers c where ${where}`)
      : tx.execute(sql`select customers as n from customer_book_counts where store_id = ${storeId}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map(toRow),
    count: n(rowsOf<{ n: number }>(counted)[0]?.n),
  };
}

/** One customer with their figures; null when not this shop's. */
export async function customerById(tx: Tx, storeId: string, id: string): Promise<CustomerRow | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select c.*, s.* from pos_customers c ${FIGURES}
      where c.store_id = ${storeId} and c.id = ${id}`),
  );
  return row ? toRow(row) : null;
}

/** The customer's latest orders, online and at the counter. */
export async function ordersOf(tx: Tx, storeId: string, customerId: string, limit = 50) {
  const o = schema.orders;
  return tx
    .select({
      id: o.id,
      number: o.number,
      channel: o.channel,
      status: o.status,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      totalPaise: o.totalPaise,
      createdAt: o.createdAt,
    })
    .from(o)
    .where(and(eq(o.storeId, storeId), eq(o.shopCustomerId, customerId)))
    .orderBy(desc(o.createdAt))
    .limit(limit);
}

/** Khata entries in time order, with their orders' numbers; within [from, to) when given. */
export async function entriesOf(
  tx: Tx,
  storeId: string,
  customerId: string,
  range: { from?: Date; to?: Date } = {},
) {
  const where = [eq(ke.storeId, storeId), eq(ke.customerId, customerId)];
  if (range.from) where.push(gte(ke.createdAt, range.from));
  if (range.to) where.push(lt(ke.createdAt, range.to));
  return tx
    .select({
      id: ke.id,
      kind: ke.kind,
      amountPaise: ke.amountPaise,
      balanceAfterPaise: ke.balanceAfterPaise,
      orderId: ke.orderId,
      orderNumber: schema.orders.number,
      method: ke.method,
      reference: ke.reference,
      note: ke.note,
      createdAt: ke.createdAt,
    })
    .from(ke)
    .leftJoin(schema.orders, and(eq(schema.orders.storeId, ke.storeId), eq(schema.orders.id, ke.orderId)))
    .where(and(...where))
    .orderBy(asc(ke.createdAt), asc(ke.balanceAfterPaise));
}
export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

/** The balance just before `at`: the last entry's balance after it (0 with none). */
export async function balanceBefore(tx: Tx, storeId: string, customerId: string, at: Date) {
  const [row] = await tx
    .select({ b: ke.balanceAfterPaise })
    .from(ke)
    .where(and(eq(ke.storeId, storeId), eq(ke.customerId, customerId), lt(ke.createdAt, at)))
    .orderBy(desc(ke.createdAt), desc(ke.id))
    .limit(1);
  return row?.b ?? 0;
}

/** The customer's row locked for a khata change: every change of one balance queues here. */
export async function lockCustomer(tx: Tx, storeId: string, where: { id: string } | { phone: string }) {
  const [row] = await tx
    .select({
      id: pc.id,
      name: pc.name,
      phone: pc.phone,
      balancePaise: pc.balancePaise,
      creditLimitPaise: pc.creditLimitPaise,
    })
    .from(pc)
    .where(and(eq(pc.storeId, storeId), 'id' in where ? eq(pc.id, where.id) : eq(pc.phone, where.phone)))
    .for('update');
  return row ?? null;
}
export type LockedCustomer = NonNullable<Awaited<ReturnType<typeof lockCustomer>>>;

export function setBalance(tx: Tx, storeId: string, id: string, balancePaise: number) {
  return tx
    .update(pc)
    .set({ balancePaise, updatedAt: new Date() })
    .where(and(eq(pc.storeId, storeId), eq(pc.id, id)));
}

export function setCreditLimit(tx: Tx, storeId: string, id: string, limitPaise: number | null) {
  return tx
    .update(pc)
    .set({ creditLimitPaise: limitPaise, updatedAt: new Date() })
    .where(and(eq(pc.storeId, storeId), eq(pc.id, id)));
}

export function insertEntry(tx: Tx, v: PgInsertValue<typeof ke>) {
  return tx.insert(ke).values(v).returning();
}

/**
 * The customer's credit sales still unpaid, oldest first, each with what the khata has already paid towards it
 * (its SALE entry's amount less what is open is worked out by the caller from the total paid since).
 */
export async function unpaidCreditSales(tx: Tx, storeId: string, customerId: string) {
  const o = schema.orders;
  return tx
    .select({ id: o.id, number: o.number, totalPaise: o.totalPaise, createdAt: o.createdAt })
    .from(o)
    .where(
      and(
        eq(o.storeId, storeId),
        eq(o.shopCustomerId, customerId),
        eq(o.paymentMethod, 'CREDIT'),
        eq(o.paymentStatus, 'PENDING'),
      ),
    )
    .orderBy(asc(o.createdAt), asc(o.number));
}

/** What the customer has paid (and returned) on the khata in all, as a positive number of paise. */
export async function paidInAll(tx: Tx, storeId: string, customerId: string) {
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(-sum(${ke.amountPaise}), 0)` })
    .from(ke)
    .where(and(eq(ke.storeId, storeId), eq(ke.customerId, customerId), sql`${ke.kind} <> 'SALE'`));
  return n(row?.paid);
}

/** The total of credit sales already settled (paid in full by the khata). */
export async function settledCreditTotal(tx: Tx, storeId: string, customerId: string) {
  const o = schema.orders;
  const [row] = await tx
    .select({ t: sql<string>`coalesce(sum(${o.totalPaise}), 0)` })
    .from(o)
    .where(
      and(
        eq(o.storeId, storeId),
        eq(o.shopCustomerId, customerId),
        eq(o.paymentMethod, 'CREDIT'),
        eq(o.paymentStatus, 'SUCCESS'),
      ),
    );
  return n(row?.t);
}

export { iso };

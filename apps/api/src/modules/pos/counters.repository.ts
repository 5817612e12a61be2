import { rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/*
 * Counters (devices) and the numbers of their series (issue 43, migration 0066). Every statement runs in the
 * shop's context (withStore): another shop's counter is simply not found.
 */

const { posCounters: c, posOfflineReceipts: r, documentCounters: dc } = schema;

export type CounterRow = typeof c.$inferSelect;

export function counters(tx: Tx) {
  return tx.select().from(c).orderBy(asc(c.number));
}

export async function counterById(tx: Tx, id: string) {
  const [row] = await tx.select().from(c).where(eq(c.id, id));
  return row ?? null;
}

/**
 * Registers a counter with the shop's lowest free number; two registrations at once serialise on the shop's
 * advisory lock, so neither takes a number the other took. Null: all 99 are taken.
 */
export async function insertCounter(
  tx: Tx,
  storeId: string,
  v: { name: string; createdBy: string; max: number },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pos-counters:${storeId}`}, 0))`);
  const [free] = rowsOf<{ n: number | null }>(
    await tx.execute(sql`
      select min(g.n)::int as n from generate_series(1, ${v.max}::int) g(n)
       where not exists (select 1 from pos_counters where store_id = ${storeId} and number = g.n)`),
  );
  if (free?.n == null) return null;
  const [row] = await tx
    .insert(c)
    .values({ storeId, number: free.n, name: v.name, createdBy: v.createdBy })
    .returning();
  return row ?? null;
}

/** The last number taken of each of these series in a financial year (none taken: absent). */
export async function lastNumbers(tx: Tx, series: string[], fy: string) {
  if (!series.length) return new Map<string, number>();
  const rows = await tx
    .select({ series: dc.series, last: dc.lastNumber })
    .from(dc)
    .where(and(inArray(dc.series, series), eq(dc.fy, fy)));
  return new Map(rows.map((x) => [x.series, x.last]));
}

/**
 * Takes number `seq` of a series in a financial year if it is the next one (`take_counter_seq`, migration 0066):
 * resolves to `seq` when taken, else to the number that is next. The series' row stays locked to the commit.
 */
export async function takeCounterSeq(
  tx: Tx,
  storeId: string,
  n: { series: string; fy: string; seq: number },
) {
  const [row] = rowsOf<{ next: number }>(
    await tx.execute(sql`select take_counter_seq(${storeId}, ${n.series}, ${n.fy}, ${n.seq}::int) as next`),
  );
  return Number(row?.next);
}

export function insertReceipt(
  tx: Tx,
  v: {
    storeId: string;
    counterId: string;
    series: string;
    fy: string;
    seq: number;
    orderId: string | null;
    soldAt: Date;
    voidReason: string | null;
    lines: schema.OfflineReceiptLine[];
    actorId: string;
  },
) {
  return tx.insert(r).values(v);
}

/** A sale (or a void) came through from this counter: when, and how many offline sales in all. */
export function touchCounter(tx: Tx, counterId: string, sales: number) {
  return tx
    .update(c)
    .set({ lastSyncAt: sql`now()`, offlineSales: sql`${c.offlineSales} + ${sales}` })
    .where(eq(c.id, counterId));
}

/** An offline sale's stock, below zero if need be (`take_offline_stock`, migration 0066): the stock after. */
export async function takeOfflineStock(tx: Tx, storeId: string, variantId: string, quantity: number) {
  const [row] = rowsOf<{ left_after: number }>(
    await tx.execute(
      sql`select take_offline_stock(${storeId}, ${variantId}, ${quantity}::int) as left_after`,
    ),
  );
  return Number(row?.left_after);
}

/** The number an offline sale took (with its counter's number), if the order was synced with one. */
export async function receiptOf(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ counterId: r.counterId, series: r.series, fy: r.fy, seq: r.seq })
    .from(r)
    .where(eq(r.orderId, orderId));
  return row ?? null;
}

/** The lines of an order that took the stock below zero. */
export function conflictsOf(tx: Tx, orderId: string) {
  const sc = schema.posStockConflicts;
  return tx
    .select({
      product_id: sc.productId,
      variant_id: sc.variantId,
      quantity_sold: sc.quantitySold,
      stock_after: sc.stockAfter,
    })
    .from(sc)
    .where(eq(sc.orderId, orderId));
}

/** The order's invoice (or bill of supply) number. */
export async function invoiceNumberOf(tx: Tx, orderId: string) {
  const d = schema.taxDocuments;
  const [row] = await tx
    .select({ number: d.number })
    .from(d)
    .where(and(eq(d.orderId, orderId), sql`${d.kind} <> 'CREDIT_NOTE'`));
  return row?.number ?? null;
}

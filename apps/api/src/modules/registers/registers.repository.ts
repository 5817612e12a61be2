import { schema, type Tx } from '@haat/db';
import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

/*
 * The register's queries (issue 38): sessions, their cash movements, and the figures of the cash a closed drawer
 * should hold, summed over every row that names the session (sales, refunds, khata payments, expenses, supplier
 * payments: each writer sets register_session_id with openRegisterSession).
 */

const rs = schema.registerSessions;
const mv = schema.registerMovements;

export type SessionRow = typeof rs.$inferSelect & { closedByName: string | null };

const closer = sql<
  string | null
>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${rs.closedBy})`;
const sessionColumns = { ...getTableColumns(rs), closedByName: closer };

/** A person's name as the register shows it ("Asha Verma"; their e-mail when they have none). */
export async function personName(tx: Tx, userId: string) {
  const [u] = await tx
    .select({ first: schema.users.firstName, last: schema.users.lastName, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return `${u?.first ?? ''} ${u?.last ?? ''}`.trim() || u?.email || 'Staff';
}

/** The open sessions that stand in the way of a new one: the person's own, or one of the same register name. */
export function openBlocking(tx: Tx, userId: string, registerName: string) {
  return tx
    .select(sessionColumns)
    .from(rs)
    .where(
      and(
        isNull(rs.closedAt),
        or(eq(rs.cashierId, userId), sql`lower(${rs.registerName}) = lower(${registerName})`),
      ),
    );
}

export async function insertSession(tx: Tx, row: typeof rs.$inferInsert) {
  const [r] = await tx.insert(rs).values(row).returning({ id: rs.id });
  return r as { id: string };
}

/** The person's open session, if any. */
export async function openSessionOf(tx: Tx, userId: string) {
  const [r] = await tx
    .select(sessionColumns)
    .from(rs)
    .where(and(eq(rs.cashierId, userId), isNull(rs.closedAt)));
  return r ?? null;
}

export async function findSession(tx: Tx, id: string) {
  const [r] = await tx.select(sessionColumns).from(rs).where(eq(rs.id, id));
  return r ?? null;
}

/**
 * A session locked against a close (FOR UPDATE): a sale, refund or payment naming it holds a lock that conflicts
 * (its foreign key's, or `lockOpenSessionOf`'s), so the close waits for them and then sums what they wrote.
 */
export async function lockSession(tx: Tx, id: string) {
  const [r] = await tx.select(sessionColumns).from(rs).where(eq(rs.id, id)).for('update');
  return r ?? null;
}

/**
 * The session the person had open when the statement began, locked FOR SHARE until the caller commits: a close
 * waits for it. A close that got there first is seen through: the row comes back with its closed_at set.
 */
export async function lockOpenSessionOf(tx: Tx, storeId: string, userId: string) {
  const [r] = await tx
    .select({ id: rs.id, registerName: rs.registerName, closedAt: rs.closedAt })
    .from(rs)
    .where(
      eq(
        rs.id,
        sql`(select s.id from register_sessions s where s.store_id = ${storeId} and s.cashier_id = ${userId} and s.closed_at is null)`,
      ),
    )
    .for('share');
  return r ?? null;
}

export async function insertMovement(tx: Tx, row: typeof mv.$inferInsert) {
  const [r] = await tx.insert(mv).values(row).returning();
  return r as typeof mv.$inferSelect;
}

export function movementsOf(tx: Tx, sessionId: string) {
  return tx
    .select({
      id: mv.id,
      kind: mv.kind,
      amountPaise: mv.amountPaise,
      reason: mv.reason,
      createdAt: mv.createdAt,
      createdByName: sql<
        string | null
      >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${mv.createdBy})`,
    })
    .from(mv)
    .where(eq(mv.sessionId, sessionId))
    .orderBy(asc(mv.createdAt), asc(mv.id));
}

const num = (q: SQL) => sql<number>`(${q})`.mapWith(Number);
/** Sum (paise) and count of a table's rows naming the session, under a further condition. */
const sumOf = (table: string, sessionId: string, where: string, amount = 'amount_paise') => {
  const session = table === 'register_movements' ? 'session_id' : 'register_session_id';
  const from = `from ${table} where ${where} and ${session} = `;
  return {
    amount: num(sql.raw(`select coalesce(sum(${amount}), 0) ${from}`).append(sql`${sessionId}`)),
    count: num(sql.raw(`select count(*) ${from}`).append(sql`${sessionId}`)),
  };
};

/** Every figure of the drawer's expected cash, summed over the rows that name the session (paise, counts). */
export async function drawerSums(tx: Tx, sessionId: string) {
  const sales = sumOf('orders', sessionId, "payment_method = 'CASH'", 'total_paise');
  const refunds = sumOf('refunds', sessionId, "method = 'CASH'");
  const khata = sumOf('khata_entries', sessionId, "kind = 'PAYMENT' and method = 'CASH'", '-amount_paise');
  const expenses = sumOf('expenses', sessionId, "method = 'CASH'");
  const suppliers = sumOf('supplier_payments', sessionId, "method = 'CASH'");
  const moves = (kind: 'IN' | 'OUT') => sumOf('register_movements', sessionId, `kind = '${kind}'`);
  const [movesIn, movesOut] = [moves('IN'), moves('OUT')];
  const [r] = await tx
    .select({
      salesPaise: sales.amount,
      salesCount: sales.count,
      refundsPaise: refunds.amount,
      refundsCount: refunds.count,
      khataPaise: khata.amount,
      khataCount: khata.count,
      expensesPaise: expenses.amount,
      expensesCount: expenses.count,
      suppliersPaise: suppliers.amount,
      suppliersCount: suppliers.count,
      inPaise: movesIn.amount,
      inCount: movesIn.count,
      outPaise: movesOut.amount,
      outCount: movesOut.count,
    })
    .from(rs)
    .where(eq(rs.id, sessionId));
  return r as Record<keyof NonNullable<typeof r>, number>;
}
export type DrawerSums = Awaited<ReturnType<typeof drawerSums>>;

/** Writes the close: counted, expected and their difference together (the CHECK in migration 0050 holds them). */
export async function closeSession(
  tx: Tx,
  id: string,
  c: { closedBy: string; expectedPaise: number; countedPaise: number; note: string | null; at: Date },
) {
  await tx
    .update(rs)
    .set({
      closedAt: c.at,
      closedBy: c.closedBy,
      expectedPaise: c.expectedPaise,
      countedPaise: c.countedPaise,
      differencePaise: c.countedPaise - c.expectedPaise,
      closeNote: c.note,
    })
    .where(and(eq(rs.id, id), isNull(rs.closedAt)));
}

export interface HistoryFilter {
  cashierId?: string;
  from?: Date;
  to?: Date;
}

const historyWhere = (f: HistoryFilter) =>
  and(
    f.cashierId ? eq(rs.cashierId, f.cashierId) : undefined,
    f.from ? gte(rs.openedAt, f.from) : undefined,
    f.to ? lt(rs.openedAt, f.to) : undefined,
  );

/** A page of sessions, newest first, and how many the filter finds. */
export async function historyPage(tx: Tx, f: HistoryFilter, page: { limit: number; offset: number }) {
  const where = historyWhere(f);
  const [rows, [total]] = await Promise.all([
    tx
      .select(sessionColumns)
      .from(rs)
      .where(where)
      .orderBy(desc(rs.openedAt), desc(rs.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(rs).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

const istDay = sql<string>`to_char(${rs.openedAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

/** The closed sessions' totals per day (India time) and cashier, newest day first (at most 62 rows). */
export function historyDays(tx: Tx, f: HistoryFilter) {
  return tx
    .select({
      date: istDay,
      cashierName: rs.cashierName,
      sessions: sql<number>`count(*)`.mapWith(Number),
      expectedPaise: sql<number>`coalesce(sum(${rs.expectedPaise}), 0)`.mapWith(Number),
      countedPaise: sql<number>`coalesce(sum(${rs.countedPaise}), 0)`.mapWith(Number),
      differencePaise: sql<number>`coalesce(sum(${rs.differencePaise}), 0)`.mapWith(Number),
    })
    .from(rs)
    .where(and(historyWhere(f), sql`${rs.closedAt} is not null`))
    .groupBy(istDay, rs.cashierName)
    .orderBy(desc(istDay), asc(rs.cashierName))
    .limit(62);
}

/** Everyone who has had a register in the shop (the history's cashier filter). */
export function cashiers(tx: Tx) {
  return tx
    .selectDistinctOn([rs.cashierId], { id: rs.cashierId, name: rs.cashierName })
    .from(rs)
    .where(sql`${rs.cashierId} is not null`)
    .orderBy(rs.cashierId, desc(rs.openedAt));
}

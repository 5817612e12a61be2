import { openRegisterSession, schema, type Tx } from '@haat/db';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

/*
 * The shop's expenses (migration 0050). Run in the shop's context (row-level security keeps other shops' rows out);
 * every statement names the shop as well, so the planner uses the (store_id, spent_on) and
 * (store_id, category, spent_on) indexes.
 */

const { expenses: e, users } = schema;

export type ExpenseRow = typeof e.$inferSelect & { createdByName: string | null };
export type ExpenseValues = Pick<
  typeof e.$inferInsert,
  | 'category'
  | 'spentOn'
  | 'amountPaise'
  | 'gstPaise'
  | 'payee'
  | 'payeeGstin'
  | 'description'
  | 'method'
  | 'receiptImage'
>;

export interface ExpenseFilter {
  /** First and last day (exclusive) of the month, YYYY-MM-DD. */
  from?: string;
  until?: string;
  category?: string;
}

function whereOf(storeId: string, f: ExpenseFilter): SQL | undefined {
  return and(
    eq(e.storeId, storeId),
    f.from ? gte(e.spentOn, f.from) : undefined,
    f.until ? lt(e.spentOn, f.until) : undefined,
    f.category ? sql`lower(${e.category}) = lower(${f.category})` : undefined,
  );
}

const byName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** A page of the filtered expenses, newest day first, and what all of them add up to. */
export async function listExpenses(
  tx: Tx,
  storeId: string,
  f: ExpenseFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(storeId, f);
  const [rows, [sums]] = await Promise.all([
    tx
      .select({ expense: e, createdByName: byName })
      .from(e)
      .leftJoin(users, eq(users.id, e.createdBy))
      .where(where)
      .orderBy(desc(e.spentOn), desc(e.createdAt), desc(e.id))
      .limit(page.limit)
      .offset(page.offset),
    tx
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${e.amountPaise}), 0)::bigint`,
        gst: sql<string>`coalesce(sum(${e.gstPaise}), 0)::bigint`,
      })
      .from(e)
      .where(where),
  ]);
  return {
    rows: rows.map((r): ExpenseRow => ({ ...r.expense, createdByName: r.createdByName })),
    count: sums?.count ?? 0,
    totalPaise: Number(sums?.total ?? 0),
    gstPaise: Number(sums?.gst ?? 0),
  };
}

/** The categories the shop has used, by name. */
export async function usedCategories(tx: Tx, storeId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ category: e.category })
    .from(e)
    .where(eq(e.storeId, storeId))
    .orderBy(e.category);
  return rows.map((r) => r.category);
}

export async function findExpense(tx: Tx, storeId: string, id: string, lock = false) {
  const q = tx
    .select()
    .from(e)
    .where(and(eq(e.storeId, storeId), eq(e.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * Writes an expense. Paid from the drawer, it names the register the person has open, in the same statement
 * (`openRegisterSession`): null there means none is open, which the service turns into a 409.
 */
export async function insertExpense(
  tx: Tx,
  storeId: string,
  v: ExpenseValues & { fromRegister: boolean; createdBy: string | null },
) {
  const [row] = await tx
    .insert(e)
    .values({
      ...v,
      storeId,
      createdBy: v.createdBy,
      registerSessionId: v.fromRegister ? openRegisterSession(storeId, v.createdBy) : null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Changes an expense. Ticked "from the drawer", it keeps the register it was paid from, or (newly ticked) names
 * the one the person has open now; unticked, it names none.
 */
export async function updateExpense(
  tx: Tx,
  storeId: string,
  id: string,
  v: ExpenseValues & { fromRegister: boolean; userId: string | null },
) {
  const { fromRegister, userId, ...values } = v;
  const [row] = await tx
    .update(e)
    .set({
      ...values,
      registerSessionId: fromRegister
        ? sql`coalesce(${e.registerSessionId}, ${openRegisterSession(storeId, userId)})`
        : null,
      updatedAt: new Date(),
    })
    .where(and(eq(e.storeId, storeId), eq(e.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteExpense(tx: Tx, storeId: string, id: string) {
  const [row] = await tx
    .delete(e)
    .where(and(eq(e.storeId, storeId), eq(e.id, id)))
    .returning();
  return row ?? null;
}

/** Who recorded an expense, by name. */
export async function nameOf(tx: Tx, userId: string | null) {
  if (!userId) return null;
  const [row] = await tx.select({ name: byName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Whether the register session an expense was paid from is closed (its drawer was counted). */
export async function registerClosed(tx: Tx, storeId: string, sessionId: string) {
  const [row] = await tx
    .select({ closedAt: schema.registerSessions.closedAt })
    .from(schema.registerSessions)
    .where(and(eq(schema.registerSessions.storeId, storeId), eq(schema.registerSessions.id, sessionId)));
  return row?.closedAt != null;
}

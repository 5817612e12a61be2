import {
  EXPENSE_CATEGORIES,
  type Expense,
  type ExpenseInput,
  type ExpensePage,
  type ExpenseQuery,
  formatPaise,
  istMonthRange,
  paiseToRupees,
  rupeesToPaise,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { holdCashDrawer } from '../registers/index.ts';
import * as repo from './expenses.repository.ts';

/*
 * Expenses (issue 38): what the shop spent (rent, salaries, electricity, courier), with the GST in it and a receipt
 * photo. Every write is audited in its own transaction; one paid from the counter's drawer names the register the
 * person has open (a 409 naming from_register when none is), so the register's close counts it.
 */

const dayText = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

export function toExpense(r: repo.ExpenseRow): Expense {
  return {
    id: r.id,
    category: r.category,
    spent_on: r.spentOn,
    amount: paiseToRupees(r.amountPaise),
    gst: paiseToRupees(r.gstPaise),
    payee: r.payee,
    payee_gstin: r.payeeGstin,
    description: r.description,
    method: r.method,
    from_register: r.registerSessionId != null,
    receipt_image: r.receiptImage,
    created_by: r.createdByName,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The fixed categories, then those the shop has used that are not among them. */
const categoryList = (used: string[]) => {
  const known = new Set(EXPENSE_CATEGORIES.map((c) => c.toLowerCase()));
  return [...EXPENSE_CATEGORIES, ...used.filter((c) => !known.has(c.toLowerCase()))];
};

/** A page of the shop's expenses (a month, a category), with their total and the category list. */
export function listExpenses(ctx: ShopContext, q: ExpenseQuery): Promise<ExpensePage> {
  const page = Number(q.page ?? 1);
  const size = Number(q.page_size ?? 20);
  const month = q.month ? istMonthRange(q.month) : null;
  const filter: repo.ExpenseFilter = {
    from: month ? dayText(month.from) : undefined,
    until: month ? dayText(month.to) : undefined,
    category: q.category || undefined,
  };
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const [list, used] = await Promise.all([
      repo.listExpenses(tx, ctx.store.id, filter, { limit: size, offset: (page - 1) * size }),
      repo.usedCategories(tx, ctx.store.id),
    ]);
    return {
      results: list.rows.map(toExpense),
      count: list.count,
      page,
      page_size: size,
      total: paiseToRupees(list.totalPaise),
      gst_total: paiseToRupees(list.gstPaise),
      categories: categoryList(used),
    };
  });
}

/** The row's values from the form: paise, and a category spelt as the list spells it. */
function valuesOf(b: ExpenseInput): repo.ExpenseValues {
  const known = EXPENSE_CATEGORIES.find((c) => c.toLowerCase() === b.category.toLowerCase());
  return {
    category: known ?? b.category,
    spentOn: b.spent_on,
    amountPaise: rupeesToPaise(b.amount),
    gstPaise: rupeesToPaise(b.gst),
    payee: b.payee,
    payeeGstin: b.payee_gstin,
    description: b.description,
    method: b.method,
    receiptImage: b.receipt_image,
  };
}

/** A receipt photo must be one uploaded to this shop's own folder. */
function checkReceipt(ctx: ShopContext, image: string | null) {
  if (image && !image.startsWith(`/media/uploads/${ctx.store.id}/`))
    throw badRequest('The receipt image was not uploaded to this shop', [
      { path: 'receipt_image', message: 'Upload the receipt image again' },
    ]);
}

const noRegister = () =>
  new AppError(409, 'CONFLICT', 'Open a register first: you have no cash drawer open to pay this from', {
    reason: 'NO_OPEN_REGISTER',
    issues: [{ path: 'from_register', message: 'You have no register open' }],
  });

const registerIsClosed = () =>
  new AppError(
    409,
    'CONFLICT',
    'This expense was paid from a register that is closed: its amount, method and drawer stay as counted',
    { reason: 'REGISTER_CLOSED', issues: [{ path: 'from_register', message: 'The register is closed' }] },
  );

const describe = (r: { category: string; amountPaise: number; spentOn: string }) =>
  `${r.category} ${formatPaise(r.amountPaise)} on ${r.spentOn}`;

/** The fields the audit trail keeps of an expense. */
const snapshot = (x: Expense) => ({
  category: x.category,
  spent_on: x.spent_on,
  amount: x.amount,
  gst: x.gst,
  payee: x.payee,
  payee_gstin: x.payee_gstin,
  description: x.description,
  method: x.method,
  from_register: x.from_register,
  receipt_image: x.receipt_image,
});

/** Records an expense (audited); from the drawer, the person's open register pays it. */
export async function createExpense(ctx: ShopContext, b: ExpenseInput): Promise<Expense> {
  checkReceipt(ctx, b.receipt_image);
  const { store, actor } = ctx;
  return withStore(ctx.deps.db, store.id, async (tx) => {
    // Paid from the drawer: hold the register open until this commits, so a close counts it or refuses it.
    if (b.from_register && !(await holdCashDrawer(tx, store.id, actor.userId))) throw noRegister();
    const row = await repo.insertExpense(tx, store.id, {
      ...valuesOf(b),
      fromRegister: b.from_register,
      createdBy: actor.userId,
    });
    if (b.from_register && !row.registerSessionId) throw noRegister();
    const view = toExpense({ ...row, createdByName: await repo.nameOf(tx, actor.userId) });
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId },
      {
        entity: 'EXPENSE',
        entityId: row.id,
        action: 'CREATE',
        summary: `Recorded expense ${describe(row)}`,
        after: snapshot(view),
      },
    );
    return view;
  });
}

async function lockExpense(tx: Tx, storeId: string, id: string) {
  const row = await repo.findExpense(tx, storeId, id, true);
  if (!row) throw notFound('Expense not found');
  return row;
}

/** Whether a change touches what a closed register counted (its amount, method or drawer). */
const movesCountedCash = (
  before: repo.ExpenseValues & { registerSessionId: string | null },
  b: ExpenseInput,
) => rupeesToPaise(b.amount) !== before.amountPaise || b.method !== before.method || !b.from_register;

/** Changes an expense (audited with what changed). */
export async function updateExpense(ctx: ShopContext, id: string, b: ExpenseInput): Promise<Expense> {
  checkReceipt(ctx, b.receipt_image);
  const { store, actor } = ctx;
  return withStore(ctx.deps.db, store.id, async (tx) => {
    const before = await lockExpense(tx, store.id, id);
    if (
      before.registerSessionId &&
      movesCountedCash(before, b) &&
      (await repo.registerClosed(tx, store.id, before.registerSessionId))
    )
      throw registerIsClosed();
    if (b.from_register && !before.registerSessionId && !(await holdCashDrawer(tx, store.id, actor.userId)))
      throw noRegister();
    const row = await repo.updateExpense(tx, store.id, id, {
      ...valuesOf(b),
      fromRegister: b.from_register,
      userId: actor.userId,
    });
    if (!row) throw notFound('Expense not found');
    if (b.from_register && !row.registerSessionId) throw noRegister();
    const name = await repo.nameOf(tx, row.createdBy);
    const view = toExpense({ ...row, createdByName: name });
    const diff = changedFields(snapshot(toExpense({ ...before, createdByName: name })), snapshot(view));
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId },
      {
        entity: 'EXPENSE',
        entityId: row.id,
        action: 'UPDATE',
        summary: diff.changed.length
          ? `Changed expense ${describe(row)}: ${diff.changed.join(', ')}`
          : `Saved expense ${describe(row)} unchanged`,
        before: diff.before,
        after: diff.after,
      },
    );
    return view;
  });
}

/** Deletes an expense (audited with what it was); one paid from a closed register stays. */
export async function deleteExpense(ctx: ShopContext, id: string) {
  const { store, actor } = ctx;
  return withStore(ctx.deps.db, store.id, async (tx) => {
    const before = await lockExpense(tx, store.id, id);
    if (before.registerSessionId && (await repo.registerClosed(tx, store.id, before.registerSessionId)))
      throw registerIsClosed();
    await repo.deleteExpense(tx, store.id, id);
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId },
      {
        entity: 'EXPENSE',
        entityId: id,
        action: 'DELETE',
        summary: `Deleted expense ${describe(before)}`,
        before: snapshot(toExpense({ ...before, createdByName: null })),
      },
    );
    return { id };
  });
}

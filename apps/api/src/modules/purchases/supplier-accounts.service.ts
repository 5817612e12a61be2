import {
  formatPaise,
  paiseToRupees,
  rupeesToPaise,
  type SupplierStatement,
  type statementQuery,
  type supplierBillBody,
  type supplierPaymentBody,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { holdCashDrawer } from '../registers/index.ts';
import * as repo from './accounts.repository.ts';
import { findOrder, findSupplier } from './purchases.repository.ts';
import { toBill, toPayment, toSupplierRef } from './purchases.view.ts';
import { findReceipts } from './receipts.repository.ts';

type BillBody = z.output<typeof supplierBillBody>;
type PaymentBody = z.output<typeof supplierPaymentBody>;

async function requireSupplier(tx: Tx, id: string) {
  const sup = await findSupplier(tx, id);
  if (!sup)
    throw badRequest('Choose a supplier of this shop', [
      { path: 'supplier_id', message: 'Supplier not found' },
    ]);
  return sup;
}

/** The order or receipt a bill names must be this supplier's. */
async function checkBillLinks(tx: Tx, body: BillBody) {
  if (body.purchase_order_id) {
    const o = await findOrder(tx, body.purchase_order_id);
    if (!o || o.order.supplierId !== body.supplier_id)
      throw badRequest('That purchase order is not from this supplier', [
        { path: 'purchase_order_id', message: 'Not a purchase order of this supplier' },
      ]);
  }
  if (body.goods_receipt_id) {
    const [g] = await findReceipts(tx, { id: body.goods_receipt_id });
    if (!g || g.receipt.supplierId !== body.supplier_id)
      throw badRequest('That goods receipt is not from this supplier', [
        { path: 'goods_receipt_id', message: 'Not a goods receipt of this supplier' },
      ]);
    return g.receipt.purchaseOrderId;
  }
  return null;
}

/** A supplier's bill: its own number (once per supplier, any case), date, amounts; it raises what the shop owes. */
export function addBill(ctx: ShopContext, body: BillBody) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const sup = await requireSupplier(tx, body.supplier_id);
    const orderOfReceipt = await checkBillLinks(tx, body);
    if (await repo.billNumberTaken(tx, body.supplier_id, body.bill_number))
      throw new AppError(409, 'CONFLICT', `${sup.companyName} bill ${body.bill_number} is already recorded`, {
        reason: 'DUPLICATE_BILL',
        issues: [{ path: 'bill_number', message: 'This supplier bill number is already recorded' }],
      });
    const taxable = rupeesToPaise(body.taxable_amount);
    const tax = rupeesToPaise(body.tax_amount);
    const bill = await repo.insertBill(tx, {
      storeId: ctx.store.id,
      supplierId: body.supplier_id,
      billNumber: body.bill_number,
      billDate: body.bill_date,
      dueDate: body.due_date ?? null,
      purchaseOrderId: body.purchase_order_id ?? orderOfReceipt,
      goodsReceiptId: body.goods_receipt_id ?? null,
      taxablePaise: taxable,
      taxPaise: tax,
      totalPaise: taxable + tax,
      note: body.note,
      createdBy: ctx.actor.userId,
    });
    await recordAudit(
      tx,
      ctx.store.id,
      { userId: ctx.actor.userId },
      {
        entity: 'SUPPLIER',
        entityId: body.supplier_id,
        action: 'CREATE',
        summary: `Recorded ${sup.companyName} bill ${body.bill_number} of ${formatPaise(taxable + tax)}`,
        after: {
          bill_number: body.bill_number,
          bill_date: body.bill_date,
          total: paiseToRupees(taxable + tax),
        },
      },
    );
    return toBill(bill);
  });
}

/**
 * Cash from the drawer needs the person's open register, held open until the payment commits (a close counts it or
 * the payment is refused, never lost between the two): 409 naming the field when none is open.
 */
async function registerFor(ctx: ShopContext, tx: Tx, body: PaymentBody) {
  if (!body.from_register) return null;
  if (body.method !== 'CASH')
    throw badRequest('Only cash is paid from the counter drawer', [
      { path: 'from_register', message: 'Only a cash payment can come from the counter drawer' },
    ]);
  const open = (await holdCashDrawer(tx, ctx.store.id, ctx.actor.userId))?.id ?? null;
  if (!open)
    throw new AppError(409, 'CONFLICT', 'You have no register open: open the register to pay from its cash', {
      reason: 'NO_REGISTER',
      issues: [
        { path: 'from_register', message: 'Open your register first, or untick "Paid from the drawer"' },
      ],
    });
  return open;
}

/**
 * A payment to a supplier (cash, UPI, bank). The supplier's row is locked, so two payments at once queue and each
 * sees the other; a payment above what is owed is kept as an advance only when the person confirms it.
 */
export function recordPayment(ctx: ShopContext, body: PaymentBody) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const sup = await requireSupplier(tx, body.supplier_id);
    const totals = await repo.lockSupplierBalance(tx, body.supplier_id);
    if (!totals) throw notFound('Supplier not found');
    if (body.bill_id) {
      const bill = await repo.findBill(tx, body.bill_id);
      if (!bill || bill.supplierId !== body.supplier_id)
        throw badRequest('That bill is not from this supplier', [
          { path: 'bill_id', message: 'Not a bill of this supplier' },
        ]);
    }
    const amount = rupeesToPaise(body.amount);
    const balance = totals.billed - totals.paid;
    const extra = amount - Math.max(balance, 0);
    if (extra > 0 && !body.confirm_advance)
      throw new AppError(
        409,
        'CONFLICT',
        `${sup.companyName} is owed ${formatPaise(balance)}: paying ${formatPaise(amount)} leaves ${formatPaise(extra)} as an advance. Confirm to keep it as an advance.`,
        {
          reason: 'ABOVE_BALANCE',
          issues: [{ path: 'amount', message: `More than the balance of ${formatPaise(balance)}` }],
          details: { balance: paiseToRupees(balance), advance: paiseToRupees(extra) },
        },
      );
    const registerSessionId = await registerFor(ctx, tx, body);
    const payment = await repo.insertPayment(tx, {
      storeId: ctx.store.id,
      supplierId: body.supplier_id,
      billId: body.bill_id ?? null,
      amountPaise: amount,
      method: body.method,
      paidOn: body.paid_on,
      reference: body.reference,
      note: body.note,
      registerSessionId,
      createdBy: ctx.actor.userId,
    });
    await recordAudit(
      tx,
      ctx.store.id,
      { userId: ctx.actor.userId },
      {
        entity: 'SUPPLIER',
        entityId: body.supplier_id,
        action: 'PAYMENT',
        summary: `Paid ${sup.companyName} ${formatPaise(amount)} by ${body.method}${registerSessionId ? ' from the counter drawer' : ''}; balance ${formatPaise(balance)} → ${formatPaise(balance - amount)}`,
        after: {
          amount: paiseToRupees(amount),
          method: body.method,
          balance: paiseToRupees(balance - amount),
        },
      },
    );
    return { payment: toPayment(payment), balance: paiseToRupees(balance - amount) };
  });
}

export const listBills = (ctx: ShopContext, supplierId?: string) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) => (await repo.listBills(tx, { supplierId })).map(toBill));

export const listPayments = (ctx: ShopContext, supplierId?: string) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) =>
    (await repo.listPayments(tx, supplierId)).map(toPayment),
  );

export const balances = (ctx: ShopContext) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) =>
    (await repo.supplierBalances(tx)).map((r) => ({
      ...toSupplierRef(r),
      billed: paiseToRupees(r.billed),
      paid: paiseToRupees(r.paid),
      balance: paiseToRupees(r.billed - r.paid),
    })),
  );

/** Today in India, and the first of its month: a statement's default period. */
function period(q: z.output<typeof statementQuery>, now: Date) {
  const today = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  return { from: q.from ?? `${(q.to ?? today).slice(0, 7)}-01`, to: q.to ?? today };
}

/** A supplier's statement for a period: the balance before it, bills and payments by date with the running balance. */
export function statement(
  ctx: ShopContext,
  { supplierId, query }: { supplierId: string; query: z.output<typeof statementQuery> },
): Promise<SupplierStatement> {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const sup = await findSupplier(tx, supplierId);
    if (!sup) throw notFound('Supplier not found');
    const { from, to } = period(query, ctx.now());
    if (from > to)
      throw badRequest('to must not be before from', [{ path: 'to', message: 'to must not be before from' }]);
    const before = await repo.supplierTotals(tx, supplierId, from);
    const { bills, payments } = await repo.periodEntries(tx, supplierId, from, to);
    const rows = [
      ...bills.map((b) => ({
        date: b.billDate,
        at: b.createdAt.getTime(),
        kind: 'BILL' as const,
        reference: b.billNumber,
        description: `Bill ${b.billNumber}${b.dueDate ? `, due ${b.dueDate}` : ''}`,
        amount: b.totalPaise,
      })),
      ...payments.map((p) => ({
        date: p.paidOn,
        at: p.createdAt.getTime(),
        kind: 'PAYMENT' as const,
        reference: p.reference ?? p.method,
        description: `Payment by ${p.method}${p.reference ? ` (${p.reference})` : ''}`,
        amount: -p.amountPaise,
      })),
    ].sort((a, b) => a.date.localeCompare(b.date) || a.at - b.at);
    let running = before.billed - before.paid;
    const opening = running;
    const entries = rows.map((r) => {
      running += r.amount;
      return {
        date: r.date,
        kind: r.kind,
        reference: r.reference,
        description: r.description,
        debit: r.amount > 0 ? paiseToRupees(r.amount) : 0,
        credit: r.amount < 0 ? paiseToRupees(-r.amount) : 0,
        balance: paiseToRupees(running),
      };
    });
    return {
      supplier: toSupplierRef(sup),
      from,
      to,
      opening_balance: paiseToRupees(opening),
      entries,
      closing_balance: paiseToRupees(running),
    };
  });
}

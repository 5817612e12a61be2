import {
  paiseToRupees,
  type RegisterFigures,
  type RegisterMovement,
  type RegisterSession,
} from '@haat/contracts';
import type { DrawerSums, SessionRow } from './registers.repository.ts';

/*
 * The register's rows as the wire shows them (rupees, ISO times), and the one arithmetic of the expected cash.
 */

/** The cash a drawer should hold, in paise: float + sales − refunds + khata received + in − out − paid out. */
export function expectedPaise(floatPaise: number, s: DrawerSums) {
  return (
    floatPaise +
    s.salesPaise -
    s.refundsPaise +
    s.khataPaise +
    s.inPaise -
    s.outPaise -
    s.expensesPaise -
    s.suppliersPaise
  );
}

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

export function sessionView(r: SessionRow): RegisterSession {
  return {
    id: r.id,
    register_name: r.registerName,
    cashier_id: r.cashierId,
    cashier_name: r.cashierName,
    status: r.closedAt ? 'CLOSED' : 'OPEN',
    opened_at: r.openedAt.toISOString(),
    opening_float: paiseToRupees(r.openingFloatPaise),
    closed_at: r.closedAt?.toISOString() ?? null,
    closed_by_name: r.closedByName,
    expected: rupeesOrNull(r.expectedPaise),
    counted: rupeesOrNull(r.countedPaise),
    difference: rupeesOrNull(r.differencePaise),
    close_note: r.closeNote,
  };
}

export function figuresView(floatPaise: number, s: DrawerSums): RegisterFigures {
  const f = (amount: number, count: number) => ({ amount: paiseToRupees(amount), count });
  return {
    opening_float: paiseToRupees(floatPaise),
    cash_sales: f(s.salesPaise, s.salesCount),
    cash_refunds: f(s.refundsPaise, s.refundsCount),
    khata_received: f(s.khataPaise, s.khataCount),
    cash_in: f(s.inPaise, s.inCount),
    cash_out: f(s.outPaise, s.outCount),
    expenses: f(s.expensesPaise, s.expensesCount),
    supplier_payments: f(s.suppliersPaise, s.suppliersCount),
    expected: paiseToRupees(expectedPaise(floatPaise, s)),
  };
}

export function movementView(m: {
  id: string;
  kind: 'IN' | 'OUT';
  amountPaise: number;
  reason: string;
  createdAt: Date;
  createdByName: string | null;
}): RegisterMovement {
  return {
    id: m.id,
    kind: m.kind,
    amount: paiseToRupees(m.amountPaise),
    reason: m.reason,
    created_at: m.createdAt.toISOString(),
    created_by_name: m.createdByName,
  };
}

/** A time of day in India (09:12), for messages. */
export const istTime = (at: Date) =>
  at.toLocaleTimeString('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

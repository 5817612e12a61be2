import { type CustomerSummary, type KhataEntry, paiseToRupees } from '@haat/contracts';
import type { CustomerRow, EntryRow } from './customers.repository.ts';

/** The wire's shapes (rupees, snake_case) of the book's rows and khata entries. */

export function summaryView(c: CustomerRow): CustomerSummary {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    email: c.email,
    online: c.userId != null,
    orders_count: c.ordersCount,
    lifetime_value: paiseToRupees(c.lifetimePaise),
    last_visit: c.lastVisit,
    balance: paiseToRupees(c.balancePaise),
    credit_limit: c.creditLimitPaise == null ? null : paiseToRupees(c.creditLimitPaise),
  };
}

export function entryView(e: Omit<EntryRow, 'orderNumber'> & { orderNumber: number | null }): KhataEntry {
  return {
    id: e.id,
    kind: e.kind,
    amount: paiseToRupees(e.amountPaise),
    balance_after: paiseToRupees(e.balanceAfterPaise),
    order_id: e.orderId,
    order_number: e.orderNumber == null ? null : `ORD-${e.orderNumber}`,
    method: e.method,
    reference: e.reference,
    note: e.note,
    created_at: e.createdAt.toISOString(),
  };
}

/** What is left of the credit limit (null: no credit). */
export const creditLeftPaise = (c: Pick<CustomerRow, 'creditLimitPaise' | 'balancePaise'>) =>
  c.creditLimitPaise == null ? null : Math.max(c.creditLimitPaise - c.balancePaise, 0);

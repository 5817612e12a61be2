import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@haat/contracts';
import type { ReactNode } from 'react';
import { type BadgeTone, StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatINR } from '../../lib/format.ts';

/* What the purchases pages share: status words and colours, paths, amounts, a panel. */

export const purchasesPath = '/purchases';
export const orderPath = (id: string) => `/purchases/${id}`;
export const suppliersPath = '/purchases/suppliers';

const STATUS: Record<PurchaseOrderStatus, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: 'Draft', tone: 'neutral' },
  SENT: { label: 'Sent', tone: 'info' },
  PARTIAL: { label: 'Partly received', tone: 'warning' },
  RECEIVED: { label: 'Received', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
};
export const STATUS_OPTIONS = [
  { value: '' as const, label: 'All statuses' },
  ...PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: STATUS[s].label })),
];

export function OrderStatus({ status }: { status: PurchaseOrderStatus }) {
  return <StatusBadge tone={STATUS[status].tone}>{STATUS[status].label}</StatusBadge>;
}

export const rupees = (n: number) => formatINR(n, { paise: true });

/** What the shop owes a supplier (red), holds as an advance (green) or nothing. */
export function SupplierBalanceText({ amount }: { amount: number }) {
  if (amount > 0) return <span className="font-semibold text-rose-700">{rupees(amount)} owed</span>;
  if (amount < 0) return <span className="font-semibold text-emerald-700">{rupees(-amount)} advance</span>;
  return <span className="text-slate-500">Settled</span>;
}

export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Taxable, GST and total, right-aligned. */
export function Totals({ taxable, tax, total }: { taxable: number; tax: number; total: number }) {
  return (
    <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" aria-label="Totals">
      <div className="flex justify-between">
        <dt className="text-slate-600">Taxable value</dt>
        <dd data-testid="po-taxable">{rupees(taxable)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">GST</dt>
        <dd data-testid="po-tax">{rupees(tax)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
        <dt>Total</dt>
        <dd data-testid="po-total">{rupees(total)}</dd>
      </div>
    </dl>
  );
}

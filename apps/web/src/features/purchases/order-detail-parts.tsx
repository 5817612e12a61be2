import { formatDate } from '../../lib/format.ts';
import { Panel, rupees, Totals } from './purchase-parts.tsx';
import type { PurchaseOrderDetail } from './purchases-api.ts';

/* The purchase order page's sections: its lines, the goods received against it, the supplier's bills. */

export function OrderLines({ o }: { o: PurchaseOrderDetail }) {
  return (
    <Panel title="Lines">
      <ul className="divide-y divide-slate-100" aria-label="Order lines">
        {o.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {l.name}
                {l.variant_label ? ` · ${l.variant_label}` : ''}
              </p>
              <p className="text-xs text-slate-500">
                {l.sku ?? 'No SKU'} · HSN {l.hsn_code ?? '—'} · {l.quantity} x {rupees(l.unit_cost)} +{' '}
                {l.tax_percentage}% GST
              </p>
            </div>
            <div className="text-right">
              <p className="font-medium">{rupees(l.total)}</p>
              <p className="text-xs text-slate-500" data-testid="line-received">
                Received {l.received_quantity} of {l.quantity}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <Totals taxable={o.taxable_amount} tax={o.tax_amount} total={o.total} />
      </div>
    </Panel>
  );
}

export function OrderReceipts({ o }: { o: PurchaseOrderDetail }) {
  return (
    <Panel title="Goods received">
      {o.receipts.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {o.receipts.map((g) => (
            <li key={g.id} className="py-2">
              <p className="font-medium text-slate-900">
                {g.number} · {formatDate(g.received_at)} · {rupees(g.total)}
              </p>
              <ul className="text-xs text-slate-600">
                {g.lines.map((l) => (
                  <li key={l.id}>
                    {l.name}: +{l.quantity} at {rupees(l.unit_cost)}; average cost{' '}
                    {l.average_cost_before == null ? '—' : rupees(l.average_cost_before)} →{' '}
                    {rupees(l.average_cost_after)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">Nothing received yet.</p>
      )}
    </Panel>
  );
}

export function OrderBills({ o, actions }: { o: PurchaseOrderDetail; actions: React.ReactNode }) {
  return (
    <Panel title="Supplier bills" actions={actions}>
      {o.bills.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {o.bills.map((b) => (
            <li key={b.id} className="flex justify-between gap-2 py-2">
              <span>
                Bill {b.bill_number} · {formatDate(b.bill_date)}
                {b.due_date ? ` · due ${formatDate(b.due_date)}` : ''}
              </span>
              <span className="font-medium">{rupees(b.total)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No bill recorded for this order.</p>
      )}
      {o.payments.length ? (
        <ul
          className="mt-2 divide-y divide-slate-100 border-t border-slate-200 text-sm"
          aria-label="Payments"
        >
          {o.payments.map((p) => (
            <li key={p.id} className="flex justify-between gap-2 py-2">
              <span>
                Paid {formatDate(p.paid_on)} by {p.method}
                {p.reference ? ` (${p.reference})` : ''}
              </span>
              <span className="font-medium text-emerald-700">{rupees(p.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

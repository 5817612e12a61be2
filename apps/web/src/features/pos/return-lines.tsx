import type { CounterReturnMethod } from '@haat/contracts';
import { Minus, Plus } from 'lucide-react';
import { FormAlert } from '../../components/ui/fields.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import type { CounterReturnState } from './use-counter-return.ts';

const stepper =
  'flex size-9 items-center justify-center rounded-lg border border-slate-300 disabled:opacity-40';

/** The sale's lines with what can still come back, a stepper per line, and the reason. */
export function ReturnLines({ r }: { r: CounterReturnState }) {
  const sale = r.sale;
  if (!sale) return null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{sale.order_number}</span> · {formatDateTime(sale.created_at)} ·{' '}
        {sale.customer.name} · {formatAmount(sale.total)}
      </p>
      {sale.not_returnable ? <FormAlert>{sale.not_returnable}</FormAlert> : null}
      <ul
        aria-label="Lines of the sale"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200"
      >
        {sale.lines.map((l) => {
          const q = r.qty[l.item_id] ?? 0;
          return (
            <li key={l.item_id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{l.name}</p>
                <p className="text-xs text-slate-600">
                  Sold {l.quantity}
                  {l.returned ? `, ${l.returned} back already` : ''}
                  {l.returnable > 0 ? ` · ${formatAmount(l.refund_per_unit)} each back` : ''}
                </p>
              </div>
              {l.returnable > 0 && !sale.not_returnable ? (
                <div className="flex shrink-0 items-center gap-1">
                  <button
                    type="button"
                    className={stepper}
                    aria-label={`One less ${l.name}`}
                    disabled={q <= 0}
                    onClick={() => r.setQty(l.item_id, q - 1)}
                  >
                    <Minus aria-hidden className="size-4" />
                  </button>
                  <span className="w-14 text-center tabular-nums">
                    <span className="sr-only">{l.name} to return: </span>
                    {q} / {l.returnable}
                  </span>
                  <button
                    type="button"
                    className={stepper}
                    aria-label={`One more ${l.name}`}
                    disabled={q >= l.returnable}
                    onClick={() => r.setQty(l.item_id, q + 1)}
                  >
                    <Plus aria-hidden className="size-4" />
                  </button>
                </div>
              ) : (
                <span className="shrink-0 text-xs text-slate-500">Nothing left to return</span>
              )}
            </li>
          );
        })}
      </ul>
      {sale.returns.length ? (
        <p className="text-xs text-slate-600">
          Returned before:{' '}
          {sale.returns
            .map(
              (x) =>
                `${x.credit_note_number ?? (x.kind === 'EXCHANGE' ? 'exchange' : 'refund')} ${formatAmount(x.amount)}`,
            )
            .join(' · ')}
        </p>
      ) : null}
      <label className="block text-sm font-medium text-slate-800">
        Reason
        <input
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal"
          value={r.reason}
          onChange={(e) => r.setReason(e.target.value)}
          placeholder="Wrong size, damaged, changed mind…"
          maxLength={300}
        />
      </label>
    </div>
  );
}

const METHODS: { value: CounterReturnMethod; label: string }[] = [
  { value: 'CASH', label: 'Cash' },
  { value: 'UPI', label: 'UPI' },
  { value: 'CARD', label: 'Card' },
];

/** How the money goes back (or the difference is settled): cash from the drawer, UPI or card; a khata sale's khata. */
export function MethodChoice({ r, label }: { r: CounterReturnState; label: string }) {
  const onKhata = r.sale?.payment_method === 'CREDIT';
  const options = onKhata ? [{ value: 'KHATA' as const, label: 'Back onto the khata' }] : METHODS;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {options.map((m) => (
          <label
            key={m.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="return-method"
              value={m.value}
              checked={r.method === m.value}
              onChange={() => r.setMethod(m.value)}
            />
            {m.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

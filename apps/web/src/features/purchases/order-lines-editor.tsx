import { GST_RATES } from '@haat/contracts';
import { Trash2 } from 'lucide-react';
import { FieldError, inputClass } from '../../components/ui/fields.tsx';
import { moneyText } from '../../components/ui/money-field.tsx';
import type { OrderForm } from './use-order-form.ts';

/** The order's lines: quantity, cost without GST and GST rate editable, removable; errors beside their field. */
export function OrderLinesEditor({ f }: { f: OrderForm }) {
  if (!f.lines.length)
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
        No lines yet: search for a product above and add it.
        {f.errors.lines ? <span className="block text-red-700">{f.errors.lines}</span> : null}
      </p>
    );
  return (
    <ul className="min-w-0 divide-y divide-slate-100" aria-label="Order lines">
      {f.lines.map((l, i) => {
        const err = (k: string) => f.errors[`lines.${i}.${k}`];
        const id = `line-${i}`;
        return (
          <li
            key={l.variant_id}
            className="grid grid-cols-2 gap-2 py-3 sm:grid-cols-[1fr_6rem_8rem_6rem_auto] sm:items-start"
          >
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <p className="font-medium text-slate-900">
                {l.name}
                {l.variant_label ? ` · ${l.variant_label}` : ''}
              </p>
              <p className="text-xs text-slate-500">{l.sku ?? 'No SKU'}</p>
              <FieldError id={`${id}-v`} error={err('variant_id')} />
            </div>
            <label className="text-xs font-medium text-slate-700">
              Quantity
              <input
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) => f.change(i, { quantity: e.target.value.replace(/[^\d-]/g, '') })}
                className={inputClass(!!err('quantity'))}
                aria-invalid={!!err('quantity')}
                aria-label={`Quantity of ${l.name}`}
              />
              <FieldError id={`${id}-q`} error={err('quantity')} />
            </label>
            <label className="text-xs font-medium text-slate-700">
              Cost / unit (₹, no GST)
              <input
                inputMode="decimal"
                value={l.unit_cost}
                onChange={(e) => f.change(i, { unit_cost: moneyText(e.target.value) })}
                className={inputClass(!!err('unit_cost'))}
                aria-invalid={!!err('unit_cost')}
                aria-label={`Cost of ${l.name}`}
              />
              <FieldError id={`${id}-c`} error={err('unit_cost')} />
            </label>
            <label className="text-xs font-medium text-slate-700">
              GST %
              <select
                value={l.tax_percentage}
                onChange={(e) => f.change(i, { tax_percentage: e.target.value })}
                className={inputClass(!!err('tax_percentage'))}
                aria-label={`GST rate of ${l.name}`}
              >
                {GST_RATES.map((r) => (
                  <option key={r} value={String(r)}>
                    {r}%
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              onClick={() => f.remove(i)}
              className="self-end justify-self-end rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
              aria-label={`Remove ${l.name}`}
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

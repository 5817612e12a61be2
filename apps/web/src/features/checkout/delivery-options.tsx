import type { DeliveryOption } from '@haat/contracts';
import { useId } from 'react';
import { formatAmount } from '../../lib/format.ts';
import { CheckoutSection } from './checkout-section.tsx';

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500';

/** How the order travels: each option with its time, description and price for this cart (FREE or ₹). */
export function DeliveryOptions({
  options,
  selectedId,
  onSelect,
}: {
  options: DeliveryOption[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const name = useId();
  return (
    <CheckoutSection title="Delivery Option">
      {options.length === 0 ? (
        <p className="text-sm text-amber-700">This shop has no delivery options right now.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Choose a delivery option</legend>
          <ul className="space-y-3">
            {options.map((o) => (
              <li key={o.id}>
                <label className={optionClass}>
                  <input
                    type="radio"
                    name={name}
                    checked={selectedId === o.id}
                    onChange={() => onSelect(o.id)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {o.delivery_name}
                      {o.is_recommended ? (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                          Recommended
                        </span>
                      ) : null}
                    </span>
                    <span className="block text-slate-700">{o.estimated_time}</span>
                    {o.description ? <span className="block text-slate-500">{o.description}</span> : null}
                  </span>
                  <span className="shrink-0 text-right text-sm font-semibold tabular-nums">
                    {o.is_free || o.delivery_charge === 0 ? (
                      <span className="text-green-700">FREE</span>
                    ) : (
                      <span className="text-slate-900">{formatAmount(o.delivery_charge)}</span>
                    )}
                    {o.is_free && o.base_charge > 0 ? (
                      <span className="block text-xs font-normal text-slate-500 line-through">
                        {formatAmount(o.base_charge)}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </CheckoutSection>
  );
}

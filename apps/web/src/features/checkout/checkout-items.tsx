import type { CheckoutData } from '@haat/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { formatAmount } from '../../lib/format.ts';
import { itemsText } from '../orders/index.ts';
import { ProductThumb } from '../products/index.ts';

/**
 * The lines being ordered, folded away on phones (the heading shows the count and the total) and open
 * on wide screens.
 */
export function CheckoutItems({
  lines,
  itemCount,
  total,
}: {
  lines: CheckoutData['cart_data'];
  itemCount: number;
  total: number;
}) {
  const [open, setOpen] = useState(() => window.matchMedia('(min-width: 1024px)').matches);
  const listId = useId();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-xl p-4 text-left focus-visible:outline-2 focus-visible:outline-brand-500 sm:px-5"
        >
          <span className="text-lg font-bold text-slate-900">Order Summary ({itemsText(itemCount)})</span>
          <span className="flex shrink-0 items-center gap-2 font-semibold text-slate-900 tabular-nums">
            {formatAmount(total)}
            <ChevronDown
              aria-hidden
              className={`size-5 text-slate-500 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            />
          </span>
        </button>
      </h2>
      <ul
        id={listId}
        hidden={!open}
        aria-label="Items you are ordering"
        className="divide-y divide-slate-100 border-t border-slate-100 px-4 sm:px-5"
      >
        {lines.map((line) => (
          <li key={line.id} className="flex items-center gap-3 py-3" data-testid="checkout-line">
            <div className="relative size-14 shrink-0 rounded-lg border border-slate-200 bg-slate-50">
              <div className="size-full overflow-hidden rounded-lg">
                <ProductThumb src={line.image} alt="" />
              </div>
              <span className="absolute -top-2 -right-2 flex min-w-5 items-center justify-center rounded-full bg-slate-700 px-1 text-[11px] font-bold text-white">
                {line.quantity}
              </span>
            </div>
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-slate-900">{line.name}</p>
              {line.variant ? (
                <p className="text-xs text-slate-700">
                  {line.variant.label}
                  {line.variant.sku ? (
                    <span className="text-slate-500"> · SKU {line.variant.sku}</span>
                  ) : null}
                </p>
              ) : null}
              <p className="text-xs text-slate-600">
                {line.quantity} × {formatAmount(line.unit_price)}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
              {formatAmount(line.line_total)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

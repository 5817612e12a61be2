import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { filterControlClass } from '../../components/ui/filter-bar.tsx';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { rupees } from './purchase-parts.tsx';
import { type PurchaseProduct, usePurchaseProducts } from './purchases-api.ts';

/** Finds a product or variant by name or SKU (as the counter's search does) and adds it to the order. */
export function ProductSearch({ onPick }: { onPick: (p: PurchaseProduct) => void }) {
  const [search, setSearch] = useState('');
  const typed = useDebouncedSearch(search, setSearch, 250);
  const found = usePurchaseProducts(search);
  const products = found.data?.products ?? [];
  return (
    <div className="min-w-0 space-y-2">
      <label className="block text-sm font-medium text-slate-800">
        Add a product
        <span className="relative mt-1 block">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={typed.text}
            onChange={(e) => typed.onChange(e.target.value)}
            placeholder="Name or SKU"
            className={`${filterControlClass.replace('mt-1 ', '')} pl-9`}
          />
        </span>
      </label>
      <ul
        className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
        aria-label="Products found"
      >
        {products.map((p) => (
          <li key={p.variant_id}>
            <button
              type="button"
              onClick={() => onPick(p)}
              className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">
                  {p.name}
                  {p.variant_label ? ` · ${p.variant_label}` : ''}
                </span>
                <span className="block text-xs break-all text-slate-500">
                  {p.sku ?? 'No SKU'} · {p.stock} in stock · cost{' '}
                  {p.unit_cost == null ? '—' : rupees(p.unit_cost)}
                </span>
              </span>
              <Plus aria-label={`Add ${p.name}`} className="size-4 shrink-0 text-brand-700" />
            </button>
          </li>
        ))}
        {!products.length && !found.isPending ? (
          <li className="px-3 py-2 text-sm text-slate-500">No product matches this search.</li>
        ) : null}
      </ul>
    </div>
  );
}

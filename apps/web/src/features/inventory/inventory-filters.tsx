import { INVENTORY_SEARCH_DEBOUNCE_MS } from '@haat/contracts';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useCategories } from './inventory-api.ts';
import {
  type InventoryFilters,
  STATUS_FILTERS,
  STOCK_FILTERS,
  type StatusFilter,
  type StockFilter,
} from './inventory-params.ts';

export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm';
const labelClass = 'mb-1 block text-xs font-medium text-slate-600';

/** Search by name or SKU: the list asks the server 1000 ms after the last key (02 §2), or at once on Enter. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const search = useDebouncedSearch(value, onSearch, INVENTORY_SEARCH_DEBOUNCE_MS);
  return (
    <div className="col-span-2 min-w-0 lg:min-w-64 lg:flex-1">
      <label htmlFor={id} className={labelClass}>
        Search
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          value={search.text}
          placeholder="Product name or SKU"
          autoComplete="off"
          onChange={(e) => search.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search.flush();
          }}
          className={`${controlClass} pl-9`}
        />
      </div>
    </div>
  );
}

/** The filter bar (02 §2): search, category, stock, status and the last-updated date range. */
export function InventoryFiltersBar({
  filters,
  onChange,
  active,
  onClear,
}: {
  filters: InventoryFilters;
  onChange: (patch: Partial<InventoryFilters>, opts?: { replace?: boolean }) => void;
  active: boolean;
  onClear: () => void;
}) {
  const ids = { category: useId(), stock: useId(), status: useId(), from: useId(), to: useId() };
  const categories = useCategories();
  return (
    <section
      aria-label="Filters"
      className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4 lg:flex lg:flex-wrap lg:items-end"
    >
      <SearchBox value={filters.search} onSearch={(search) => onChange({ search }, { replace: true })} />
      <div className="col-span-2 sm:col-span-1 lg:w-44">
        <label htmlFor={ids.category} className={labelClass}>
          Category
        </label>
        <select
          id={ids.category}
          value={filters.category}
          onChange={(e) => onChange({ category: e.target.value })}
          className={controlClass}
        >
          <option value="">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="lg:w-36">
        <label htmlFor={ids.stock} className={labelClass}>
          Stock
        </label>
        <select
          id={ids.stock}
          value={filters.stock}
          onChange={(e) => onChange({ stock: e.target.value as StockFilter })}
          className={controlClass}
        >
          {STOCK_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="lg:w-44">
        <label htmlFor={ids.status} className={labelClass}>
          Status
        </label>
        <select
          id={ids.status}
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value as StatusFilter })}
          className={controlClass}
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 lg:w-40">
        <label htmlFor={ids.from} className={labelClass}>
          Updated from
        </label>
        <input
          id={ids.from}
          type="date"
          value={filters.updated_from}
          max={filters.updated_to || undefined}
          onChange={(e) => onChange({ updated_from: e.target.value })}
          className={controlClass}
        />
      </div>
      <div className="min-w-0 lg:w-40">
        <label htmlFor={ids.to} className={labelClass}>
          Updated to
        </label>
        <input
          id={ids.to}
          type="date"
          value={filters.updated_to}
          min={filters.updated_from || undefined}
          onChange={(e) => onChange({ updated_to: e.target.value })}
          className={controlClass}
        />
      </div>
      {active ? (
        <button
          type="button"
          onClick={onClear}
          className="col-span-2 inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 lg:col-span-1"
        >
          <X aria-hidden className="size-4" />
          Clear filters
        </button>
      ) : null}
    </section>
  );
}

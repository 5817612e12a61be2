import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import {
  type OrderFilters,
  PAYMENT_FILTERS,
  type PaymentFilter,
  STATUS_FILTERS,
  type StatusFilter,
} from './order-params.ts';

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm';
const labelClass = 'mb-1 block text-xs font-medium text-slate-600';

/** 'Search orders, customers...': the server is asked half a second after the last key, or at once on Enter. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const search = useDebouncedSearch(value, onSearch);
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
          placeholder="Search orders, customers..."
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

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 lg:w-44">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={controlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 lg:w-40">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={controlClass}
      />
    </div>
  );
}

/** Search, status, payment and the date range of Order Management; every change asks the server again. */
export function OrderFiltersBar({
  filters,
  onChange,
  active,
  onClear,
}: {
  filters: OrderFilters;
  onChange: (patch: Partial<OrderFilters>) => void;
  active: boolean;
  onClear: () => void;
}) {
  const badRange = !!filters.from && !!filters.to && filters.to < filters.from;
  return (
    <section aria-label="Filters" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="grid grid-cols-2 gap-3 lg:flex lg:flex-wrap lg:items-end">
        <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
        <Select<StatusFilter>
          label="Order status"
          value={filters.status}
          options={STATUS_FILTERS}
          onChange={(status) => onChange({ status })}
        />
        <Select<PaymentFilter>
          label="Payment"
          value={filters.payment_status}
          options={PAYMENT_FILTERS}
          onChange={(payment_status) => onChange({ payment_status })}
        />
        <DateInput label="From" value={filters.from} onChange={(from) => onChange({ from })} />
        <DateInput label="To" value={filters.to} onChange={(to) => onChange({ to })} />
        {active ? (
          <button
            type="button"
            onClick={onClear}
            className="col-span-2 inline-flex h-10 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:col-span-1"
          >
            <X aria-hidden className="size-4" />
            Clear filters
          </button>
        ) : null}
      </div>
      {badRange ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The end date is before the start date; the range is ignored until it is fixed.
        </p>
      ) : null}
    </section>
  );
}

/**
 * Kit: the row of filters above a list: an optional search box, the caller's filter controls (selects, a
 * DateRangeField), a "Clear filters" button while any filter is on, and room for actions (export). It wraps
 * to a column on phones. It holds no state: values live with the caller (usually the URL).
 */
import { Search, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** The compact control style for selects and inputs inside a filter bar. */
export const filterControlClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm';

export function FilterBar({
  label,
  search,
  children,
  active = false,
  onClear,
  actions,
}: {
  /** Names the region for screen readers, e.g. "Filter orders". */
  label: string;
  search?: {
    value: string;
    onChange: (value: string) => void;
    label: string;
    placeholder?: string;
  };
  /** The filter controls; each brings its own visible label. */
  children?: ReactNode;
  /** True while any filter differs from its default: shows "Clear filters". */
  active?: boolean;
  onClear?: () => void;
  /** Buttons at the end of the bar (e.g. Export). */
  actions?: ReactNode;
}) {
  const searchId = useId();
  return (
    <search
      aria-label={label}
      className="block rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
        {search ? (
          <div className="min-w-0 lg:w-72">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
              {search.label}
            </label>
            <div className="relative mt-1">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              />
              <input
                id={searchId}
                type="search"
                value={search.value}
                onChange={(e) => search.onChange(e.target.value)}
                placeholder={search.placeholder}
                className={`${filterControlClass.replace('mt-1 ', '')} pl-9`}
              />
            </div>
          </div>
        ) : null}
        {children ? (
          <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end [&>*]:min-w-0 lg:[&>*]:min-w-40">
            {children}
          </div>
        ) : null}
        {(active && onClear) || actions ? (
          <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
            {active && onClear ? (
              <button
                type="button"
                onClick={onClear}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <X aria-hidden className="size-4" />
                Clear filters
              </button>
            ) : null}
            {actions}
          </div>
        ) : null}
      </div>
    </search>
  );
}

/** One labelled select of a filter bar: the value, its choices with their words, and what a choice sets. */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  width = 'lg:w-40',
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  /** The select's width beside the others on a wide screen. */
  width?: string;
}) {
  return (
    <label className={`block min-w-0 text-sm font-medium text-slate-800 ${width}`}>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)} className={filterControlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

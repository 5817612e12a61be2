import type { FilterConfig } from '@haat/contracts';
import { formatINR } from '../../lib/format.ts';
import { type EditHook, textOf, textStyle } from '../storefront-home/index.ts';

/**
 * A preview of the shop's filter sidebar (its All Products page): the headings and button texts are the
 * theme's and editable; the lists show the configured categories and price range.
 */
export function FilterPreview({ config, edit }: { config: FilterConfig; edit: EditHook }) {
  const primary = config.primary_filter;
  const secondary = config.secondatry_filter;
  const [min, max] = secondary.filter_list.map(Number);
  return (
    <div className="bg-white px-4 py-8 sm:px-6 lg:px-8">
      <aside
        aria-label="Filter sidebar preview"
        className="mx-auto max-w-xs rounded-xl border border-slate-200 p-4 shadow-sm"
      >
        <h3
          {...edit('mainHeading', 'Filter heading')}
          className="text-lg font-bold text-slate-900"
          style={textStyle(config.mainHeading)}
        >
          {textOf(config.mainHeading, 'Filters')}
        </h3>
        <h4
          {...edit('primary_filter.filter', 'First filter')}
          className="mt-4 text-sm font-semibold text-slate-800"
          style={textStyle(primary.filter)}
        >
          {textOf(primary.filter, 'Categories')}
        </h4>
        <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
          {primary.filter_list.map((item) => (
            <li key={String(item)} className="flex items-center gap-2">
              <span aria-hidden className="size-4 rounded border border-slate-300" />
              {item}
            </li>
          ))}
        </ul>
        <h4
          {...edit('secondatry_filter.filter', 'Second filter')}
          className="mt-4 text-sm font-semibold text-slate-800"
          style={textStyle(secondary.filter)}
        >
          {textOf(secondary.filter, 'Price Range')}
        </h4>
        {Number.isFinite(min) && Number.isFinite(max) ? (
          <p className="mt-2 text-sm text-slate-700">
            {formatINR(min ?? 0)} – {formatINR(max ?? 0)}
          </p>
        ) : null}
        <span
          {...edit('buttonText', 'Filter button')}
          className="mt-4 flex w-full justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
          style={textStyle(config.buttonText)}
        >
          {textOf(config.buttonText, 'Apply Filters')}
        </span>
      </aside>
    </div>
  );
}

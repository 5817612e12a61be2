import { PRODUCT_PAGE_SIZES, SHOP_CATEGORIES } from '@haat/contracts/constants';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { countFormat } from './shop-discovery.tsx';
import { type ProductSearchFilters, RATING_CHOICES, SORT_CHOICES } from './use-product-search.ts';
import type { CategoryFilter } from './use-store-list.ts';
import { useStoreCities } from './use-store-list.ts';

const control =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Lowest and highest price in rupees, applied together (Apply or Enter), so typing does not search each key. */
function PriceRange({ filters }: { filters: ProductSearchFilters }) {
  const [min, setMin] = useState(filters.minPrice);
  const [max, setMax] = useState(filters.maxPrice);
  useEffect(() => {
    setMin(filters.minPrice);
    setMax(filters.maxPrice);
  }, [filters.minPrice, filters.maxPrice]);
  const wrong = min !== '' && max !== '' && Number(min) > Number(max);
  const minId = useId();
  const maxId = useId();
  const errorId = useId();
  return (
    <form
      className="col-span-2 flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (!wrong) filters.setPriceRange(min, max);
      }}
    >
      <fieldset className="flex items-end gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-600">Price (₹)</legend>
        <label htmlFor={minId} className="sr-only">
          Lowest price
        </label>
        <input
          id={minId}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="Min"
          value={min}
          onChange={(e) => setMin(e.target.value)}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? errorId : undefined}
          className={control}
        />
        <span aria-hidden className="pb-2 text-slate-400">
          –
        </span>
        <label htmlFor={maxId} className="sr-only">
          Highest price
        </label>
        <input
          id={maxId}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="Max"
          value={max}
          onChange={(e) => setMax(e.target.value)}
          className={control}
        />
        <button type="submit" className={`${buttonStyles.secondary} px-3 py-2`}>
          Apply
        </button>
      </fieldset>
      {wrong ? (
        <p id={errorId} className="text-xs text-red-700">
          The lowest price must not be above the highest.
        </p>
      ) : null}
    </form>
  );
}

/** The results page's filters (category, city, price, rating, in stock) and its sort. */
export function ProductSearchFilterBar({ filters }: { filters: ProductSearchFilters }) {
  const cities = useStoreCities().data ?? [];
  const knownCity = cities.some((c) => c.city.toLowerCase() === filters.city.toLowerCase());
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 lg:grid-cols-8 lg:items-end">
      <Labelled label="Category">
        {(id) => (
          <select
            id={id}
            value={filters.category}
            onChange={(e) => filters.setCategory(e.target.value as CategoryFilter)}
            className={control}
          >
            <option value="All">All categories</option>
            {SHOP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="City">
        {(id) => (
          <select
            id={id}
            value={
              cities.find((c) => c.city.toLowerCase() === filters.city.toLowerCase())?.city ?? filters.city
            }
            onChange={(e) => filters.setCity(e.target.value)}
            className={control}
          >
            <option value="">All cities</option>
            {!knownCity && filters.city ? <option value={filters.city}>{filters.city}</option> : null}
            {cities.map((c) => (
              <option key={c.city} value={c.city}>
                {c.city} ({countFormat.format(c.count)})
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <PriceRange filters={filters} />
      <Labelled label="Rating">
        {(id) => (
          <select
            id={id}
            value={filters.rating}
            onChange={(e) => filters.setRating(Number(e.target.value))}
            className={control}
          >
            <option value={0}>Any rating</option>
            {RATING_CHOICES.map((r) => (
              <option key={r} value={r}>
                {r}★ & up
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Sort by">
        {(id) => (
          <select
            id={id}
            value={filters.sort}
            onChange={(e) => filters.setSort(e.target.value as ProductSearchFilters['sort'])}
            className={control}
          >
            {SORT_CHOICES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Per page">
        {(id) => (
          <select
            id={id}
            value={filters.size}
            onChange={(e) => filters.setSize(Number(e.target.value))}
            className={control}
          >
            {PRODUCT_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <label className="col-span-2 flex items-center gap-2 py-2 text-sm font-medium text-slate-800 sm:col-span-1">
        <input
          type="checkbox"
          checked={filters.inStock}
          onChange={(e) => filters.setInStock(e.target.checked)}
          className="size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-500"
        />
        In stock only
      </label>
    </div>
  );
}

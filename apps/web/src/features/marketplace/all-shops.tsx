import { ChevronDown, MapPin } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Pagination } from '../../components/ui/pagination.tsx';
import { ProductSearchBox } from './product-search-box.tsx';
import { countFormat, ShopResults, ShopSearchControls } from './shop-discovery.tsx';
import { type ShopFilters, useShopFilters } from './use-shop-filters.ts';
import { SHOPS_PAGE_SIZE, useStoreCities, useStorePage } from './use-store-list.ts';

/** The city filter: every city with open shops (and the one in the address, should it have none now). */
function CitySelect({ filters }: { filters: ShopFilters }) {
  const id = useId();
  const cities = useStoreCities();
  const list = cities.data ?? [];
  const known = list.some((c) => c.city.toLowerCase() === filters.city.toLowerCase());
  const value = known
    ? (list.find((c) => c.city.toLowerCase() === filters.city.toLowerCase())?.city ?? '')
    : filters.city;
  return (
    <div className="relative sm:w-56">
      <label htmlFor={id} className="sr-only">
        City
      </label>
      <MapPin
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
      />
      <select
        id={id}
        value={value}
        onChange={(e) => filters.setCity(e.target.value)}
        className="w-full appearance-none rounded-full border border-slate-300 bg-white py-3 pr-10 pl-11 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        <option value="">All cities</option>
        {!known && filters.city ? <option value={filters.city}>{filters.city}</option> : null}
        {list.map((c) => (
          <option key={c.city} value={c.city}>
            {c.city} ({countFormat.format(c.count)})
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/**
 * Every open shop on the marketplace, best rated first: search, category and city filters and the page in
 * the URL (each change is a history entry, so Back returns to the previous one), a real count and paging.
 */
export function AllShops() {
  const filters = useShopFilters({ history: 'push' });
  const { search, category, city, page, setPage } = filters;
  const list = useStorePage({ search, category, city }, page);
  const resultsRef = useRef<HTMLDivElement>(null);
  const total = list.data?.count ?? 0;
  const shown = list.data?.results.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SHOPS_PAGE_SIZE));
  const settled = !!list.data && !list.isPlaceholderData;

  // A page past the last one (an old link, or shops closed since): show the last page instead.
  useEffect(() => {
    if (settled && total > 0 && page > pageCount) setPage(pageCount, { replace: true });
  }, [settled, total, page, pageCount, setPage]);

  const goTo = (next: number) => {
    setPage(next);
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const first = ((list.data?.page ?? page) - 1) * SHOPS_PAGE_SIZE + 1;
  return (
    <div className="bg-slate-50 px-4 pt-28 pb-20 sm:px-6 sm:pt-32 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">All Shops</h1>
          <p className="mt-3 text-slate-600">
            Every shop open on Haat, best rated first. Search by name, or narrow down by category and city.
          </p>
        </div>

        <div className="mx-auto mt-6 max-w-2xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="mb-3 text-center text-sm font-medium text-slate-700">
            Looking for something to buy? Search the products of every shop:
          </p>
          <ProductSearchBox />
        </div>

        <div className="mt-8">
          <ShopSearchControls filters={filters} extra={<CitySelect filters={filters} />} />
        </div>

        <div ref={resultsRef} className="mt-10 scroll-mt-24">
          {shown > 0 ? (
            <p aria-live="polite" data-testid="shop-count" className="mb-4 text-sm text-slate-600">
              {total === 1
                ? '1 shop'
                : `Showing ${countFormat.format(first)}–${countFormat.format(first + shown - 1)} of ${countFormat.format(total)} shops`}
            </p>
          ) : null}
          <ShopResults query={list} filters={filters}>
            <Pagination page={Math.min(page, pageCount)} pageCount={pageCount} onPage={goTo} />
          </ShopResults>
        </div>
      </div>
    </div>
  );
}

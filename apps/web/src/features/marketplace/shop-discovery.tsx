import type { StoreCard } from '@haat/contracts';
import { ArrowRight, Search, Store } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Link } from '../../lib/router.tsx';
import { ShopCard } from './shop-card.tsx';
import { CATEGORY_CHOICES, type ShopFilters, useShopFilters } from './use-shop-filters.ts';
import { SHOPS_ERROR_MESSAGE, useStorePage } from './use-store-list.ts';

export const countFormat = new Intl.NumberFormat('en-IN');

/** The search box and the category chips; `extra` sits beside them (the All Shops page's city filter). */
export function ShopSearchControls({ filters, extra }: { filters: ShopFilters; extra?: ReactNode }) {
  const searchId = useId();
  return (
    <search className="flex flex-col gap-4">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search shops
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={filters.searchText}
            onChange={(e) => filters.setSearchText(e.target.value)}
            placeholder="Search shops by name"
            autoComplete="off"
            enterKeyHint="search"
            className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-11 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        {extra}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div role="group" aria-label="Filter by category" className="flex flex-wrap justify-center gap-2">
        {CATEGORY_CHOICES.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={filters.category === c}
            onClick={() => filters.setCategory(c)}
            className={`rounded-full px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
              filters.category === c
                ? 'bg-brand-700 text-white shadow-sm'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-700'
            }`}
          >
            {c}
          </button>
        ))}
      </div>
    </search>
  );
}

/**
 * Loading, failure and empty states of a shop list, or the grid. The empty state offers to clear the filters
 * when there are any.
 */
export function ShopResults({
  query,
  filters,
  children,
}: {
  query: ReturnType<typeof useStorePage>;
  filters: ShopFilters;
  /** Shown under the grid (paging, a link on). */
  children?: ReactNode;
}) {
  const stores = query.data?.results ?? [];
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-center text-slate-600">
        <Spinner className="size-5 text-brand-600" />
        Hang tight! We're finding the perfect store near by you...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-slate-700">{SHOPS_ERROR_MESSAGE}</p>
        <button type="button" onClick={() => query.refetch()} className={buttonStyles.secondary}>
          Try again
        </button>
      </div>
    );
  }
  if (stores.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <Store aria-hidden className="size-12 text-slate-300" />
        <h3 className="text-xl font-semibold text-slate-900">No Shops Found</h3>
        <p className="max-w-sm text-slate-600">
          We couldn't find shops matching your search. Try changing the location or category.
        </p>
        {filters.filtered ? (
          <button type="button" onClick={filters.clearFilters} className={buttonStyles.secondary}>
            Clear filters
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ShopGrid stores={stores} busy={query.isPlaceholderData} />
      {query.isError ? (
        <p role="alert" className="mt-6 text-center text-sm text-red-700">
          {SHOPS_ERROR_MESSAGE}
        </p>
      ) : null}
      {children}
    </>
  );
}

export function ShopGrid({ stores, busy }: { stores: StoreCard[]; busy: boolean }) {
  return (
    <ul
      aria-label="Shops"
      aria-busy={busy}
      className={`grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-3 ${
        busy ? 'opacity-60 transition-opacity' : ''
      }`}
    >
      {stores.map((store) => (
        <ShopCard key={store.id} store={store} />
      ))}
    </ul>
  );
}

/** Where "View All Shops" goes: the All Shops page with the landing page's search and category. */
export function allShopsHref(filters: Pick<ShopFilters, 'search' | 'category'>) {
  const q = new URLSearchParams();
  if (filters.search) q.set('q', filters.search);
  if (filters.category !== 'All') q.set('category', filters.category);
  return q.size ? `/shops?${q}` : '/shops';
}

/**
 * The marketplace on the landing page: search, category chips and the best-rated matching shops
 * (server-filtered), with View All Shops leading to the full list on /shops.
 */
export function ShopDiscovery({ id = 'explore-shops' }: { id?: string }) {
  const filters = useShopFilters();
  const { search, category } = filters;
  const list = useStorePage({ search, category, city: '' }, 1);
  const headingId = useId();
  const shown = list.data?.results.length ?? 0;
  const total = list.data?.count ?? 0;

  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Explore Shops
          </h2>
          <p className="mt-3 text-slate-600">
            Discover local businesses selling on Haat and order straight from their own stores.
          </p>
        </div>

        <div className="mt-8">
          <ShopSearchControls filters={filters} />
        </div>

        <div className="mt-10">
          {shown > 0 ? (
            <p aria-live="polite" className="mb-4 text-sm text-slate-600">
              Showing {countFormat.format(shown)} of {countFormat.format(total)}{' '}
              {total === 1 ? 'shop' : 'shops'}
            </p>
          ) : null}
          <ShopResults query={list} filters={filters}>
            <div className="mt-10 flex justify-center">
              <Link to={allShopsHref(filters)} className={buttonStyles.primary}>
                View All Shops
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
          </ShopResults>
        </div>
      </div>
    </section>
  );
}

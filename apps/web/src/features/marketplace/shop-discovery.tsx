import { Search, Store } from 'lucide-react';
import { useId } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ShopCard } from './shop-card.tsx';
import { CATEGORY_CHOICES, useShopFilters } from './use-shop-filters.ts';
import { SHOPS_ERROR_MESSAGE, useStoreList } from './use-store-list.ts';

const count = new Intl.NumberFormat('en-IN');

/** The marketplace on the landing page: search, category chips and the shop grid (server-filtered). */
export function ShopDiscovery({ id = 'explore-shops' }: { id?: string }) {
  const filters = useShopFilters();
  const { search, category } = filters;
  const list = useStoreList({ search, category });
  const headingId = useId();
  const searchId = useId();

  const stores = list.data?.pages.flatMap((p) => p.results) ?? [];
  const total = list.data?.pages.at(-1)?.count ?? 0;
  const filtered = search !== '' || category !== 'All';

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

        <search className="mt-8 flex flex-col gap-4">
          <div className="relative mx-auto w-full max-w-xl">
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
          {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
          <div role="group" aria-label="Filter by category" className="flex flex-wrap justify-center gap-2">
            {CATEGORY_CHOICES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => filters.setCategory(c)}
                className={`rounded-full px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  category === c
                    ? 'bg-brand-600 text-white shadow-sm'
                    : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-700'
                }`}
              >
                {c}
              </button>
            ))}
          </div>
        </search>

        <div className="mt-10">
          {list.isPending ? (
            <p
              role="status"
              className="flex items-center justify-center gap-2 py-16 text-center text-slate-600"
            >
              <Spinner className="size-5 text-brand-600" />
              Hang tight! We're finding the perfect store near by you...
            </p>
          ) : list.isError && stores.length === 0 ? (
            <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
              <p className="text-slate-700">{SHOPS_ERROR_MESSAGE}</p>
              <button type="button" onClick={() => list.refetch()} className={buttonStyles.secondary}>
                Try again
              </button>
            </div>
          ) : stores.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-16 text-center">
              <Store aria-hidden className="size-12 text-slate-300" />
              <h3 className="text-xl font-semibold text-slate-900">No Shops Found</h3>
              <p className="max-w-sm text-slate-600">
                We couldn't find shops matching your search. Try changing the location or category.
              </p>
              {filtered ? (
                <button type="button" onClick={filters.clearFilters} className={buttonStyles.secondary}>
                  Show all shops
                </button>
              ) : null}
            </div>
          ) : (
            <>
              <p aria-live="polite" className="mb-4 text-sm text-slate-600">
                Showing {count.format(stores.length)} of {count.format(total)}{' '}
                {total === 1 ? 'shop' : 'shops'}
              </p>
              <ul
                aria-label="Shops"
                aria-busy={list.isPlaceholderData}
                className={`grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-3 ${
                  list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''
                }`}
              >
                {stores.map((store) => (
                  <ShopCard key={store.id} store={store} />
                ))}
              </ul>
              {list.isFetchNextPageError ? (
                <p role="alert" className="mt-6 text-center text-sm text-red-700">
                  {SHOPS_ERROR_MESSAGE}
                </p>
              ) : null}
              {list.hasNextPage ? (
                <div className="mt-10 flex justify-center">
                  <button
                    type="button"
                    onClick={() => list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                    className={buttonStyles.primary}
                  >
                    {list.isFetchingNextPage ? <Spinner /> : null}
                    {list.isFetchingNextPage ? 'Loading more shops...' : 'View All Shops'}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

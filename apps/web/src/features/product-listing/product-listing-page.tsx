import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useShopHead } from '../../components/ui/use-shop-head.ts';
import { ApiError } from '../../lib/api.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { ProductCard } from '../products/index.ts';
import { FilterPanel } from './filter-panel.tsx';
import {
  type ListingState,
  PAGE_SIZES,
  priceRangeError,
  readListing,
  SORT_LABELS,
  type Sort,
  writeListing,
} from './listing-params.ts';
import { ProductGridSkeleton } from './product-grid-skeleton.tsx';
import { SearchBox } from './search-box.tsx';
import { useProductList, useShopCategories, useShopOptions } from './use-listing.ts';

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-500';

/** The server's words for a bad price range (400, issue on min_price), shown by the price fields. */
function priceErrorOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const issue = err.envelope?.error.issues?.find((i) => /price/.test(i.path));
  return issue?.message ?? null;
}

/** "Showing 1–12 of 22 products", "Showing 1 of 1 product". */
function showingText(from: number, to: number, total: number) {
  if (!total) return 'No products';
  const noun = total === 1 ? 'product' : 'products';
  return from === to ? `Showing ${from} of ${total} ${noun}` : `Showing ${from}–${to} of ${total} ${noun}`;
}

const firstPageHref = (base: string, state: ListingState) => {
  const q = writeListing({ ...state, page: 1 }).toString();
  return `${paths.shop.products(base)}${q ? `?${q}` : ''}`;
};

/** An address past the last page (an old link, a typed number): say so and lead back to page 1. */
function PastLastPage({ page, firstPage }: { page: number; firstPage: string }) {
  return (
    <div className="mt-10 flex flex-col items-center gap-3 text-center">
      <h2 className="text-lg font-semibold text-slate-900">There is no page {page}</h2>
      <p className="text-sm text-slate-600">The list ends before this page.</p>
      <Link to={firstPage} className={buttonStyles.primary}>
        Go to page 1
      </Link>
    </div>
  );
}

/** Sort by and Per page, above the grid. */
function SortAndSize({
  state,
  onChange,
}: {
  state: ListingState;
  onChange: (patch: Partial<ListingState>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Sort by
        <select
          value={state.sort}
          onChange={(e) => onChange({ sort: e.target.value as Sort })}
          className={selectClass}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Per page
        <select
          value={state.size}
          onChange={(e) => onChange({ size: Number(e.target.value) })}
          className={selectClass}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** /products: search, filters, sort and pages, every choice kept in the address so Back restores it. */
export function ProductListingPage({ slug, base }: { slug: string; base: string }) {
  // The head the server wrote for the listing (shopPageHead), kept after hydration.
  const store = useHost().store;
  useShopHead((seo) => (store ? seo.shopPageHead(store, 'listing') : null));
  const [params, setParams] = useSearchParams();
  const state = readListing(params);
  const [drawer, setDrawer] = useState(false);
  const list = useProductList(slug, state);
  const categories = useShopCategories(slug);
  const options = useShopOptions(slug);

  const update = useCallback(
    (patch: Partial<ListingState>) => {
      const next = { ...readListing(params), page: 1, ...patch };
      setParams(writeListing(next));
      if (patch.page) window.scrollTo({ top: 0 });
    },
    [params, setParams],
  );

  const rangeError = priceRangeError(state.min, state.max);
  const priceError = rangeError ?? priceErrorOf(list.error);
  const data = list.isError ? undefined : list.data;
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / state.size));
  const from = total ? (data?.offset ?? 0) + 1 : 0;
  const to = Math.min(total, (data?.offset ?? 0) + (data?.items.length ?? 0));
  // A page number past the last page (an old link, a typed address): the server sends no items and no total.
  const pastEnd = !!data && state.page > 1 && data.items.length === 0;
  const filtered = !!(
    state.q ||
    state.category ||
    state.min != null ||
    state.max != null ||
    state.rating ||
    state.option
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">All Products</h1>
      <div className="mt-4 flex gap-2">
        <SearchBox value={state.q} onSearch={(q) => update({ q })} />
        <button
          type="button"
          className={`${buttonStyles.secondary} px-3 lg:hidden`}
          onClick={() => setDrawer(true)}
          aria-expanded={drawer}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters
        </button>
      </div>
      <div className="mt-6 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
        <FilterPanel
          state={state}
          categories={categories.data}
          options={options.data}
          priceError={priceError}
          open={drawer}
          onClose={() => setDrawer(false)}
          onChange={update}
        />
        <section aria-label="Products" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {data && !pastEnd ? showingText(from, to, total) : '\u00a0'}
            </p>
            <SortAndSize state={state} onChange={update} />
          </div>

          {list.isError && !priceError ? (
            <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
              <p className="font-semibold text-red-800">We couldn't load the products.</p>
              <button
                type="button"
                className={`${buttonStyles.secondary} mt-3`}
                onClick={() => list.refetch()}
              >
                Try again
              </button>
            </div>
          ) : list.isError || (rangeError && !data) ? null : !data ? (
            <ProductGridSkeleton count={state.size > 12 ? 12 : state.size} />
          ) : data.items.length ? (
            <ul
              aria-busy={list.isPlaceholderData}
              className={`mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:gap-6 xl:grid-cols-4 ${
                list.isPlaceholderData ? 'opacity-60' : ''
              }`}
            >
              {data.items.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} base={base} headingLevel={2} priority={i < 2} />
                </li>
              ))}
            </ul>
          ) : pastEnd ? (
            <PastLastPage page={state.page} firstPage={firstPageHref(base, state)} />
          ) : (
            <div className="mt-10 flex flex-col items-center gap-3 text-center">
              <h2 className="text-lg font-semibold text-slate-900">No products found</h2>
              <p className="text-sm text-slate-600">
                {filtered ? 'Try other words or fewer filters.' : 'This shop has no products yet.'}
              </p>
              {filtered ? (
                <button
                  type="button"
                  className={buttonStyles.primary}
                  onClick={() => setParams(new URLSearchParams())}
                >
                  Clear filters
                </button>
              ) : null}
            </div>
          )}
          {data && !pastEnd ? (
            <Pagination page={state.page} pageCount={pageCount} onPage={(page) => update({ page })} />
          ) : null}
        </section>
      </div>
    </div>
  );
}

import { ArrowRight, PackageSearch, Search } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Link } from '../../lib/router.tsx';
import { ProductResultCard, type ResultHeart } from './product-result-card.tsx';
import { ProductSearchFilterBar } from './product-search-filters.tsx';
import { countFormat, ShopGrid } from './shop-discovery.tsx';
import {
  PRODUCTS_ERROR_MESSAGE,
  type ProductSearchFilters,
  useProductSearch,
  useProductSearchFilters,
} from './use-product-search.ts';
import { useStorePage } from './use-store-list.ts';

/** The search box of the results page: it searches as the shopper types (debounced), or at once on Enter. */
function SearchField({ filters }: { filters: ProductSearchFilters }) {
  const id = useId();
  return (
    <search aria-label="Products in every shop" className="relative mx-auto w-full max-w-2xl">
      <label htmlFor={id} className="sr-only">
        Search products in every shop
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        value={filters.searchText}
        onChange={(e) => filters.setSearchText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') filters.setSearchText(e.currentTarget.value, true);
        }}
        placeholder="Search products, e.g. kurta or darjeeling tea"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-11 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </search>
  );
}

/** Nothing matched: say so, offer to clear the filters, and suggest shops (same category and city, else the best). */
function NoProducts({ filters }: { filters: ProductSearchFilters }) {
  const shops = useStorePage({ search: '', category: filters.category, city: filters.city }, 1);
  const suggested = shops.data?.results.slice(0, 3) ?? [];
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <PackageSearch aria-hidden className="size-12 text-slate-300" />
      <h2 className="text-xl font-semibold text-slate-900">No products found</h2>
      <p className="max-w-md text-slate-600">
        {filters.search
          ? `Nothing in the open shops matches “${filters.search}”${filters.filtered ? ' with these filters' : ''}.`
          : 'Nothing in the open shops matches these filters.'}{' '}
        Try other words, or look around these shops.
      </p>
      {filters.filtered ? (
        <button type="button" onClick={filters.clearFilters} className={buttonStyles.secondary}>
          Clear filters
        </button>
      ) : null}
      {suggested.length ? (
        <section aria-label="Shops you might like" className="mt-6 w-full text-left">
          <h3 className="mb-4 text-center text-lg font-semibold text-slate-900">Shops you might like</h3>
          <ShopGrid stores={suggested} busy={false} />
          <div className="mt-6 flex justify-center">
            <Link to="/shops" className={buttonStyles.primary}>
              View All Shops
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function Results({ filters, heart }: { filters: ProductSearchFilters; heart?: ResultHeart }) {
  const { search, category, city, minPrice, maxPrice, rating, inStock, sort, page: at, size } = filters;
  const query = useProductSearch({
    search,
    category,
    city,
    minPrice,
    maxPrice,
    rating,
    inStock,
    sort,
    page: at,
    size,
  });
  const resultsRef = useRef<HTMLDivElement>(null);
  const total = query.data?.count ?? 0;
  const more = !!query.data?.count_capped;
  const results = query.data?.results ?? [];
  // The search counts the matches up to its page (exact on the last one) and says whether more follow: one page
  // more than those counted while they do.
  const pageCount = Math.max(1, Math.ceil(total / filters.size) + (more ? 1 : 0));
  const settled = !!query.data && !query.isPlaceholderData;
  const { page, setPage } = filters;

  // A page past the last one (an old link, or products gone since): show the last page instead.
  useEffect(() => {
    if (settled && total > 0 && page > pageCount) setPage(pageCount, { replace: true });
  }, [settled, total, page, pageCount, setPage]);

  if (query.isPending)
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
        <Spinner className="size-5 text-brand-600" />
        Searching every shop…
      </p>
    );
  if (query.isError && !query.data)
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-slate-700">{PRODUCTS_ERROR_MESSAGE}</p>
        <button type="button" onClick={() => query.refetch()} className={buttonStyles.secondary}>
          Try again
        </button>
      </div>
    );
  if (results.length === 0) return <NoProducts filters={filters} />;
  const first = ((query.data?.page ?? page) - 1) * filters.size + 1;
  return (
    <div ref={resultsRef} className="scroll-mt-24">
      <p aria-live="polite" data-testid="product-count" className="mb-4 text-sm text-slate-600">
        {total === 1 && !more
          ? '1 product'
          : `Showing ${countFormat.format(first)}–${countFormat.format(first + results.length - 1)} of ${more ? 'more than ' : ''}${countFormat.format(total)} products`}
      </p>
      <ul
        aria-label="Products"
        aria-busy={query.isPlaceholderData}
        className={`grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4 ${
          query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''
        }`}
      >
        {results.map((p) => (
          <ProductResultCard key={p.id} product={p} heart={heart} />
        ))}
      </ul>
      <Pagination
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
        onPage={(next) => {
          setPage(next);
          resultsRef.current?.scrollIntoView({ block: 'start' });
        }}
      />
    </div>
  );
}

/**
 * /search on the main domain: products of every open shop, searched across shops, with filters, sorts and pages
 * in the URL. A result opens on its shop's own address.
 */
export function ProductSearch({ heart }: { heart?: ResultHeart }) {
  const filters = useProductSearchFilters();
  return (
    <div className="bg-slate-50 px-4 pt-24 pb-20 sm:px-6 sm:pt-28 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {filters.search ? `Results for “${filters.search}”` : 'Products in every shop'}
          </h1>
          <p className="mt-2 text-sm text-slate-600 sm:text-base">
            Search every shop open on Haat at once, then buy on the shop’s own site.
          </p>
        </div>
        <div className="mt-6">
          <SearchField filters={filters} />
        </div>
        <div className="mt-6">
          <ProductSearchFilterBar filters={filters} />
        </div>
        <div className="mt-6">
          <Results filters={filters} heart={heart} />
        </div>
      </div>
    </div>
  );
}

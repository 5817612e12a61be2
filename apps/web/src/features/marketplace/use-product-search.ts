import type { MarketplaceProductData, MarketplaceSort } from '@haat/contracts';
import { PRODUCT_PAGE_SIZES, SHOP_CATEGORIES } from '@haat/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryApi } from '../../lib/api.ts';
import { keepPreviousData, useQuery } from '../../lib/query.ts';
import { useSearchParams } from '../../lib/router.tsx';
import type { CategoryFilter } from './use-store-list.ts';

/** Products per page: 12 (three rows of four on a desktop) unless the shopper picks 24 or 48, as on a shop's listing. */
export const PRODUCTS_PAGE_SIZE = PRODUCT_PAGE_SIZES[0];
export const PRODUCTS_ERROR_MESSAGE = 'Failed to fetch products. Please try again later.';
const DEBOUNCE_MS = 300;

export const SORT_CHOICES: { value: MarketplaceSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
];
export const RATING_CHOICES = [4, 3, 2] as const;

const price = (v: string | null) => {
  const n = Number(v);
  return v && Number.isFinite(n) && n >= 0 ? String(n) : '';
};
const page = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

type Key = 'q' | 'category' | 'city' | 'min' | 'max' | 'rating' | 'stock' | 'sort' | 'page' | 'size';

/** What the URL of /search says: ?q=&category=&city=&min=&max=&rating=&stock=1&sort=&page=&size=. */
function readParams(params: URLSearchParams) {
  const category: CategoryFilter =
    SHOP_CATEGORIES.find((c) => c.toLowerCase() === params.get('category')?.toLowerCase()) ?? 'All';
  const rating = Number(params.get('rating'));
  return {
    search: params.get('q')?.trim() ?? '',
    category,
    city: params.get('city')?.trim() ?? '',
    minPrice: price(params.get('min')),
    maxPrice: price(params.get('max')),
    rating: RATING_CHOICES.includes(rating as 4) ? rating : 0,
    inStock: params.get('stock') === '1',
    sort: SORT_CHOICES.find((s) => s.value === params.get('sort'))?.value ?? 'relevance',
    page: page(params.get('page')),
    size: (PRODUCT_PAGE_SIZES as readonly number[]).includes(Number(params.get('size')))
      ? Number(params.get('size'))
      : PRODUCTS_PAGE_SIZE,
  };
}
export type ProductSearchState = ReturnType<typeof readParams>;

/**
 * The product search's filters live in the URL (each change a history entry, so Back returns to the previous
 * one); a filter change goes back to page 1; the search box is debounced before it reaches the URL.
 */
export function useProductSearchFilters() {
  const [params, setParams] = useSearchParams();
  const state = readParams(params);
  const [searchText, setSearchTextState] = useState(state.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const write = useCallback(
    (changes: Partial<Record<Key, string | null>>, opts: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: opts.replace ?? false, preventScrollReset: true },
      ),
    [setParams],
  );

  useEffect(() => {
    setSearchTextState((current) => (current.trim() === state.search ? current : state.search));
  }, [state.search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearchText = (text: string, now = false) => {
    setSearchTextState(text);
    clearTimeout(timer.current);
    const apply = () => {
      if (text.trim() !== state.search) write({ q: text.trim() || null });
    };
    if (now) apply();
    else timer.current = setTimeout(apply, DEBOUNCE_MS);
  };

  return {
    ...state,
    searchText,
    setSearchText,
    filtered:
      state.category !== 'All' ||
      !!state.city ||
      !!state.minPrice ||
      !!state.maxPrice ||
      state.rating > 0 ||
      state.inStock,
    setCategory: (c: CategoryFilter) => write({ category: c === 'All' ? null : c }),
    setCity: (c: string) => write({ city: c || null }),
    setPriceRange: (min: string, max: string) => write({ min: min || null, max: max || null }),
    setRating: (r: number) => write({ rating: r ? String(r) : null }),
    setInStock: (on: boolean) => write({ stock: on ? '1' : null }),
    setSort: (s: MarketplaceSort) => write({ sort: s === 'relevance' ? null : s }),
    setSize: (n: number) => write({ size: n === PRODUCTS_PAGE_SIZE ? null : String(n) }),
    setPage: (p: number, opts?: { replace?: boolean }) => write({ page: p > 1 ? String(p) : null }, opts),
    clearFilters: () =>
      write({ category: null, city: null, min: null, max: null, rating: null, stock: null }),
  };
}
export type ProductSearchFilters = ReturnType<typeof useProductSearchFilters>;

/** One page (1-based) of GET /api/store/get-store/products/, keeping the previous page shown while it loads. */
export function useProductSearch(state: ProductSearchState) {
  return useQuery({
    queryKey: ['marketplace', 'products', state],
    queryFn: async ({ signal }) => ({
      page: state.page,
      ...(await queryApi<MarketplaceProductData>('/api/store/get-store/products/', {
        query: {
          search: state.search || undefined,
          category: state.category === 'All' ? undefined : state.category,
          city: state.city || undefined,
          min_price: state.minPrice || undefined,
          max_price: state.maxPrice || undefined,
          rating: state.rating || undefined,
          in_stock: state.inStock ? 'true' : undefined,
          sort: state.sort,
          limit: state.size,
          offset: (state.page - 1) * state.size,
        },
        errorMessage: PRODUCTS_ERROR_MESSAGE,
        signal,
      })),
    }),
    placeholderData: keepPreviousData,
  });
}

/** Where a product search goes: /search with the words typed. */
export const productSearchHref = (text: string) => {
  const q = text.trim();
  return q ? `/search?${new URLSearchParams({ q })}` : '/search';
};

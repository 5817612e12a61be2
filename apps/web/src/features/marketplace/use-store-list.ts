import type { ShopCategory, StoreCard } from '@haat/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { queryApi } from '../../lib/api.ts';

/** Shops per request; "View All Shops" pages on by this much until every shop is shown. */
export const SHOPS_PAGE_SIZE = 6;
export const SHOPS_ERROR_MESSAGE = 'Failed to fetch shops. Please try again later.';

export type CategoryFilter = ShopCategory | 'All';

export interface StoreListFilters {
  search: string;
  category: CategoryFilter;
}

/** One page of GET /api/store/get-store/. */
export interface StoreListPage {
  results: StoreCard[];
  count: number;
}

export const storeListKey = (filters: StoreListFilters) => ['marketplace', 'stores', filters] as const;

/** The marketplace's shop list: search and category filter on the server, offset paging. */
export function useStoreList(filters: StoreListFilters) {
  return useInfiniteQuery({
    queryKey: storeListKey(filters),
    queryFn: ({ pageParam, signal }) =>
      queryApi<StoreListPage>('/api/store/get-store/', {
        query: {
          search: filters.search || undefined,
          // 'All' means no category filter.
          category: filters.category === 'All' ? undefined : filters.category,
          limit: SHOPS_PAGE_SIZE,
          offset: pageParam,
        },
        errorMessage: SHOPS_ERROR_MESSAGE,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.results.length, 0);
      return last.results.length > 0 && loaded < last.count ? loaded : undefined;
    },
    // Keep showing the previous shops (dimmed) while a new search loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

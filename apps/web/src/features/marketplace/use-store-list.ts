import type { ShopCategory, StoreCard, StoreCities } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';
import { keepPreviousData, useQuery } from '../../lib/query.ts';

/** Shops per page (two rows of three on a desktop). */
export const SHOPS_PAGE_SIZE = 6;
export const SHOPS_ERROR_MESSAGE = 'Failed to fetch shops. Please try again later.';

export type CategoryFilter = ShopCategory | 'All';

export interface StoreListFilters {
  search: string;
  category: CategoryFilter;
  /** '' for every city. */
  city: string;
}

/** One page of GET /api/store/get-store/ (best rated first), with the page number it is. */
export interface StoreListPage {
  results: StoreCard[];
  count: number;
  /** 1-based; while another page loads, the shown (previous) data keeps its own number. */
  page: number;
}

export const storeListKey = (filters: StoreListFilters, page: number) =>
  ['marketplace', 'stores', filters, page] as const;

/** One page (1-based) of the marketplace's shops: search, category and city filtered on the server. */
export function useStorePage(filters: StoreListFilters, page: number) {
  return useQuery({
    queryKey: storeListKey(filters, page),
    queryFn: async ({ signal }): Promise<StoreListPage> => ({
      page,
      ...(await queryApi<Omit<StoreListPage, 'page'>>('/api/store/get-store/', {
        query: {
          search: filters.search || undefined,
          // 'All' means no category filter.
          category: filters.category === 'All' ? undefined : filters.category,
          city: filters.city || undefined,
          limit: SHOPS_PAGE_SIZE,
          offset: (page - 1) * SHOPS_PAGE_SIZE,
        },
        errorMessage: SHOPS_ERROR_MESSAGE,
        signal,
      })),
    }),
    // Keep showing the previous shops (dimmed) while a new search or page loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

/** The cities that have open shops, for the city filter. */
export function useStoreCities() {
  return useQuery({
    queryKey: ['marketplace', 'cities'],
    queryFn: ({ signal }) =>
      queryApi<StoreCities>('/api/store/get-store/cities/', {
        signal,
        silent: true,
      }),
    staleTime: 5 * 60_000,
  });
}

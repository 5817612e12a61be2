import type { ProductCard, ProductOption } from '@haat/contracts';
import { usePageStart } from '../../app/initial-data.ts';
import { queryApi } from '../../lib/api.ts';
import { keepPreviousData, useQuery } from '../../lib/query.ts';
import { fetchPage } from './fetch-page.ts';
import { type ListingState, priceRangeError, toServerQuery } from './listing-params.ts';

export interface ShopCategory {
  id: string;
  name: string;
  sub_categories: { id: string; name: string }[];
}

/** One page of the shop's products for the listing's filters (the previous page stays while the next loads). */
export function useProductList(slug: string, state: ListingState) {
  const query = toServerQuery(state);
  const start = usePageStart();
  return useQuery({
    queryKey: ['products', slug, query],
    // The page remembers its own offset: while the next page loads, the count still describes what is shown.
    queryFn: async ({ signal }) => ({
      ...(await fetchPage<ProductCard>('/api/store/stores/product', query, slug, signal)),
      offset: query.offset,
    }),
    // The page the address asks for, when the server sent that very page with the HTML.
    initialData: () => {
      const sent = start.listing(slug, query);
      return sent && { ...sent, offset: query.offset };
    },
    initialDataUpdatedAt: start.at,
    placeholderData: keepPreviousData,
    retry: false,
    // A price range the server would refuse is never sent: the filter says what is wrong.
    enabled: !priceRangeError(state.min, state.max),
  });
}

export function useShopCategories(slug: string) {
  const start = usePageStart();
  return useQuery({
    queryKey: ['product-categories', slug],
    queryFn: ({ signal }) =>
      queryApi<ShopCategory[]>('/api/store/stores/product/get-store-product-category/', {
        storeOrigin: slug,
        signal,
        errorMessage: 'Failed to fetch categories',
      }),
    initialData: () => start.categories(slug),
    initialDataUpdatedAt: start.at,
    staleTime: 5 * 60_000,
  });
}

/** The sizes, colours and packs the shop's products come in (none: the filter is not shown). */
export function useShopOptions(slug: string) {
  const start = usePageStart();
  return useQuery({
    queryKey: ['product-options', slug],
    queryFn: ({ signal }) =>
      queryApi<ProductOption[]>('/api/store/stores/product/product-options/', {
        storeOrigin: slug,
        signal,
        errorMessage: 'Failed to fetch options',
      }),
    initialData: () => start.options(slug),
    initialDataUpdatedAt: start.at,
    staleTime: 5 * 60_000,
  });
}

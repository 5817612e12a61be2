import type { StoreHome } from '@haat/contracts';
import { usePageStart } from '../../app/initial-data.ts';
import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';

export const storeHomeKey = (slug: string) => ['store-home', slug] as const;

/** Everything the shop's home page shows (sections, featured products, deals, upcoming sales), in one call. */
export function useStoreHome(slug: string) {
  const start = usePageStart();
  return useQuery({
    queryKey: storeHomeKey(slug),
    queryFn: ({ signal }) =>
      queryApi<StoreHome>('/api/store/stores/home/', {
        storeOrigin: slug,
        signal,
        errorMessage: 'Failed to fetch store data',
      }),
    // Sent with the page by the server when this shop is open (the same answer as the call).
    initialData: () => start.home(slug),
    initialDataUpdatedAt: start.at,
  });
}

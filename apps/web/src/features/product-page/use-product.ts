import type { ProductDetail } from '@haat/contracts';
import { usePageStart } from '../../app/initial-data.ts';
import { ApiError, queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';

export const productPath = (id: string) => `/api/store/stores/product/${encodeURIComponent(id)}`;

/** 404 (an unknown id, or another shop's product) is shown as "Product not found", not as a toast. */
export function useProduct(slug: string, id: string) {
  const start = usePageStart();
  return useQuery({
    queryKey: ['product', slug, id],
    queryFn: ({ signal }) =>
      queryApi<ProductDetail>(productPath(id), { storeOrigin: slug, signal, silent: true }),
    initialData: () => start.product(slug, id),
    initialDataUpdatedAt: start.at,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

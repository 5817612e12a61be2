import type { ProductCard, ProductDetail, ReviewAnalytics } from '@haat/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { usePageStart } from '../../app/initial-data.ts';
import { ApiError, queryApi } from '../../lib/api.ts';
import { fetchPage } from '../product-listing/index.ts';

export interface Review {
  id: string;
  name: string;
  start_rating: number;
  description: string | null;
  created_at: string;
  is_verified_customer: boolean;
}

export const REVIEWS_PAGE = 10;
export const SIMILAR_LIMIT = 8;
const productPath = (id: string) => `/api/store/stores/product/${encodeURIComponent(id)}`;

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

export function useReviewAnalytics(slug: string, id: string) {
  return useQuery({
    queryKey: ['product-review-analytics', slug, id],
    queryFn: ({ signal }) =>
      queryApi<ReviewAnalytics>(`${productPath(id)}/product-reviews-analytic/`, {
        storeOrigin: slug,
        signal,
        silent: true,
      }),
  });
}

/** Reviews newest first, ten at a time ("Load more" asks for the next offset). */
export function useReviews(slug: string, id: string) {
  return useInfiniteQuery({
    queryKey: ['product-reviews', slug, id],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      fetchPage<Review>(
        `${productPath(id)}/product-reviews/`,
        { limit: REVIEWS_PAGE, offset: pageParam },
        slug,
        signal,
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
}

export function useSimilarProducts(slug: string, id: string) {
  return useQuery({
    queryKey: ['similar-products', slug, id],
    queryFn: ({ signal }) =>
      queryApi<ProductCard[]>(`${productPath(id)}/similar-product/`, {
        storeOrigin: slug,
        signal,
        query: { limit: SIMILAR_LIMIT },
        silent: true,
      }),
  });
}

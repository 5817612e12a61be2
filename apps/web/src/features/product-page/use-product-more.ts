import type { ProductCard, ReviewAnalytics } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';
import { useInfiniteQuery, useQuery } from '../../lib/query.ts';
import { fetchPage } from '../product-listing/index.ts';
import { productPath } from './use-product.ts';

// What is below a product (product-more.tsx): its ratings, reviews and similar products.

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

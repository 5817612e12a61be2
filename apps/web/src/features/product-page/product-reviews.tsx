import type { ReviewAnalytics } from '@haat/contracts';
import { BadgeCheck, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/format.ts';
import { useReviewAnalytics, useReviews } from './use-product-more.ts';

const STAR_ROWS = [
  [5, 'five_star_percentage'],
  [4, 'four_star_percentage'],
  [3, 'three_star_percentage'],
  [2, 'two_star_percentage'],
  [1, 'one_star_percentage'],
] as const;

function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  return (
    <span className="inline-flex" aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`${className} ${n <= Math.round(value) ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}

function Analytics({ data }: { data: ReviewAnalytics }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <p className="text-4xl font-bold text-slate-900">{data.average_rating.toFixed(1)}</p>
      <Stars value={data.average_rating} className="size-5" />
      <p className="mt-1 text-sm text-slate-600">
        <span className="sr-only">Average {data.average_rating.toFixed(1)} out of 5 from </span>
        {data.total_reviews} {data.total_reviews === 1 ? 'review' : 'reviews'}
      </p>
      <ul aria-label="Rating breakdown" className="mt-4 flex flex-col gap-2">
        {STAR_ROWS.map(([star, key]) => {
          const pct = Math.round(data[key]);
          return (
            <li key={star} className="flex items-center gap-2 text-sm text-slate-700">
              <span className="w-12 shrink-0">{star} star</span>
              <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right tabular-nums">{pct}%</span>
              <span className="sr-only">
                ({data.counts[star]} {data.counts[star] === 1 ? 'review' : 'reviews'})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The reviews section's frame: heading, the ratings at a glance beside (or above) the list. */
function ReviewsFrame({ summary, list }: { summary: ReactNode; list: ReactNode }) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-12">
      <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
        Customer reviews
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div>{summary}</div>
        <div>{list}</div>
      </div>
    </section>
  );
}

const RatingsLoading = () => (
  <div aria-hidden className="h-64 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
);

const ReviewsLoading = () => (
  <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
    <Spinner /> Loading reviews..
  </p>
);

/** Ratings at a glance (average, total, 5 to 1 star shares) and the reviews, newest first. */
export function ProductReviews({ slug, productId }: { slug: string; productId: string }) {
  const analytics = useReviewAnalytics(slug, productId);
  const reviews = useReviews(slug, productId);
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;

  return (
    <ReviewsFrame
      summary={
        analytics.data ? (
          <Analytics data={analytics.data} />
        ) : analytics.isError ? (
          <p className="text-sm text-slate-600">Ratings are unavailable right now.</p>
        ) : (
          <RatingsLoading />
        )
      }
      list={
        reviews.isPending ? (
          <ReviewsLoading />
        ) : reviews.isError ? (
          <p className="text-sm text-slate-600">Reviews are unavailable right now.</p>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No reviews yet
          </p>
        ) : (
          <>
            <ul aria-label="Reviews" className="divide-y divide-slate-200">
              {items.map((r) => (
                <li key={r.id} className="py-4 first:pt-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars value={r.start_rating} />
                    <span className="sr-only">Rated {r.start_rating} out of 5</span>
                    <span className="font-semibold text-slate-900">{r.name}</span>
                    {r.is_verified_customer ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
                        <BadgeCheck aria-hidden className="size-3.5" />
                        Verified buyer
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-xs text-slate-500">
                    <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                  </p>
                  {r.description ? <p className="mt-2 text-sm text-slate-700">{r.description}</p> : null}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-500">
              Showing {items.length} of {total} {total === 1 ? 'review' : 'reviews'}
            </p>
            {reviews.hasNextPage ? (
              <button
                type="button"
                className={`${buttonStyles.secondary} mt-3`}
                disabled={reviews.isFetchingNextPage}
                onClick={() => reviews.fetchNextPage()}
              >
                {reviews.isFetchingNextPage ? <Spinner /> : null}
                Load more reviews
              </button>
            ) : null}
          </>
        )
      }
    />
  );
}

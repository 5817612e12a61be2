import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';

/** The reviews section's frame: heading, the ratings at a glance beside (or above) the list. */
export function ReviewsFrame({ summary, list }: { summary: ReactNode; list: ReactNode }) {
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

export const RatingsLoading = () => (
  <div aria-hidden className="h-64 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
);

export const ReviewsLoading = () => (
  <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
    <Spinner /> Loading reviews..
  </p>
);

import type { CheckoutHold } from '@haat/contracts';
import { Clock } from 'lucide-react';
import { ApiError, queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

const HOLD_PATH = '/api/store/store-user/checkout-hold/';
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Opening checkout holds the selected items for the shopper for 10 minutes (decision 0030); opening it again keeps
 * the same hold and its end. Silent: the notice below says what happened.
 */
export function useCheckoutHold(slug: string) {
  return useQuery({
    queryKey: ['checkout-hold', slug],
    queryFn: () => queryApi<CheckoutHold>(HOLD_PATH, { method: 'POST', storeOrigin: slug, silent: true }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

const box = 'mb-4 flex flex-wrap items-center gap-2 rounded-lg p-3 text-sm ring-1';

/** The hold's countdown, or why the items could not be held (another shopper holds them), with a way to retry. */
export function HoldNotice({ hold }: { hold: ReturnType<typeof useCheckoutHold> }) {
  const left = useCountdown(hold.data?.hold_expires_at);
  const retry = (
    <button type="button" className="font-semibold underline" onClick={() => void hold.refetch()}>
      Try again
    </button>
  );
  if (hold.error) {
    return (
      <div role="alert" className={`${box} bg-amber-50 text-amber-900 ring-amber-200`}>
        {hold.error instanceof ApiError ? hold.error.message : "We couldn't hold your items."} {retry}
      </div>
    );
  }
  if (!left) return null;
  if (left.totalMs <= 0) {
    return (
      <div role="status" className={`${box} bg-slate-50 text-slate-800 ring-slate-200`}>
        Your hold has ended: other shoppers may buy these items now. {retry}
      </div>
    );
  }
  return (
    <div className={`${box} bg-brand-50 text-brand-900 ring-brand-200`}>
      <Clock aria-hidden className="size-4" />
      <span>
        Your items are held for you for{' '}
        <span role="timer" className="font-semibold tabular-nums">
          {left.minutes}:{two(left.seconds)}
        </span>
      </span>
    </div>
  );
}

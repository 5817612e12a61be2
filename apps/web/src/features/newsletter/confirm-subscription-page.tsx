import type { SubscriptionConfirmData } from '@haat/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';

/** Where a double opt-in link is opened: a shop's lists (store service) or the platform newsletter. */
export interface ConfirmTarget {
  endpoint: string;
  storeOrigin?: string | null;
  /** Where "Continue" leads: the shop's home or the main site. */
  homeHref: string;
  homeLabel: string;
}

/**
 * The page a confirmation mail's link opens (`?token=`): it sends the token once (a query, so a second render
 * does not spend it again) and says whether the address is now on the list. Mail scanners that fetch the link
 * run no script, so they cannot confirm anyone.
 */
export function ConfirmSubscriptionPage({ target }: { target: ConfirmTarget }) {
  useDocumentTitle('Confirm your subscription');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useQuery({
    queryKey: ['subscription-confirm', target.endpoint, token],
    queryFn: () =>
      queryApi<SubscriptionConfirmData>(target.endpoint, {
        method: 'POST',
        body: { token },
        storeOrigin: target.storeOrigin,
        silent: true,
      }),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  const data = confirm.data;
  const failed = !token || confirm.isError;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center">
      {failed ? (
        <>
          <CircleAlert aria-hidden className="size-10 text-red-600" />
          <h1 className="text-2xl font-semibold text-slate-900">This link has expired or was already used</h1>
          <p className="text-slate-600">
            Links work once, for 7 days. Sign up again and we will mail you a new one.
          </p>
        </>
      ) : data ? (
        <>
          <CircleCheck aria-hidden className="size-10 text-green-700" />
          <h1 className="text-2xl font-semibold text-slate-900">
            {data.list === 'NEWSLETTER' ? "You're subscribed" : "You're on the list"}
          </h1>
          <p className="break-words text-slate-600">
            {data.list === 'SALE'
              ? `We'll email ${data.email} once, when ${data.sale_title ?? 'the sale'} starts.`
              : data.list === 'STOCK'
                ? `We'll email ${data.email} once, when ${data.product_name ?? 'it'} is back in stock.`
                : `We'll send news to ${data.email}.`}
          </p>
        </>
      ) : (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Confirming your subscription..
        </p>
      )}
      {failed || data ? (
        <Link to={target.homeHref} className={buttonStyles.primary}>
          {target.homeLabel}
        </Link>
      ) : null}
    </section>
  );
}

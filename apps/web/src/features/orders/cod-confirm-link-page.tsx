import { CircleAlert, CircleCheck } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';

type Confirmed = { order_id: string; order_number: string; confirmed: boolean };

/**
 * The one-tap link of a cash-on-delivery confirmation mail (`?token=`): sends the token once and says whether
 * the order is confirmed. No sign-in is needed; mail scanners that fetch the link run no script.
 */
export function CodConfirmLinkPage({
  slug,
  base,
  storeName,
}: {
  slug: string;
  base: string;
  storeName: string;
}) {
  useDocumentTitle('Confirm your order');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useQuery({
    queryKey: ['cod-confirm-link', slug, token],
    queryFn: () =>
      queryApi<Confirmed>('/api/store/order/confirm-cod/', {
        method: 'POST',
        body: { token },
        storeOrigin: slug,
        silent: true,
      }),
    enabled: token.length >= 20,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const data = confirm.data;
  const failed = token.length < 20 || confirm.isError;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center">
      {failed ? (
        <>
          <CircleAlert aria-hidden className="size-10 text-red-600" />
          <h1 className="text-2xl font-semibold text-slate-900">
            This link has expired or the order was cancelled
          </h1>
          <p className="text-slate-600">Open the order in Your Orders to see where it stands.</p>
        </>
      ) : data ? (
        <>
          <CircleCheck aria-hidden className="size-10 text-green-700" />
          <h1 className="text-2xl font-semibold text-slate-900">Order {data.order_number} confirmed</h1>
          <p className="text-slate-600">
            Thank you. {storeName} will pack your order now; you pay in cash when it arrives.
          </p>
        </>
      ) : (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Confirming your order..
        </p>
      )}
      {failed || data ? (
        <div className="flex flex-wrap justify-center gap-3">
          {data ? (
            <Link to={paths.shop.order(base, data.order_id)} className={buttonStyles.primary}>
              View order
            </Link>
          ) : null}
          <Link to={paths.shop.home(base)} className={buttonStyles.secondary}>
            Continue to {storeName}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

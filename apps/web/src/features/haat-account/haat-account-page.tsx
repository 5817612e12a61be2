import type { HeldAtShop } from '@haat/contracts';
import { RefreshCw, Store, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { haatAccountApi, haatAccountKey } from './haat-account-api.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-8';
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What one shop holds, in words: "your email, name, phone, 2 addresses and 3 orders". */
function holdings(s: HeldAtShop) {
  const parts = ['your email'];
  if (s.name) parts.push(`name (${s.name})`);
  if (s.phone) parts.push(`phone (${s.phone})`);
  if (s.addresses) parts.push(count(s.addresses, 'address', 'addresses'));
  if (s.orders) parts.push(count(s.orders, 'order', 'orders'));
  const last = parts.pop();
  return parts.length ? `${parts.join(', ')} and ${last}` : (last ?? '');
}

function ShopRow({ shop }: { shop: HeldAtShop }) {
  return (
    <li className="flex gap-3 py-4">
      <Store aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {shop.store_name}
          {shop.this_shop ? <span className="ml-2 text-xs font-medium text-brand-700">this shop</span> : null}
        </p>
        <p className="mt-0.5 text-sm text-slate-700">Holds {holdings(shop)}.</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {shop.shared_at
            ? `You shared your name, phone and address on ${day(shop.shared_at)} (your first order).`
            : `Signed in since ${day(shop.since)}; you have not shared your name, phone or address with this shop.`}
        </p>
      </div>
    </li>
  );
}

/**
 * "Your Haat account" on a shopper's profile page at any shop (loaded with it only for a shopper): the shops holding
 * the shopper's data and what each holds, and deleting the account (decision 0032).
 */
export function HaatAccountSections() {
  const { session, storeOrigin } = useSession();
  const [deleting, setDeleting] = useState(false);
  const account = useQuery({
    queryKey: haatAccountKey(session?.userId ?? ''),
    queryFn: ({ signal }) => haatAccountApi.get(storeOrigin, signal),
    enabled: !!session,
  });
  const data = account.data;

  return (
    <>
      <div className="pt-4">
        <h2 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">Your Haat account</h2>
        <p className="mt-1 text-slate-600">
          One account signs you in at every Haat shop. A shop gets your name, phone and address only when you
          order from it, to deliver your order.
        </p>
      </div>
      <section aria-labelledby="shops-heading" className={`${card} ring-slate-200`}>
        <h2 id="shops-heading" className="text-lg font-bold text-slate-900">
          Shops that hold your data
        </h2>
        {data ? (
          <>
            <p className="mt-1 text-sm text-slate-600">Signed in as {data.email}.</p>
            {data.shops.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {data.shops.map((s) => (
                  <ShopRow key={s.slug} shop={s} />
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-slate-700">
                No shop holds your data yet. A shop gets your email when you sign in there, and your name,
                phone and address when you order.
              </p>
            )}
          </>
        ) : account.isError ? (
          <div className="mt-4 flex flex-col items-start gap-3">
            <p className="text-slate-700">We could not load your account.</p>
            <button type="button" onClick={() => account.refetch()} className={buttonStyles.secondary}>
              <RefreshCw aria-hidden className="size-4" />
              Try again
            </button>
          </div>
        ) : (
          <p role="status" className="mt-4 flex items-center gap-2 text-slate-600">
            <Spinner />
            Loading..
          </p>
        )}
      </section>
      <section aria-labelledby="delete-heading" className={`${card} ring-red-200`}>
        <h2 id="delete-heading" className="text-lg font-bold text-slate-900">
          Delete your Haat account
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Removes your details from every shop above. Your orders stay with the shops, anonymised.
        </p>
        <button
          type="button"
          disabled={!data}
          onClick={() => setDeleting(true)}
          className={`${buttonStyles.danger} mt-4`}
        >
          <Trash2 aria-hidden className="size-4" />
          Delete account
        </button>
      </section>
      {deleting && data ? (
        <DeleteAccountDialog email={data.email} onClose={() => setDeleting(false)} />
      ) : null}
    </>
  );
}

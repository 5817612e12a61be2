import type { StoreDetail, StoreHome } from '@haat/contracts';
import { Eye, PenLine, Rocket } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { launchBody } from '../../features/launch/shop-address.ts';
import { storeHomeKey } from '../../features/storefront-home/use-store-home.ts';
import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';

const STATUS_WORD: Record<string, string> = {
  DRAFT: 'in draft',
  UNPUBLISHED: 'unpublished',
  OFFLINE: 'offline',
  SUSPENDED: 'suspended',
  MAINTENANCE: 'under maintenance',
  TEMPORARILY_UNAVAILABLE: 'temporarily unavailable',
};

/** The phone bar's short word for the status. */
const STATUS_SHORT: Record<string, string> = {
  DRAFT: 'Draft',
  UNPUBLISHED: 'Unpublished',
  OFFLINE: 'Offline',
  SUSPENDED: 'Suspended',
  MAINTENANCE: 'Maintenance',
  TEMPORARILY_UNAVAILABLE: 'Unavailable',
};

/** The fixed bar over the owner's view of their unopened shop: what shoppers see, Publish, Edit design. */
function OwnerBar({ store, status }: { store: StoreDetail; status: string }) {
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      await queryApi('/api/store/create-store-setting/', {
        method: 'POST',
        // Only the status changes: the shop keeps the payment methods it has.
        body: launchBody(store.id, 'PUBLISHED'),
      });
      toast.success('Your shop is live');
      window.location.reload();
    } catch {
      // The api client has shown why (e.g. "Add your shop address before publishing").
      setBusy(false);
    }
  };
  const word = STATUS_WORD[status] ?? status.toLowerCase();
  return (
    <section
      aria-label="Shop owner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-amber-300 bg-amber-50 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
    >
      {/* One compact line at every width: on a phone the status is short and the buttons show icons only. */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-6 sm:py-3">
        <p
          title={`This shop is ${word}: only you can see it`}
          className="flex min-w-0 flex-1 items-center gap-2 text-[13px] font-medium text-amber-950 sm:text-sm"
        >
          <Eye aria-hidden className="size-4 shrink-0" />
          <span className="truncate">
            <span className="sm:hidden">{STATUS_SHORT[status] ?? status.toLowerCase()}: only you see it</span>
            <span className="hidden sm:inline">This shop is {word} — only you can see it</span>
          </span>
        </p>
        <a
          href={`/shopregistration/storetemplate/${store.id}`}
          aria-label="Edit design"
          className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg border border-amber-400 bg-white px-2.5 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-100 sm:px-3"
        >
          <PenLine aria-hidden className="size-4" />
          <span className="hidden sm:inline">Edit design</span>
        </a>
        {status === 'SUSPENDED' ? null : (
          <button
            type="button"
            disabled={busy}
            onClick={() => void publish()}
            className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:px-4"
          >
            {busy ? <Spinner /> : <Rocket aria-hidden className="size-4" />}
            Publish
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * Owner mode: a shop that is not open shows its status screen to everyone, except to its signed-in owner
 * (a vendor session on this origin), who sees the real shop with the owner bar. The server decides who
 * the owner is: the home call answers only them while the shop is closed.
 */
export function OwnerMode({
  slug,
  store,
  status,
  fallback,
  children,
}: {
  slug: string;
  store: StoreDetail;
  status: string;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const { session, status: sessionStatus } = useSession();
  const mayOwn = session?.role_type === 'VENDOR' || session?.role_type === 'ADMIN';
  const home = useQuery({
    queryKey: storeHomeKey(slug),
    enabled: mayOwn,
    retry: false,
    queryFn: ({ signal }) =>
      queryApi<StoreHome>('/api/store/stores/home/', { storeOrigin: slug, signal, silent: true }),
  });
  if (sessionStatus === 'loading' || (mayOwn && home.isPending)) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-slate-600">
        <Spinner /> Loading..
      </div>
    );
  }
  if (!mayOwn || !home.isSuccess) return fallback;
  return (
    <>
      {children}
      <div aria-hidden className="h-14 sm:h-16" />
      <OwnerBar store={store} status={status} />
    </>
  );
}

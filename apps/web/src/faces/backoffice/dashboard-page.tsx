import { ExternalLink, Store } from 'lucide-react';
import { useId } from 'react';
import { useHost } from '../../app/host.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { DashboardView } from '../../features/dashboard/dashboard-view.tsx';
import { ShopStatusControl } from '../../features/shop-status/shop-status-control.tsx';
import { StockConflictsNotice } from '../../features/stock-conflicts/index.ts';
import { type OwnedShop, useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { platformUrl } from '../../lib/site-urls.ts';

const STATUS_TONE: Record<string, string> = {
  PUBLISHED: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  ONLINE: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  DRAFT: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const statusLabel = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

/** The vendor's shops with their storefront links and the status switch (published, draft, offline, maintenance). */
function YourShops({ shops, live }: { shops: OwnedShop[]; live: boolean }) {
  const { platformDomain } = useHost();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        Your shops
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {shops.map((shop) => (
          <li key={shop.id} className="flex flex-wrap items-center gap-3 py-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <Store aria-hidden className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">{shop.store_name}</p>
              <span
                className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
                  STATUS_TONE[shop.online_status] ?? 'bg-amber-50 text-amber-800 ring-amber-200'
                }`}
              >
                {statusLabel(shop.online_status)}
              </span>
            </div>
            <a
              href={platformUrl(platformDomain, `/store/${encodeURIComponent(shop.slug)}`)}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              View storefront
              <ExternalLink aria-hidden className="size-4" />
            </a>
            {live ? <ShopStatusControl key={`${shop.id}-${shop.online_status}`} shop={shop} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /dashboard/ on the admin host, inside the back-office layout (sidebar, shop switcher): the selected shop's
 * figures from the server, then the vendor's shops with their status switch.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard · Admin Panel');
  const { session } = useSession();
  const { shop, shops, loading } = useSelectedShop();
  if (!session) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Welcome back, {session.firstName}
        </h1>
        <p className="mt-1 text-sm text-slate-600">Here is how your shop is doing.</p>
      </header>
      {shop ? <StockConflictsNotice /> : null}
      {shop ? (
        <DashboardView shop={shop}>
          {/* The operator's visited shop is not one of its own (no status switch: the console sets statuses). */}
          {shops.some((s) => s.role !== 'OPERATOR') ? (
            <YourShops shops={shops.filter((s) => s.role !== 'OPERATOR')} live={!loading} />
          ) : null}
        </DashboardView>
      ) : loading ? (
        <PageLoading />
      ) : (
        <NoShop />
      )}
    </div>
  );
}

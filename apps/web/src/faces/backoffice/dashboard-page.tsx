import { Construction, ExternalLink, LayoutDashboard, LogOut, Store } from 'lucide-react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useSession } from '../../features/accounts/session-context.tsx';
import { platformUrl } from '../../features/accounts/site-urls.ts';
import { UserMenu } from '../../features/accounts/user-menu.tsx';
import { ShopStatusControl, useOwnedShops } from '../../features/shop-status/shop-status-control.tsx';

const STATUS_TONE: Record<string, string> = {
  PUBLISHED: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  ONLINE: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  DRAFT: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const statusLabel = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * /dashboard on the admin host. The business dashboard (revenue, inventory, orders) comes in a later
 * change; for now this is an honest home: who is signed in, their shops, and Logout.
 */
export function DashboardPage() {
  const { session, signOut } = useSession();
  const { platformDomain } = useHost();
  const owned = useOwnedShops();
  if (!session) return null;
  const shops = owned.data ?? session.stores.map((s) => ({ ...s, plan: 'basic', has_address: true }));

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
            <LayoutDashboard aria-hidden className="size-5" />
          </span>
          <span className="font-bold text-slate-900">Admin Panel</span>
          <div className="ml-auto">
            <UserMenu profileHref="/profile" signedOut={null} />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Welcome back, {session.firstName}
            </h1>
            <p className="mt-1 text-slate-600">{session.email}</p>
          </div>
          <button type="button" onClick={signOut} className={buttonStyles.secondary}>
            <LogOut aria-hidden className="size-4" />
            Logout
          </button>
        </div>

        <div className="flex gap-3 rounded-2xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200">
          <Construction aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            The dashboard with revenue, inventory and orders is being built. Until then you can open your
            shops from here.
          </p>
        </div>

        <section
          aria-labelledby="shops-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id="shops-heading" className="text-lg font-bold text-slate-900">
            Your shops
          </h2>
          {shops.length === 0 ? (
            <p className="mt-2 text-slate-600">
              You don't have a shop yet.{' '}
              <a
                href={platformUrl(platformDomain, '/shopregistration')}
                className="font-semibold text-brand-700 hover:underline"
              >
                Register your shop
              </a>
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {shops.map((shop) => (
                <li key={shop.id} className="flex flex-wrap items-center gap-3 py-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Store aria-hidden className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-slate-900">{shop.store_name}</p>
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
                  {owned.data ? (
                    <ShopStatusControl key={`${shop.id}-${shop.online_status}`} shop={shop} />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}

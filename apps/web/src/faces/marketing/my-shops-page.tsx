import { ExternalLink, LayoutDashboard, Plus, Store, Wrench } from 'lucide-react';
import { useEffect } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { type BadgeTone, StatusBadge } from '../../components/ui/status-badge.tsx';
import { type OwnedShop, useOwnedShops } from '../../lib/owned-shops.ts';
import { Link, Navigate, useLocation } from '../../lib/router.tsx';
import { platformUrl } from '../../lib/site-urls.ts';

const STATUS: Record<string, [label: string, tone: BadgeTone]> = {
  PUBLISHED: ['Live', 'success'],
  DRAFT: ['Draft', 'warning'],
  UNPUBLISHED: ['Unpublished', 'neutral'],
  OFFLINE: ['Offline', 'neutral'],
  SUSPENDED: ['Suspended', 'danger'],
  MAINTENANCE: ['Maintenance', 'info'],
  TEMPORARILY_UNAVAILABLE: ['Temporarily unavailable', 'info'],
};

/**
 * /my-shops on the main domain: where a signed-in vendor lands. Each shop with its status, its storefront, the
 * back office (on the admin host), Continue setup for a draft; and a way to register another. A vendor without a
 * shop goes straight to registration.
 */
export function MyShopsPage() {
  const { platformDomain } = useHost();
  const shops = useOwnedShops();
  useEffect(() => {
    document.title = 'My shops';
  }, []);
  if (shops.isPending) {
    return (
      <p role="status" className="px-4 pt-32 pb-20 text-center text-slate-600">
        Loading..
      </p>
    );
  }
  if (shops.isSuccess && shops.data.length === 0) return <Navigate to="/shopregistration" replace />;
  const backOffice = platformUrl(platformDomain, '/dashboard', 'admin');
  return (
    <div className="mx-auto max-w-5xl px-4 pt-28 pb-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My shops</h1>
          <p className="mt-1 text-slate-600">
            Open your back office, see your shop as shoppers do, or finish setting one up.
          </p>
        </div>
        <Link to="/shopregistration" className={buttonStyles.secondary}>
          <Plus aria-hidden className="size-4" />
          Register another shop
        </Link>
      </div>
      {shops.isError ? (
        <p role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-red-800">
          We couldn't load your shops.{' '}
          <button type="button" className="font-semibold underline" onClick={() => shops.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {shops.data?.map((shop) => {
            const [label, tone] = STATUS[shop.online_status] ?? [shop.online_status, 'neutral'];
            const draft = shop.online_status === 'DRAFT';
            return (
              <li key={shop.id} className="min-w-0">
                <article
                  aria-label={shop.store_name}
                  className="flex h-full flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                >
                  <div className="flex items-start gap-3">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                      <Store aria-hidden className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <h2 className="text-lg font-semibold break-words text-slate-900">{shop.store_name}</h2>
                      <p className="truncate text-sm text-slate-600">{shopAddress(shop)}</p>
                    </div>
                    <StatusBadge tone={tone}>{label}</StatusBadge>
                  </div>
                  <div className="mt-auto flex flex-wrap gap-2">
                    {draft ? (
                      <Link
                        to={`/shopregistration?store=${encodeURIComponent(shop.id)}`}
                        className={buttonStyles.primary}
                      >
                        <Wrench aria-hidden className="size-4" />
                        Continue setup
                      </Link>
                    ) : null}
                    <a href={backOffice} className={draft ? buttonStyles.secondary : buttonStyles.primary}>
                      <LayoutDashboard aria-hidden className="size-4" />
                      Open back office
                    </a>
                    <a
                      // A draft opens where the owner is signed in (this site); a live shop at its own address.
                      href={
                        (!draft && shop.store_url) ||
                        platformUrl(platformDomain, `/store/${encodeURIComponent(shop.slug)}`)
                      }
                      className={buttonStyles.secondary}
                    >
                      <ExternalLink aria-hidden className="size-4" />
                      {draft ? 'Preview shop' : 'View shop'}
                    </a>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A back-office address opened on the main domain (/dashboard, /inventory, …): the same page on the admin host. */
export function ToBackOffice() {
  const { platformDomain } = useHost();
  const { pathname, search } = useLocation();
  const target = platformUrl(platformDomain, `${pathname}${search}`, 'admin');
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return (
    <p role="status" className="px-4 pt-32 pb-20 text-center text-slate-600">
      Opening your back office…{' '}
      <a href={target} className="font-semibold text-brand-700 underline">
        Continue
      </a>
    </p>
  );
}

/** The shop's address as shoppers type it: its subdomain or own domain (no scheme), or /store/{slug} on Basic. */
function shopAddress(shop: OwnedShop) {
  if (!shop.store_url) return `/store/${shop.slug}`;
  const u = new URL(shop.store_url);
  return u.pathname.startsWith('/store/') ? u.pathname : u.host;
}

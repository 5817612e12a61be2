import { Construction, ExternalLink, LayoutDashboard, Store } from 'lucide-react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useSession } from '../../features/accounts/session-context.tsx';
import { fullName } from '../../features/accounts/session-storage.ts';
import { platformUrl } from '../../features/accounts/site-urls.ts';

const STATUS_LABEL: Record<string, string> = {
  PUBLISHED: 'Published',
  ONLINE: 'Online',
  DRAFT: 'Draft',
  UNPUBLISHED: 'Unpublished',
  OFFLINE: 'Offline',
  SUSPENDED: 'Suspended',
  MAINTENANCE: 'Maintenance',
  TEMPORARILY_UNAVAILABLE: 'Temporarily unavailable',
};

/**
 * /shopregistration (vendors). The registration wizard arrives in a later change, so this page says so
 * plainly and lists the shops the vendor already owns; it does not pretend to register anything.
 */
export function ShopRegistrationPage() {
  const { session } = useSession();
  const host = useHost();
  if (!session) return null;
  const shops = session.stores;

  return (
    <div className="bg-slate-50 px-4 pt-28 pb-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Signed in as {fullName(session)}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Register your shop</h1>
        </div>

        <div className="flex gap-3 rounded-2xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200">
          <Construction aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            The shop registration wizard is being built and is not available yet. Your account is ready: you
            will be able to register your shop here as soon as the wizard is live.
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
            <p className="mt-2 text-slate-600">You don't have a shop yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {shops.map((shop) => (
                <li key={shop.id} className="flex flex-wrap items-center gap-3 py-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Store aria-hidden className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-slate-900">{shop.store_name}</p>
                    <p className="text-sm text-slate-500">
                      {STATUS_LABEL[shop.online_status] ?? shop.online_status}
                    </p>
                  </div>
                  <a
                    href={`/store/${encodeURIComponent(shop.slug)}`}
                    className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                  >
                    Visit shop
                    <ExternalLink aria-hidden className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          )}
          {shops.length > 0 ? (
            <a
              href={platformUrl(host.platformDomain, '/', 'admin')}
              className={`${buttonStyles.secondary} mt-4`}
            >
              <LayoutDashboard aria-hidden className="size-4" />
              Open the back office
            </a>
          ) : null}
        </section>
      </div>
    </div>
  );
}

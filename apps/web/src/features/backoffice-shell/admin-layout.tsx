import { PLATFORM_SUPPORT_EMAIL } from '@haat/contracts';
import { Suspense } from 'react';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Link, Outlet } from '../../lib/router.tsx';
import { SelectedShopProvider, useSelectedShop } from '../../lib/selected-shop.tsx';
import { useStoredFlag } from '../../lib/stored-value.ts';
import { MobileBar } from './mobile-bar.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { Sidebar } from './sidebar.tsx';

const COLLAPSED_KEY = 'haat.admin.sidebar-collapsed';

function Content() {
  const { shop } = useSelectedShop();
  return (
    <main id="main" className="min-w-0 flex-1">
      <OfflineNotice />
      {shop?.online_status === 'SUSPENDED' ? (
        <div
          role="alert"
          className="border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:px-6 lg:px-8"
        >
          <strong>{shop.store_name} is suspended by the platform</strong>
          {shop.status_note ? `: ${shop.status_note}` : '.'} Shoppers see a notice instead of the shop. To
          resolve it, write to{' '}
          <a className="font-semibold underline" href={`mailto:${PLATFORM_SUPPORT_EMAIL}`}>
            {PLATFORM_SUPPORT_EMAIL}
          </a>
          .
        </div>
      ) : null}
      {shop?.role === 'OPERATOR' ? (
        <p
          role="status"
          className="border-b border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 sm:px-6 lg:px-8"
        >
          <strong>Read only:</strong> you are looking at {shop.store_name} as the platform operator. Changes
          are made by the shop’s owner.{' '}
          <Link className="font-semibold underline" to="/platform/shops">
            All shops
          </Link>
        </p>
      ) : null}
      <Suspense fallback={<PageLoading />}>
        {/* A different shop is a different set of screens: nothing typed or paged carries over. */}
        <Outlet key={shop?.slug ?? 'none'} />
      </Suspense>
    </main>
  );
}

/** The back office's frame (02 §2): the sidebar (a top bar with a drawer on phones) and the screen beside it. */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useStoredFlag(COLLAPSED_KEY);
  return (
    <SelectedShopProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="min-h-dvh bg-slate-50 md:flex">
        <Sidebar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        <MobileBar />
        <Content />
      </div>
    </SelectedShopProvider>
  );
}

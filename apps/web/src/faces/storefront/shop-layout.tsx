import type { StoreDetail } from '@haat/contracts';
import { FooterSection } from '../../features/storefront-home/footer-section.tsx';
import { useStoreHome } from '../../features/storefront-home/use-store-home.ts';
import { Outlet } from '../../lib/router.tsx';
import { ShopHeader } from './shop-header.tsx';

/**
 * Every shop page: the fixed header, the page, and the shop's footer. The footer's theme comes with
 * the home data (one cached call shared with the home page); until then the footer shows the shop's
 * own details.
 */
export function ShopLayout({
  slug,
  base,
  store,
  loginHref,
}: {
  slug: string;
  base: string;
  store: StoreDetail;
  loginHref: string;
}) {
  const home = useStoreHome(slug);
  const footer = home.data?.sections.find((s) => s.name === 'footer');
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <ShopHeader
        base={base}
        storeName={store.store_name}
        logo={store.image}
        loginHref={loginHref}
        hasDeals={home.data ? home.data.deals.length > 0 : undefined}
      />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <FooterSection
        config={footer?.name === 'footer' ? footer.config.footer : undefined}
        store={store}
        base={base}
      />
    </div>
  );
}

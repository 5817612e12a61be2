import { OPEN_STORE_STATUSES, type StoreStatus } from '@haat/contracts/constants';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { useHost } from '../../app/host.tsx';
import { paths, shopBase } from '../../app/paths.ts';
import { UnauthorizedPage } from '../../components/ui/unauthorized-page.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { StorefrontHomePage } from '../../features/storefront-home/storefront-home-page.tsx';
import { mainDomainUrl } from './main-domain.ts';
import { ShopLayout } from './shop-layout.tsx';
import { ShopPageNotFound } from './shop-page-not-found.tsx';
import { StoreStatusScreen } from './status-screens.tsx';

/** Keeps the description meta tag on the shop's own words while the face is shown. */
function useMetaDescription(description: string | null | undefined) {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta && description) meta.content = description;
  }, [description]);
}

/** A customer's view of one shop: its status screen when closed, otherwise the shop's pages. */
export default function StorefrontFace() {
  const host = useHost();
  const slug = host.storeSlug ?? '';
  const store = host.store;
  const base = shopBase(host.via, host.storeSlug);
  // The spec: on a shop's host the page title is the shop slug.
  useDocumentTitle(slug || 'Shop');
  useMetaDescription(store?.short_description || store?.description);

  // On the shop's own host every path is the shop's, so sign-in lives on the main domain there.
  const loginPath = paths.login('customer', { storeName: slug });
  const loginHref = host.via === 'host' ? mainDomainUrl(host.platformDomain, loginPath) : loginPath;

  const open = store && OPEN_STORE_STATUSES.includes(host.storeStatus as StoreStatus);
  if (!open) {
    return (
      <StoreStatusScreen
        status={host.storeStatus}
        store={store}
        slug={slug}
        marketplaceUrl={mainDomainUrl(host.platformDomain, '/')}
      />
    );
  }

  return (
    <Routes>
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route element={<ShopLayout slug={slug} base={base} store={store} loginHref={loginHref} />}>
        <Route
          path={paths.shop.home(base)}
          element={<StorefrontHomePage slug={slug} base={base} storeName={store.store_name} />}
        />
        <Route path="*" element={<ShopPageNotFound base={base} />} />
      </Route>
    </Routes>
  );
}

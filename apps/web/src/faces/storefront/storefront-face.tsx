import type { HostInfo, StoreDetail } from '@haat/contracts';
import { OPEN_STORE_STATUSES, type StoreStatus } from '@haat/contracts/constants';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths, shopBase } from '../../app/paths.ts';
import { preloadable } from '../../app/preloadable.ts';
import { FullPageMessage } from '../../components/ui/full-page-message.tsx';
import { setShopHead } from '../../components/ui/use-shop-head.ts';
import { RequireRole } from '../../features/accounts/require-role.tsx';
import { Route, Routes, useLocation } from '../../lib/router.tsx';
import { sendVisitBeacon } from '../../lib/visit-beacon.ts';
import { mainDomainUrl } from './main-domain.ts';
import { ShopLayout } from './shop-layout.tsx';

// What an open shop's first page does not show loads when it is needed: the status screens of a closed shop,
// the owner's view of it, the cart (a signed-in customer's), the unauthorized page and the shop's "Page not found".
const StoreStatusScreen = lazy(() =>
  import('./status-screens.tsx').then((m) => ({ default: m.StoreStatusScreen })),
);
const OwnerMode = lazy(() => import('./owner-bar.tsx').then((m) => ({ default: m.OwnerMode })));
const CartPage = lazy(() => import('./cart-page.tsx').then((m) => ({ default: m.CartPage })));
const ShopPageNotFound = lazy(() =>
  import('./shop-page-not-found.tsx').then((m) => ({ default: m.ShopPageNotFound })),
);
const UnauthorizedPage = lazy(() =>
  import('../../components/ui/unauthorized-page.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);

// The account pages carry the form schemas: loaded only when visited.
const LoginPage = lazy(() =>
  import('../../features/accounts/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const VerificationPage = lazy(() =>
  import('../../features/accounts/verification-page.tsx').then((m) => ({ default: m.VerificationPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../../features/accounts/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ProfilePage = lazy(() =>
  import('../../features/accounts/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
// The home, the listing and the product page are also rendered on the server: the browser loads the one it
// hydrates first, and a page never carries another's code.
const HomePage = preloadable(() => import('./home-page.tsx').then((m) => ({ default: m.HomePage })));
const ProductPage = preloadable(() => import('./product-page.tsx').then((m) => ({ default: m.ProductPage })));
const ProductsPage = preloadable(() =>
  import('./products-page.tsx').then((m) => ({ default: m.ProductsPage })),
);

/** Loads the page at `pathname` of an open shop when it is one of those loaded lazily (main.tsx, before hydrating). */
export async function preloadPage(host: HostInfo, pathname: string) {
  const rest = pathname.slice(shopBase(host.via, host.storeSlug).length).replace(/\/+$/, '');
  if (rest === '') await HomePage.preload();
  else if (rest === '/products') await ProductsPage.preload();
  else if (/^\/product\/[^/]+$/.test(rest)) await ProductPage.preload();
}
// Checkout and orders carry the order schemas: loaded only when visited.
const CheckoutPage = lazy(() => import('./checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
const OrderSuccessPage = lazy(() =>
  import('./order-success-page.tsx').then((m) => ({ default: m.OrderSuccessPage })),
);
const OrdersPage = lazy(() => import('./orders-page.tsx').then((m) => ({ default: m.OrdersPage })));
const WishlistPage = lazy(() => import('../../features/wishlist/wishlist-page.tsx'));
const ConfirmSubscriptionPage = lazy(() =>
  import('../../features/newsletter/confirm-subscription-page.tsx').then((m) => ({
    default: m.ConfirmSubscriptionPage,
  })),
);
const OrderDetailPage = lazy(() =>
  import('./order-detail-page.tsx').then((m) => ({ default: m.OrderDetailPage })),
);
const CodConfirmLinkPage = lazy(() =>
  import('../../features/orders/cod-confirm-link-page.tsx').then((m) => ({ default: m.CodConfirmLinkPage })),
);
const PolicyPage = lazy(() =>
  import('../../features/shop-policies/policy-page.tsx').then((m) => ({ default: m.PolicyPage })),
);
const fullPage = (el: ReactNode) => (
  <Suspense fallback={<FullPageMessage title="Loading.." />}>{el}</Suspense>
);
const inLayout = (el: ReactNode) => (
  <Suspense
    fallback={
      <p role="status" className="px-4 py-20 text-center text-slate-600">
        Loading..
      </p>
    }
  >
    {el}
  </Suspense>
);

// Checkout and orders: a signed-in customer of this shop.
const customerOnly = (el: ReactNode) => <RequireRole roles={['CUSTOMER']}>{inLayout(el)}</RequireRole>;

/** A customer's view of one shop: its status screen when closed, otherwise the shop's pages. */
export default function StorefrontFace() {
  const host = useHost();
  const slug = host.storeSlug ?? '';
  const store = host.store;
  const base = shopBase(host.via, host.storeSlug);
  // The shop's name and words (as the server writes them, shopPageHead) are the head that a page's own (the
  // listing's, a product's) replaces: set in a layout effect on each navigation, it runs before the pages' effects
  // even when they render with their data at once (the data sent with the HTML).
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname && store) setShopHead((seo) => seo.shopPageHead(store, 'home'));
  }, [pathname, store]);

  // A customer account belongs to this shop, so its sign-in pages live on the shop's own address.
  const loginHref = `${base}/login?userType=customer`;

  const open = store && OPEN_STORE_STATUSES.includes(host.storeStatus as StoreStatus);
  // One visit per page load of an open shop, for the vendor's Conversion Rate (decision 0010).
  useEffect(() => {
    if (open) sendVisitBeacon(slug);
  }, [open, slug]);
  if (!open) {
    const screen = (
      <StoreStatusScreen
        status={host.storeStatus}
        store={store}
        slug={slug}
        marketplaceUrl={mainDomainUrl(host.platformDomain, '/')}
      />
    );
    // Owner mode: the shop's signed-in owner sees the real (unopened) shop instead of its status screen.
    return fullPage(
      store && host.storeStatus ? (
        <OwnerMode slug={slug} store={store} status={host.storeStatus} fallback={screen}>
          {shopRoutes(store)}
        </OwnerMode>
      ) : (
        screen
      ),
    );
  }
  return shopRoutes(store);

  function shopRoutes(store: StoreDetail) {
    return (
      <Routes>
        <Route path="/unauthorized" element={fullPage(<UnauthorizedPage />)} />
        <Route path={`${base}/login`} element={fullPage(<LoginPage />)} />
        <Route path={`${base}/verification`} element={fullPage(<VerificationPage />)} />
        <Route path={`${base}/forgot-password`} element={fullPage(<ForgotPasswordPage />)} />
        <Route element={<ShopLayout slug={slug} base={base} store={store} loginHref={loginHref} />}>
          <Route
            path={paths.shop.home(base)}
            element={inLayout(<HomePage slug={slug} base={base} storeName={store.store_name} />)}
          />
          <Route
            path={paths.shop.products(base)}
            element={inLayout(<ProductsPage slug={slug} base={base} />)}
          />
          <Route path={`${base}/product/:id`} element={inLayout(<ProductPage slug={slug} base={base} />)} />
          <Route
            path={`${base}/subscription/confirm`}
            element={inLayout(
              <ConfirmSubscriptionPage
                target={{
                  endpoint: '/api/store/subscription/confirm/',
                  storeOrigin: slug,
                  homeHref: paths.shop.home(base),
                  homeLabel: `Continue to ${store.store_name}`,
                }}
              />,
            )}
          />
          <Route
            path={`${base}/policies/:kind`}
            element={inLayout(<PolicyPage slug={slug} base={base} storeName={store.store_name} />)}
          />
          <Route path={`${base}/profile`} element={<RequireRole>{inLayout(<ProfilePage />)}</RequireRole>} />
          <Route
            path={paths.shop.cart(base)}
            element={<RequireRole roles={['CUSTOMER']}>{inLayout(<CartPage base={base} />)}</RequireRole>}
          />
          <Route
            path={paths.shop.checkout(base)}
            element={customerOnly(<CheckoutPage slug={slug} base={base} />)}
          />
          <Route
            path={`${base}/order/confirm-cod`}
            element={inLayout(<CodConfirmLinkPage slug={slug} base={base} storeName={store.store_name} />)}
          />
          <Route
            path={`${base}/order/success`}
            element={customerOnly(<OrderSuccessPage slug={slug} base={base} />)}
          />
          <Route
            path={paths.shop.orders(base)}
            element={customerOnly(<OrdersPage slug={slug} base={base} />)}
          />
          <Route path={`${base}/order`} element={customerOnly(<OrdersPage slug={slug} base={base} />)} />
          <Route path={`${base}/wishlist`} element={customerOnly(<WishlistPage />)} />
          <Route
            path={`${base}/orders/:id`}
            element={customerOnly(<OrderDetailPage slug={slug} base={base} />)}
          />
          <Route path="*" element={inLayout(<ShopPageNotFound base={base} />)} />
        </Route>
      </Routes>
    );
  }
}

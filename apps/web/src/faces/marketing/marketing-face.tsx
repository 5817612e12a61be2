import { lazy, type ReactNode, Suspense } from 'react';
import { FullPageMessage } from '../../components/ui/full-page-message.tsx';
import { UnauthorizedPage } from '../../components/ui/unauthorized-page.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { RequireRole } from '../../features/accounts/require-role.tsx';
import { ProductSearch } from '../../features/marketplace/product-search.tsx';
import { ShopHeart } from '../../features/wishlist/shop-heart.tsx';
import * as queryEngine from '../../lib/query/engine.ts';
import { installQueryCore } from '../../lib/query.ts';
import { Route, Routes } from '../../lib/router.tsx';
import { AboutPage } from './about-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { MarketingLayout } from './marketing-layout.tsx';
import { MyShopsPage, ToBackOffice } from './my-shops-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PricingPage } from './pricing-page.tsx';
import { ShopRegistrationPage } from './shop-registration-page.tsx';
import { ShopsPage } from './shops-page.tsx';

// This face fetches on every page: TanStack Query's engine comes with its code (lib/query/core.ts).
installQueryCore(queryEngine);

// The account pages carry the form schemas: loaded only when visited.
const accountPages = () => import('./account-pages.tsx');
const LoginPage = lazy(() => accountPages().then((m) => ({ default: m.MarketingLoginPage })));
const VerificationPage = lazy(() => accountPages().then((m) => ({ default: m.MarketingVerificationPage })));
const ForgotPasswordPage = lazy(() =>
  accountPages().then((m) => ({ default: m.MarketingForgotPasswordPage })),
);
const ProfilePage = lazy(() =>
  import('../../features/accounts/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
// The shopper's Haat account signed in on the marketplace (decision 0036).
const ShopperAccountPage = lazy(() => import('./shopper-account-page.tsx'));

// Vendor design and launch screens: their own chunks, loaded only by vendors who open them.
const TemplateEditorPage = lazy(() => import('./template-editor-page.tsx'));
const LaunchSettingsPage = lazy(() => import('./launch-settings-page.tsx'));
const CreatingStorePage = lazy(() => import('./creating-store-page.tsx'));
const TermsPage = lazy(() => import('./legal-pages.tsx').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('./legal-pages.tsx').then((m) => ({ default: m.PrivacyPage })));
const ConfirmSubscriptionPage = lazy(() =>
  import('../../features/newsletter/confirm-subscription-page.tsx').then((m) => ({
    default: m.ConfirmSubscriptionPage,
  })),
);
const NEWSLETTER_CONFIRM = {
  endpoint: '/api/user/newsletter/confirm/',
  homeHref: '/',
  homeLabel: 'Continue to Haat',
};
/** Back-office addresses: on the main domain they open the admin host's page (the back office lives there). */
const BACK_OFFICE_PATHS = [
  'dashboard',
  'inventory',
  'admin-orders',
  'transaction',
  'checkout',
  'audit-trail',
  'settings',
];
const page = (el: ReactNode) => <Suspense fallback={<FullPageMessage title="Loading.." />}>{el}</Suspense>;
const vendorPage = (el: ReactNode) => <RequireRole roles={['VENDOR']}>{page(el)}</RequireRole>;
const inLayout = (el: ReactNode) => (
  <Suspense
    fallback={
      <p role="status" className="px-4 pt-32 pb-20 text-center text-slate-600">
        Loading..
      </p>
    }
  >
    <div className="pt-16">{el}</div>
  </Suspense>
);

/** The main-domain face: landing page with shop discovery, all shops, pricing, about, vendor accounts and the 403 page. */
export default function MarketingFace() {
  useDocumentTitle('Build Your Online Store');
  return (
    <Routes>
      <Route element={<MarketingLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="shops" element={<ShopsPage />} />
        <Route path="search" element={<ProductSearch heart={ShopHeart} />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="terms" element={inLayout(<TermsPage />)} />
        <Route path="privacy" element={inLayout(<PrivacyPage />)} />
        <Route
          path="newsletter/confirm"
          element={inLayout(<ConfirmSubscriptionPage target={NEWSLETTER_CONFIRM} />)}
        />
        <Route
          path="my-shops"
          element={
            <RequireRole roles={['VENDOR']}>
              <MyShopsPage />
            </RequireRole>
          }
        />
        {BACK_OFFICE_PATHS.map((path) => (
          <Route key={path} path={`${path}/*`} element={<ToBackOffice />} />
        ))}
        <Route path="profile" element={<RequireRole>{inLayout(<ProfilePage />)}</RequireRole>} />
        <Route
          path="account"
          element={<RequireRole roles={['CUSTOMER']}>{inLayout(<ShopperAccountPage />)}</RequireRole>}
        />
        <Route
          path="shopregistration"
          element={
            <RequireRole roles={['VENDOR']}>
              <ShopRegistrationPage />
            </RequireRole>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="shopregistration/storetemplate/:storeId" element={vendorPage(<TemplateEditorPage />)} />
      <Route
        path="shopregistration/storetemplate/:storeId/launchsetting"
        element={vendorPage(<LaunchSettingsPage />)}
      />
      <Route
        path="shopregistration/storetemplate/:storeId/launchsetting/creatingstore"
        element={vendorPage(<CreatingStorePage />)}
      />
      <Route path="login" element={page(<LoginPage />)} />
      <Route path="verification" element={page(<VerificationPage />)} />
      <Route path="forgot-password" element={page(<ForgotPasswordPage />)} />
      <Route path="unauthorized" element={<UnauthorizedPage />} />
    </Routes>
  );
}

import { Outlet } from '../../lib/router.tsx';
import { LoginChooserProvider } from './login-chooser.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, page and footer shared by the landing, pricing, about and not-found pages. */
export function MarketingLayout() {
  return (
    <LoginChooserProvider>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </LoginChooserProvider>
  );
}

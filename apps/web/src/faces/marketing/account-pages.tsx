import { X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { FullPageMessage } from '../../components/ui/full-page-message.tsx';
import { ForgotPasswordPage } from '../../features/accounts/forgot-password-page.tsx';
import { LoginPage } from '../../features/accounts/login-page.tsx';
import { VerificationPage } from '../../features/accounts/verification-page.tsx';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { LoginChooserForm } from './login-chooser-form.tsx';

/**
 * The main domain's account pages are the vendor's and the marketplace's shoppers' (decision 0036). A customer link
 * naming a shop (?userType=customer&storeName=…) is sent on to that shop's own pages under /store/{slug}.
 */
function ForwardShopLinks({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const storeName = params.get('storeName');
  const toShop =
    params.get('userType') === 'customer' && storeName ? `/store/${encodeURIComponent(storeName)}` : null;

  useEffect(() => {
    // Another face (the shop's): a full page load, so the server resolves the shop.
    if (toShop) window.location.replace(`${toShop}${pathname}${search}`);
  }, [toShop, pathname, search]);

  if (toShop) return <FullPageMessage title="Loading.." />;
  return <>{children}</>;
}

/** /login without a user type: the login-type chooser as a page; its close button goes back. */
function ChooserPage() {
  const navigate = useNavigate();
  const close = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="relative w-full max-w-lg rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute top-3 right-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X aria-hidden className="size-5" />
        </button>
        <h1 className="pr-10 text-xl font-bold text-slate-900 sm:text-2xl">Welcome to Haat</h1>
        <p className="mt-1 text-sm text-slate-600">Choose how you want to log in to continue.</p>
        <div className="mt-5">
          <LoginChooserForm preselect={null} />
        </div>
      </div>
    </main>
  );
}

export function MarketingLoginPage() {
  const [params] = useSearchParams();
  const userType = params.get('userType');
  if (userType !== 'vendor' && userType !== 'customer') return <ChooserPage />;
  return (
    <ForwardShopLinks>
      <LoginPage />
    </ForwardShopLinks>
  );
}

export function MarketingVerificationPage() {
  return (
    <ForwardShopLinks>
      <VerificationPage />
    </ForwardShopLinks>
  );
}

export function MarketingForgotPasswordPage() {
  return (
    <ForwardShopLinks>
      <ForgotPasswordPage />
    </ForwardShopLinks>
  );
}

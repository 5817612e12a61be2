// Kit: the Access Denied page every face shows for a signed-in user without the right role.
import { ArrowLeft, House, ShieldAlert } from 'lucide-react';
import { useNavigate } from '../../lib/router.tsx';
import { buttonStyles } from './button-styles.ts';

/** The Access Denied page (spec 01 §2): shared by every face. */
export function UnauthorizedPage() {
  const navigate = useNavigate();

  const goBack = () => {
    // React Router numbers its own entries (idx); a page reached from another site has a referrer
    // and a longer history. A tab opened straight onto this page has nothing to go back to: go home.
    const routerIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (routerIndex > 0) navigate(-1);
    else if (window.history.length > 1 && document.referrer !== '') window.history.back();
    else navigate('/', { replace: true });
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-red-50 text-red-600">
          <ShieldAlert aria-hidden className="size-8" />
        </div>
        <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">403 - Unauthorized</h1>
        <p className="mt-3 font-medium text-slate-800">You do not have permission to access this page.</p>
        <p className="mt-2 text-sm text-slate-600">
          This area is restricted and requires proper authorization. Please contact your administrator if you
          believe this is an error.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button type="button" onClick={goBack} className={buttonStyles.secondary}>
            <ArrowLeft aria-hidden className="size-4" />
            Go Back
          </button>
          <button type="button" onClick={() => navigate('/')} className={buttonStyles.primary}>
            <House aria-hidden className="size-4" />
            Go to Home
          </button>
        </div>
      </div>
    </main>
  );
}

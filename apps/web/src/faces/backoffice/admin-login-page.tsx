import { LayoutDashboard, ShieldCheck } from 'lucide-react';
import { safeRedirect } from '../../features/accounts/auth-target.ts';
import { Navigate, useSearchParams } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { AdminLoginForm } from './admin-login-form.tsx';

/** Admin portal sign-in (spec 02 §2): a brand panel on wide screens, the form everywhere. */
export function AdminLoginPage() {
  const { session } = useSession();
  const [params] = useSearchParams();
  // A signed-in vendor goes straight to the back office; the platform's operator to the console of every shop.
  if (session && (session.role_type === 'VENDOR' || session.role_type === 'ADMIN')) {
    const home = session.role_type === 'ADMIN' ? '/platform/shops' : '/dashboard';
    return <Navigate to={safeRedirect(params.get('redirect')) ?? home} replace />;
  }
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="hidden w-2/5 flex-col justify-between bg-gradient-to-br from-slate-900 to-slate-800 p-12 text-white lg:flex">
        <p className="flex items-center gap-2 text-xl font-bold">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600">
            <LayoutDashboard aria-hidden className="size-5" />
          </span>
          Haat
        </p>
        <div>
          <p className="text-3xl font-bold leading-tight">Run your shop from one place.</p>
          <p className="mt-4 max-w-sm text-slate-300">
            Your dashboard, inventory, orders, transactions and shop settings, for every shop you own.
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-400">
          <ShieldCheck aria-hidden className="size-4" />
          Sign-in is for shop owners.
        </p>
      </aside>
      <main className="flex flex-1 items-center justify-center px-4 py-12 sm:px-6">
        <div className="w-full max-w-md">
          <div className="text-center lg:text-left">
            <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white lg:mx-0">
              <LayoutDashboard aria-hidden className="size-6" />
            </span>
            <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900">Admin Panel</h1>
            <p className="mt-2 text-slate-600">Sign in to manage your store.</p>
          </div>
          <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <AdminLoginForm />
          </div>
        </div>
      </main>
    </div>
  );
}

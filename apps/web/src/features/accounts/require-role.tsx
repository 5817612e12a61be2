import type { Role } from '@haat/contracts';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Navigate, Outlet, useLocation } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';

/**
 * The route guard (01 §4): "Loading.." while the session loads, the sign-in page (coming back here
 * afterwards) when signed out, and `unauthorizedPath` when the role does not fit.
 */
export function RequireRole({
  roles,
  children,
  unauthorizedPath = '/unauthorized',
}: {
  /** Roles allowed in; omit for any signed-in user. */
  roles?: readonly Role[];
  children?: ReactNode;
  unauthorizedPath?: string;
}) {
  const { status, session, loginPath } = useSession();
  const location = useLocation();
  if (status === 'loading') {
    // Not a <main>: the guard sits inside layouts that already have one.
    return (
      <div role="status" className="flex min-h-[60dvh] items-center justify-center gap-2 text-slate-600">
        <Spinner />
        Loading..
      </div>
    );
  }
  if (!session) {
    const userType = roles?.includes('CUSTOMER') && !roles.includes('VENDOR') ? 'customer' : 'vendor';
    return <Navigate to={loginPath(`${location.pathname}${location.search}`, userType)} replace />;
  }
  if (roles && !roles.includes(session.role_type)) return <Navigate to={unauthorizedPath} replace />;
  return children ?? <Outlet />;
}

import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { FullPageMessage } from '../../components/ui/full-page-message.tsx';
import { UnauthorizedPage } from '../../components/ui/unauthorized-page.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { RequireRole } from '../../features/accounts/require-role.tsx';
import { AdminLoginPage } from './admin-login-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const ProfilePage = lazy(() =>
  import('../../features/accounts/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);

/** The admin host's face: the portal sign-in, the (interim) dashboard and the profile. */
export default function BackofficeFace() {
  useDocumentTitle('Admin Panel');
  return (
    <Routes>
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route element={<RequireRole roles={['VENDOR', 'ADMIN']} />}>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route
          path="/profile"
          element={
            <Suspense fallback={<FullPageMessage title="Loading.." />}>
              <div className="min-h-dvh bg-slate-50">
                <nav aria-label="Back office" className="mx-auto max-w-2xl px-4 pt-6 sm:px-6 lg:px-0">
                  <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
                    ← Back to dashboard
                  </Link>
                </nav>
                <ProfilePage />
              </div>
            </Suspense>
          }
        />
      </Route>
      <Route path="*" element={<AdminLoginPage />} />
    </Routes>
  );
}

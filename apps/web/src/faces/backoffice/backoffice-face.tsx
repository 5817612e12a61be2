import { Route, Routes } from 'react-router';
import { UnauthorizedPage } from '../../components/ui/unauthorized-page.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { AdminLoginPage } from './admin-login-page.tsx';

/** The admin host's face. Until the back office is built, every other path shows the portal sign-in. */
export default function BackofficeFace() {
  useDocumentTitle('Admin Panel');
  return (
    <Routes>
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route path="*" element={<AdminLoginPage />} />
    </Routes>
  );
}

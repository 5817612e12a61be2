import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { Link } from '../../lib/router.tsx';

/** An address the back office does not have: say so and lead back, never a silent redirect. */
export default function AdminNotFoundPage() {
  useDocumentTitle('Page not found · Admin Panel');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">There is no back-office page at this address.</p>
      <Link to="/dashboard/" className={`${buttonStyles.primary} mt-6`}>
        Back to Dashboard
      </Link>
    </div>
  );
}

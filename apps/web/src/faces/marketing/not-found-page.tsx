import { Compass } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link } from '../../lib/router.tsx';

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center px-4 pt-32 pb-20 text-center">
      <Compass aria-hidden className="size-14 text-brand-500" />
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-3 max-w-md text-slate-600">
        We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <Link to="/" className={`${buttonStyles.primary} mt-8`}>
        Go to Home
      </Link>
    </div>
  );
}

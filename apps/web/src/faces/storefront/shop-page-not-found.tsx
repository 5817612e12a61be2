import { Compass } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link } from '../../lib/router.tsx';

/** Any shop address we do not have a page for (yet): say so, and offer the way back. */
export function ShopPageNotFound({ base }: { base: string }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Compass aria-hidden className="size-8" />
      </div>
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">
        We couldn't find that page in this shop. It may have moved, or the link may be wrong.
      </p>
      <Link to={paths.shop.home(base)} className={buttonStyles.primary}>
        Back to the shop
      </Link>
    </div>
  );
}

import { PackageSearch } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link } from '../../lib/router.tsx';

/** A product id this shop does not sell (or no longer): where to go instead. */
export function NotFound({ base }: { base: string }) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <PackageSearch aria-hidden className="size-12 text-brand-600" />
      <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
      <p className="text-slate-600">This product is not sold here, or it is no longer available.</p>
      <Link to={paths.shop.products(base)} className={buttonStyles.primary}>
        View all products
      </Link>
    </div>
  );
}

import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';

/**
 * /cart (customers). The server-side cart arrives in a later change; until then the page shows the spec's
 * empty state rather than any made-up items.
 */
export function CartPage({ base }: { base: string }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingCart aria-hidden className="size-8" />
      </div>
      <h1 className="text-2xl font-bold text-slate-900">Your cart is empty</h1>
      <p className="text-slate-600">Products you add to your cart will show up here.</p>
      <Link to={paths.shop.home(base)} className={buttonStyles.primary}>
        Continue Shopping
      </Link>
    </div>
  );
}

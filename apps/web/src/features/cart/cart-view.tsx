import { ShoppingCart } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link } from '../../lib/router.tsx';
import { CartLineItem } from './cart-line-item.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useCart } from './use-cart.ts';

function EmptyCart({ base }: { base: string }) {
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

function CartSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your cart"
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex animate-pulse gap-4 rounded-xl border border-slate-200 p-4">
            <div className="size-20 rounded-lg bg-slate-200 sm:size-24" />
            <div className="flex-1 space-y-3">
              <div className="h-4 w-2/3 rounded bg-slate-200" />
              <div className="h-3 w-1/4 rounded bg-slate-200" />
              <div className="h-9 w-28 rounded bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}

/** The cart page (01 §2 Cart page): lines on the left, the order summary beside them (below on phones). */
export function CartView({ base }: { base: string }) {
  const cart = useCart();
  const data = cart.data;

  if (!data && !cart.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Shopping Cart</h1>
        <CartSkeleton />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto max-w-md px-6 py-16 text-center">
        <h1 className="text-xl font-bold text-slate-900">We couldn't load your cart</h1>
        <button type="button" onClick={() => cart.refetch()} className={`${buttonStyles.primary} mt-4`}>
          Try again
        </button>
      </div>
    );
  }
  if (data.lines.length === 0) return <EmptyCart base={base} />;

  const { summary } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Shopping Cart</h1>
        <p className="text-sm text-slate-600">
          {summary.items_count} {summary.items_count === 1 ? 'item' : 'items'} · {summary.selected_count}{' '}
          selected
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ul
          aria-label="Items in your cart"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {data.lines.map((line) => (
            <CartLineItem key={line.id} line={line} base={base} />
          ))}
        </ul>
        <div className="lg:sticky lg:top-20">
          <OrderSummary summary={summary} base={base} />
          <Link
            to={paths.shop.products(base)}
            className="mt-3 block text-center text-sm font-medium text-brand-700 hover:underline"
          >
            Continue Shopping
          </Link>
        </div>
      </div>
    </div>
  );
}

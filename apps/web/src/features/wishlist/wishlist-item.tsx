import type { WishlistItem } from '@haat/contracts';
import { Trash2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { ProductThumb } from '../products/index.ts';

// "Notify me when it's back" (modules/engagement) loads only for a sold-out item.
const StockAlert = lazy(() => import('../product-page/index.ts').then((m) => ({ default: m.StockAlert })));

/** This shop's product page in the app; another shop's by its address. */
function ProductLink({
  href,
  local,
  className,
  children,
}: {
  href: string;
  local: boolean;
  className: string;
  children: ReactNode;
}) {
  return local ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

const STOCK: Record<WishlistItem['stock_status'], [string, (n: number) => string]> = {
  IN_STOCK: ['text-green-700', () => 'In stock'],
  LOW_STOCK: ['text-amber-700', (n) => `Only ${n} left`],
  OUT_OF_STOCK: ['text-red-700', () => 'Sold out'],
};

/**
 * One saved product: its picture and name linking to it in its shop, the option saved, the price now with the drop
 * since it was saved, its stock (with Notify me when sold out) and Remove.
 */
export function WishlistRow({
  item,
  href,
  local,
  slug,
  removing,
  onRemove,
}: {
  item: WishlistItem;
  /** The product's page in its shop (another host's address for another shop). */
  href: string;
  /** The product is this shop's (a link within the app). */
  local: boolean;
  slug: string;
  removing: boolean;
  onRemove: () => void;
}) {
  const [tone, label] = STOCK[item.stock_status];
  const name = item.variant_label ? `${item.product_name} (${item.variant_label})` : item.product_name;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="wishlist-item">
      <ProductLink
        href={href}
        local={local}
        className="size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-24"
      >
        <ProductThumb src={item.thumbnail} alt="" />
      </ProductLink>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ProductLink
          href={href}
          local={local}
          className="font-semibold text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700"
        >
          {name}
        </ProductLink>
        <p className="text-sm">
          <span className="font-bold text-slate-900">{formatINR(item.price_now)}</span>
          {item.price_drop > 0 ? (
            <span className="ml-2 font-medium text-green-700">
              {formatINR(item.price_drop)} less than when you saved it
            </span>
          ) : null}
        </p>
        {item.available ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className={`font-medium ${tone}`}>{label(item.quantity)}</span>
            {item.stock_status === 'OUT_OF_STOCK' ? (
              <Suspense fallback={null}>
                <StockAlert
                  productId={item.product_id}
                  variantId={item.variant_id ?? undefined}
                  name={name}
                  storeSlug={slug}
                />
              </Suspense>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-slate-600">No longer sold by the shop</p>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={removing}
        aria-label={`Remove ${name} from wishlist`}
        className="self-start rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-red-700 disabled:opacity-50"
      >
        {removing ? <Spinner /> : <Trash2 aria-hidden className="size-5" />}
      </button>
    </li>
  );
}

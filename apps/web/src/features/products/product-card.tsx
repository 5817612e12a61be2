import type { ProductCard as Product } from '@haat/contracts';
import { Star, Truck } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { paths } from '../../app/paths.ts';
import { formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { ProductPrice } from './product-price.tsx';
import { ProductThumb } from './product-thumb.tsx';

// The wishlist's heart loads with the page, not before it (its chunk is not on a shop's first page, decision 0016).
const WishlistHeart = lazy(() => import('../wishlist/index.ts').then((m) => ({ default: m.WishlistHeart })));

/** The wishlist's heart for a product (its cards, the product page), shown once its code has loaded. */
export const LazyWishlistHeart = (p: ComponentProps<typeof WishlistHeart>) => (
  <Suspense fallback={null}>
    <WishlistHeart {...p} />
  </Suspense>
);

const STOCK_LABEL: Record<Product['stock_status'], (qty: number) => string> = {
  IN_STOCK: () => 'In Stock',
  LOW_STOCK: (qty) => `Only ${qty} left`,
  OUT_OF_STOCK: () => 'Out of Stock',
};
const STOCK_TONE: Record<Product['stock_status'], string> = {
  IN_STOCK: 'text-green-700',
  LOW_STOCK: 'text-amber-700',
  OUT_OF_STOCK: 'text-red-700',
};

/**
 * A product tile for shop grids. The product name is the link; its overlay stretches over the whole
 * card, so the card is one click target while screen readers hear a short link name.
 */
export function ProductCard({
  product,
  base,
  tagText = 'NEW',
  headingLevel = 3,
  priority = false,
}: {
  product: Product;
  /** The card is in the first row of the page (its image loads first). */
  priority?: boolean;
  /** The shop's path prefix ('' on its own host, '/store/{slug}' on the main domain). */
  base: string;
  /** Text of the new-product tag (a shop may rename it in its theme). */
  tagText?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const stock = product.stock_status;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="relative aspect-square bg-slate-100">
        <ProductThumb
          src={product.thumbnail}
          alt={product.product_name}
          priority={priority}
          className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
        {product.is_new && tagText ? (
          <span className="absolute top-2 left-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
            {tagText}
          </span>
        ) : null}
        <LazyWishlistHeart
          productId={product.id}
          name={product.product_name}
          className="absolute top-2 right-2 z-10 size-9"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <Heading className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base">
          <Link
            to={paths.shop.product(base, product.id)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {product.product_name}
          </Link>
        </Heading>
        <ProductPrice
          price={product.product_price}
          salePrice={product.discount_price}
          discountPercentage={product.discount_percentage}
          maxPrice={product.max_price}
          from={product.price_from}
        />
        <p className="flex items-center gap-1 text-xs text-slate-600">
          {product.total_reviews > 0 ? (
            <>
              <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
              <span>
                <span className="sr-only">Rated </span>
                {product.average_rating.toFixed(1)}
                <span className="sr-only"> out of 5,</span>
              </span>
              <span>({product.total_reviews})</span>
              <span className="sr-only">{product.total_reviews === 1 ? 'review' : 'reviews'}</span>
            </>
          ) : (
            <span>No reviews yet</span>
          )}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-1 text-xs">
          <span className={`font-medium ${STOCK_TONE[stock]}`}>
            {STOCK_LABEL[stock](product.product_quantity)}
          </span>
          <span className="inline-flex items-center gap-1 text-slate-600">
            <Truck aria-hidden className="size-3.5" />
            {product.free_shipping ? 'Free Shipping' : `Shipping ${formatINR(product.shipping_charge)}`}
          </span>
        </div>
      </div>
    </article>
  );
}

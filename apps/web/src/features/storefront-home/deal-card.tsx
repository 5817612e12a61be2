import type { DealItem } from '@haat/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { paths } from '../../app/paths.ts';
import { Link } from '../../lib/router.tsx';
import { ProductPrice, ProductThumb } from '../products/index.ts';

/** Deal grids: three columns on desktop, one on a phone; a short row is centred rather than left hanging. */
export const DEAL_GRID = 'mt-8 flex flex-wrap justify-center gap-4 lg:gap-6';
export const DEAL_CELL = 'w-full sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-3rem)/3)]';

/** A deal (or upcoming-sale item) tile: product image and name, deal price against the list price. */
export function DealCard({
  item,
  base,
  note,
  action,
  style,
}: {
  item: DealItem;
  base: string;
  /** A line under the price, e.g. when the sale starts. */
  note?: ReactNode;
  /** A control under the note (e.g. Notify Me); it sits above the card-wide link, so it gets its own clicks. */
  action?: ReactNode;
  style?: CSSProperties;
}) {
  const { product } = item;
  return (
    <article
      className="group relative flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md sm:flex-col"
      style={style}
    >
      <div className="relative aspect-square w-32 shrink-0 overflow-hidden bg-slate-100 sm:w-full">
        <ProductThumb src={product.thumbnail} alt={product.product_name} />
        {item.discount_percentage > 0 ? (
          <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            -{item.discount_percentage}%
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {item.title && item.title !== product.product_name ? (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{item.title}</p>
        ) : null}
        <h3 className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base">
          <Link
            to={paths.shop.product(base, product.id)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {product.product_name}
          </Link>
        </h3>
        <ProductPrice
          price={product.product_price}
          salePrice={item.discount_price}
          discountPercentage={item.discount_percentage}
        />
        {note || action ? (
          <div className="mt-auto flex flex-col gap-2 pt-1">
            {note ? <p className="text-xs text-slate-600">{note}</p> : null}
            {action}
          </div>
        ) : null}
      </div>
    </article>
  );
}

import type { MarketplaceProduct } from '@haat/contracts';
import { MapPin, Package, Star, Store } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { formatINR } from '../../lib/format.ts';

const count = new Intl.NumberFormat('en-IN');

/** A heart saving the product to the shopper's wishlist at its shop (the marketing face hands in the wishlist's). */
export type ResultHeart = ComponentType<{ slug: string; productId: string; name: string }>;

/** The price a shopper pays now, the list price struck when it is lower, and a range for products with variants. */
function ResultPrice({ product: p }: { product: MarketplaceProduct }) {
  const ranged = p.max_price > p.price;
  const reduced = !ranged && p.price < p.product_price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-base font-bold text-slate-900">
        {ranged ? `${formatINR(p.price)} – ${formatINR(p.max_price)}` : formatINR(p.price)}
      </span>
      {reduced ? (
        <del className="text-sm text-slate-500">
          <span className="sr-only">Original price </span>
          {formatINR(p.product_price)}
        </del>
      ) : null}
      {reduced && p.discount_percentage > 0 ? (
        <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-700">
          {p.discount_percentage}% OFF
        </span>
      ) : null}
    </p>
  );
}

/**
 * One product found on the marketplace: picture, name, price to pay, rating, stock and its shop. The whole card
 * is one plain link: the product opens on its shop's own address (a full page load, another host).
 * Image beside the text on a phone (360 px), above it from 640 px.
 */
export function ProductResultCard({
  product: p,
  heart: SaveHeart,
}: {
  product: MarketplaceProduct;
  heart?: ResultHeart;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <li className="relative flex">
      <a
        href={p.product_url}
        className="group flex w-full gap-3 overflow-hidden rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:flex-col sm:p-0"
      >
        <div className="size-28 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:aspect-square sm:size-auto sm:w-full sm:rounded-none">
          {p.thumbnail && !imageFailed ? (
            <img
              src={p.thumbnail}
              alt=""
              loading="lazy"
              decoding="async"
              width={300}
              height={300}
              onError={() => setImageFailed(true)}
              className="size-full object-cover transition-transform group-hover:scale-105"
            />
          ) : (
            <div aria-hidden className="flex size-full items-center justify-center text-slate-300">
              <Package className="size-10" />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:px-4 sm:pb-4">
          <h3 className="line-clamp-2 text-sm font-semibold break-words text-slate-900 group-hover:text-brand-700">
            {p.product_name}
          </h3>
          <ResultPrice product={p} />
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
            <span className="flex items-center gap-1">
              <Star aria-hidden className="size-3.5 shrink-0 fill-amber-400 text-amber-400" />
              {p.total_reviews > 0 ? (
                <>
                  <span className="font-medium text-slate-800">
                    <span className="sr-only">Rated </span>
                    {p.average_rating.toFixed(1)}
                    <span className="sr-only"> out of 5</span>
                  </span>
                  ({count.format(p.total_reviews)})
                </>
              ) : (
                'No reviews yet'
              )}
            </span>
            <span className={p.in_stock ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}>
              {p.in_stock ? 'In stock' : 'Out of stock'}
            </span>
          </p>
          <p className="mt-auto flex min-w-0 flex-wrap items-center gap-x-2 pt-1 text-xs text-slate-600">
            <span className="flex min-w-0 items-center gap-1">
              <Store aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate font-medium text-slate-800">{p.store.store_name}</span>
            </span>
            {p.store.city ? (
              <span className="flex items-center gap-1">
                <MapPin aria-hidden className="size-3.5 shrink-0" />
                {p.store.city}
              </span>
            ) : null}
          </p>
        </div>
      </a>
      {SaveHeart ? <SaveHeart slug={p.store.slug} productId={p.id} name={p.product_name} /> : null}
    </li>
  );
}

import type { StoreCard } from '@haat/contracts';
import { ArrowUpRight, MapPin, Star } from 'lucide-react';
import { useState } from 'react';

const count = new Intl.NumberFormat('en-IN');

/** One shop on the marketplace. "Visit Shop" is a plain link: the shop lives at its own address. */
export function ShopCard({ store }: { store: StoreCard }) {
  const [imageFailed, setImageFailed] = useState(false);
  const city = store.location.city;
  const showImage = store.image && !imageFailed;

  return (
    <li className="flex">
      <article className="flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
        <div className="aspect-video w-full overflow-hidden bg-slate-100 min-[480px]:aspect-[4/3]">
          {showImage ? (
            <img
              src={store.image ?? undefined}
              alt={store.store_name}
              loading="lazy"
              decoding="async"
              width={400}
              height={300}
              onError={() => setImageFailed(true)}
              className="size-full object-cover"
            />
          ) : (
            <div
              aria-hidden
              className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-5xl font-bold text-brand-600"
            >
              {store.store_name.trim().charAt(0).toUpperCase()}
            </div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold break-words text-slate-900">{store.store_name}</h3>
            {store.category ? (
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                {store.category.name}
              </span>
            ) : null}
          </div>
          {store.short_description ? (
            <p className="line-clamp-2 text-sm text-slate-600">{store.short_description}</p>
          ) : null}
          {city ? (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {city}
            </p>
          ) : null}
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star aria-hidden className="size-4 shrink-0 fill-amber-400 text-amber-400" />
            {store.total_reviews > 0 ? (
              <>
                <span className="font-medium">
                  <span className="sr-only">Rated </span>
                  {store.rating.toFixed(1)}
                  <span className="sr-only"> out of 5</span>
                </span>
                <span className="text-slate-500">
                  ({count.format(store.total_reviews)} {store.total_reviews === 1 ? 'review' : 'reviews'})
                </span>
              </>
            ) : (
              <span className="text-slate-500">No reviews yet</span>
            )}
          </p>
          <a
            href={store.store_url}
            className="mt-auto inline-flex items-center justify-center gap-1.5 rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Visit Shop<span className="sr-only">: {store.store_name}</span>
            <ArrowUpRight aria-hidden className="size-4" />
          </a>
        </div>
      </article>
    </li>
  );
}

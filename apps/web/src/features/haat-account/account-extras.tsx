import type { OtherShopAddress, WishlistShop } from '@haat/contracts';
import { Heart, MapPin } from 'lucide-react';
import { formatINR } from '../../lib/format.ts';
import { useQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { haatAccountApi, haatAccountKey } from './haat-account-api.ts';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8';
/** A shop's page on the main domain (the marketplace's links go there). */
const atShop = (slug: string, path = '') => `/store/${encodeURIComponent(slug)}${path}`;

function AddressItem({ a }: { a: OtherShopAddress }) {
  return (
    <li className="flex gap-3 py-3">
      <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
      <div className="min-w-0 text-sm [overflow-wrap:anywhere]">
        <p className="font-semibold text-slate-900">{a.full_name}</p>
        <p className="text-slate-700">
          {[a.address_line1, a.address_line2].filter(Boolean).join(', ')}, {a.city}, {a.state} {a.postal_code}
        </p>
        <p className="text-xs text-slate-500">
          {a.phone_number ? `${a.phone_number} · ` : ''}saved at {a.shop_name}
        </p>
      </div>
    </li>
  );
}

function WishlistAt({ shop }: { shop: WishlistShop }) {
  return (
    <li className="py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-slate-900">{shop.shop_name}</span>
        <a
          href={atShop(shop.slug, '/wishlist')}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          Open the wishlist there
        </a>
      </p>
      <ul className="mt-1 space-y-1 text-sm">
        {shop.items.map((i) => (
          <li key={i.id} className="flex justify-between gap-3">
            <a
              href={atShop(shop.slug, `/product/${i.product_id}`)}
              className="min-w-0 truncate text-slate-700 hover:underline"
            >
              {i.product_name}
              {i.variant_label ? ` (${i.variant_label})` : ''}
            </a>
            <span className="shrink-0 text-slate-900">
              {formatINR(i.price_now)}
              {i.price_drop > 0 ? (
                <span className="ml-2 text-green-700">{formatINR(i.price_drop)} less</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The marketplace account page's own sections (decision 0036): the addresses saved at the shopper's Haat shops (kept
 * once, offered at every shop's checkout) and what they saved to wishlists there, from the account's one read.
 */
export function AccountExtras() {
  const { session } = useSession();
  const account = useQuery({
    queryKey: haatAccountKey(session?.userId ?? ''),
    queryFn: ({ signal }) => haatAccountApi.mine(signal),
    enabled: !!session,
  });
  const data = account.data;
  if (!data) return null;
  const saved = data.wishlist.filter((s) => s.items.length > 0);
  return (
    <>
      <section aria-labelledby="addresses-heading" className={card}>
        <h2 id="addresses-heading" className="text-lg font-bold text-slate-900">
          Saved addresses
        </h2>
        <p className="mt-1 text-sm text-slate-600">Kept once: every Haat shop's checkout offers them.</p>
        {data.addresses.length ? (
          <ul className="mt-2 divide-y divide-slate-100">
            {data.addresses.map((a) => (
              <AddressItem key={`${a.shop_name}|${a.address_line1}|${a.postal_code}|${a.full_name}`} a={a} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-slate-700">
            No address yet: the one you give at your first checkout is kept here.
          </p>
        )}
      </section>
      <section aria-labelledby="wishlist-heading" className={card}>
        <h2 id="wishlist-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Heart aria-hidden className="size-5 text-rose-600" />
          Your wishlist
        </h2>
        {saved.length ? (
          <ul className="mt-2 divide-y divide-slate-100">
            {saved.map((s) => (
              <WishlistAt key={s.slug} shop={s} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-slate-700">
            Nothing saved yet: tap the heart on a product at any shop.
          </p>
        )}
      </section>
    </>
  );
}

import type { WishlistData, WishlistShop } from '@haat/contracts';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths, shopBase } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { queryApi } from '../../lib/api.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { platformUrl } from '../../lib/site-urls.ts';
import { toast } from '../../lib/toast.ts';
import { idsKey, listKey } from './keys.ts';
import { removeAtOtherShop } from './other-shop.ts';
import { WishlistRow } from './wishlist-item.tsx';

/** Removes a saved product: at this shop with this session, at another through a session there (other-shop.ts). */
function useRemove(slug: string) {
  const client = useQueryClient();
  const { session } = useSession();
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (shop: WishlistShop, productId: string, name: string) => {
    setRemoving(`${shop.slug}/${productId}`);
    try {
      if (shop.current) {
        await queryApi(`/api/store/wishlist/${productId}/`, { method: 'DELETE', storeOrigin: slug });
        client.setQueryData<{ product_ids: string[] }>(idsKey(slug), (old) =>
          old ? { product_ids: old.product_ids.filter((id) => id !== productId) } : old,
        );
      } else if (session) {
        await removeAtOtherShop(session.refreshToken, shop.slug, productId);
      }
      client.setQueryData<WishlistData>(listKey(slug), (old) =>
        old
          ? {
              shops: old.shops.map((s) =>
                s.slug === shop.slug ? { ...s, items: s.items.filter((i) => i.product_id !== productId) } : s,
              ),
            }
          : old,
      );
      toast.success('Removed from your wishlist', { description: name });
    } catch (err) {
      if (!shop.current) toast.error(err instanceof Error ? err.message : 'We could not remove it.');
    } finally {
      setRemoving(null);
    }
  };
  return { removing, remove };
}

/**
 * /wishlist (customers): the products saved at this shop and at every other shop of the shopper's Haat account
 * (decision 0029), by shop, with the price now and the drop since saved, stock, a link to each in its shop, and
 * Remove. A lazy route: no first page carries it.
 */
export default function WishlistPage() {
  useDocumentTitle('Your wishlist');
  const host = useHost();
  const slug = host.storeSlug ?? '';
  const base = shopBase(host.via, host.storeSlug);
  const list = useQuery({
    queryKey: listKey(slug),
    queryFn: ({ signal }) => queryApi<WishlistData>('/api/store/wishlist/', { storeOrigin: slug, signal }),
  });
  const { removing, remove } = useRemove(slug);
  const shops = (list.data?.shops ?? []).filter((s) => s.current || s.items.length > 0);
  const empty = list.isSuccess && shops.every((s) => s.items.length === 0);
  // Another shop's product: under /store/{slug} on this host when the shop is reached that way, else on the main domain.
  const hrefOf = (shop: WishlistShop, productId: string) =>
    shop.current
      ? paths.shop.product(base, productId)
      : host.via === 'path'
        ? paths.shop.product(shopBase('path', shop.slug), productId)
        : platformUrl(host.platformDomain, paths.shop.product(shopBase('path', shop.slug), productId));

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-slate-900">Your wishlist</h1>
      <p className="mt-1 text-sm text-slate-600">Saved here and at your other Haat shops.</p>
      {list.isPending ? (
        <p role="status" className="py-10 text-center text-slate-600">
          Loading your wishlist..
        </p>
      ) : list.isError ? (
        <div className="py-10 text-center">
          <p className="font-semibold text-slate-900">We couldn't load your wishlist</p>
          <button type="button" onClick={() => list.refetch()} className={`${buttonStyles.primary} mt-4`}>
            Try again
          </button>
        </div>
      ) : empty ? (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <Heart aria-hidden className="size-8 text-rose-600" />
          <p className="font-semibold text-slate-900">Nothing saved yet</p>
          <p className="text-sm text-slate-600">Tap the heart on a product to save it here.</p>
          <Link to={paths.shop.products(base)} className={buttonStyles.primary}>
            Start Shopping
          </Link>
        </div>
      ) : (
        shops
          .filter((s) => s.items.length > 0)
          .map((shop) => (
            <section key={shop.slug} aria-label={`Saved at ${shop.shop_name}`} className="mt-6">
              <h2 className="border-b border-slate-200 pb-2 text-lg font-semibold text-slate-900">
                {shop.shop_name}
                {shop.current ? (
                  <span className="ml-2 text-sm font-normal text-slate-500">this shop</span>
                ) : null}
              </h2>
              <ul className="divide-y divide-slate-100">
                {shop.items.map((item) => (
                  <WishlistRow
                    key={item.id}
                    item={item}
                    href={hrefOf(shop, item.product_id)}
                    local={shop.current}
                    slug={shop.slug}
                    removing={removing === `${shop.slug}/${item.product_id}`}
                    onRemove={() => void remove(shop, item.product_id, item.product_name)}
                  />
                ))}
              </ul>
            </section>
          ))
      )}
    </div>
  );
}

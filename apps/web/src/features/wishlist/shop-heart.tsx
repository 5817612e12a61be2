import { Heart } from 'lucide-react';

/**
 * The heart on a marketplace result (a product of any shop): a tap saves it when the shopper is signed in at that
 * shop on this address, and otherwise keeps the save and asks them to sign in there (/store/{slug}), where the
 * product's page carries it out (live-heart.tsx, loaded on the tap). Its own button (not heart.tsx's), so that the
 * marketplace's code stays out of the shops' first pages.
 */
export function ShopHeart({ slug, productId, name }: { slug: string; productId: string; name: string }) {
  const tap = () => void import('./live-heart.tsx').then((m) => m.saveAtShop(slug, { productId, name }));
  return (
    <button
      type="button"
      aria-label={`Save ${name} to wishlist`}
      onClick={tap}
      className="absolute top-2 right-2 grid size-9 place-items-center rounded-full bg-white/90 text-rose-600 shadow-sm"
    >
      <Heart aria-hidden className="size-5" />
    </button>
  );
}

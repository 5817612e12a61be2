import { Heart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useHost } from '../../app/host.tsx';
import { isCustomerOf, useSession } from '../../lib/session/session-context.tsx';

// A signed-in customer's heart (which products are saved, save and remove) loads only for them.
const LiveHeart = lazy(() => import('./live-heart.tsx'));

export interface HeartProps {
  productId: string;
  /** The option chosen on the product page. */
  variantId?: string;
  name: string;
  className?: string;
}

/** The heart's button: a toggle, pressed (and filled) when saved. */
export function HeartButton({
  name,
  className,
  saved = false,
  onTap,
}: HeartProps & { saved?: boolean; onTap?: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${name} to wishlist`}
      onClick={onTap}
      className={`grid place-items-center rounded-full bg-white/90 text-rose-600 shadow-sm ${className}`}
    >
      <Heart aria-hidden className={saved ? 'size-5 fill-current' : 'size-5'} />
    </button>
  );
}

/**
 * The heart on product cards and the product page (issue 40). A customer of this shop gets the live heart
 * (live-heart.tsx, loaded only for them: one query for the saved ids, save and remove). Anyone else's tap keeps the
 * save in this tab and asks them to sign in here (live-heart.tsx, loaded on the tap); back signed in, the live
 * heart carries it out.
 */
export function WishlistHeart(p: HeartProps) {
  const host = useHost();
  const customer = isCustomerOf(useSession(), host.storeSlug);
  return customer ? (
    <Suspense fallback={<HeartButton {...p} />}>
      <LiveHeart {...p} />
    </Suspense>
  ) : (
    <HeartButton {...p} onTap={() => void import('./live-heart.tsx').then((m) => m.signInFirst(host, p))} />
  );
}

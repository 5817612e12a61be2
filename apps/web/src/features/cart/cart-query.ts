// The cart as read (the header's count among others); the changes are in use-cart.ts, loaded with the pages
// that make them.
import type { CartData } from '@haat/contracts';
import { useHost } from '../../app/host.tsx';
import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { isCustomerOf, useLiveSession, useSession } from '../../lib/session/session-context.tsx';

export const CART_PATH = '/api/store/store-user/store-cart/';

export const cartKey = (slug: string | null) => ['cart', slug] as const;

/**
 * Whether the signed-in user is a customer of this shop (the only one with a cart here): `isCustomer` as the page
 * shows it, `customerNow` for what a tap does (it may come while the page hydrates; see useLiveSession).
 */
export function useCartOwner() {
  const slug = useHost().storeSlug;
  return {
    slug,
    isCustomer: isCustomerOf(useSession(), slug),
    customerNow: isCustomerOf(useLiveSession(), slug),
  };
}

/** The customer's server cart at this shop (01 §2 Cart page, §4 Cart). */
export function useCart() {
  const { slug, isCustomer } = useCartOwner();
  return useQuery({
    queryKey: cartKey(slug),
    queryFn: ({ signal }) => queryApi<CartData>(CART_PATH, { storeOrigin: slug, signal }),
    enabled: isCustomer,
    staleTime: 30_000,
  });
}

/** How many items are in the cart (0 when signed out or not yet loaded). */
export function useCartCount(): number {
  return useCart().data?.summary.items_count ?? 0;
}

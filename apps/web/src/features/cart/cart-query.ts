// The cart as read (the header's count among others); the changes are in use-cart.ts, loaded with the pages
// that make them.
import type { CartData } from '@haat/contracts';
import { useHost } from '../../app/host.tsx';
import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/session/session-context.tsx';

export const CART_PATH = '/api/store/store-user/store-cart/';

export const cartKey = (slug: string | null) => ['cart', slug] as const;

/** Whether the signed-in user is a customer of this shop (the only one with a cart here). */
export function useCartOwner() {
  const host = useHost();
  const { status, session } = useSession();
  const slug = host.storeSlug;
  const isCustomer =
    status === 'authenticated' && session?.role_type === 'CUSTOMER' && !!slug && session.storeSlug === slug;
  return { slug, isCustomer };
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

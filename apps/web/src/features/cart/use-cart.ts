import type { CartData } from '@haat/contracts';
import { useCallback } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths, shopBase } from '../../app/paths.ts';
import { ApiError, announceFailure, queryApi } from '../../lib/api.ts';
import { useMutation, useQueryClient } from '../../lib/query.ts';
import { useLocation, useNavigate } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { CART_PATH, cartKey, useCartOwner } from './cart-query.ts';

export { cartKey, useCart, useCartCount, useCartOwner } from './cart-query.ts';

/** A stock refusal (409) is told as Stock Limit with the server's words; anything else the usual way. */
function announceCartFailure(err: unknown) {
  if (!(err instanceof ApiError)) return;
  if (err.status === 409) toast.warning('Stock Limit', { description: err.message, duration: 5000 });
  else announceFailure(err.status, err.message);
}

/** Every cart call answers with the whole cart, which goes straight into the cache. */
export function useCartMutations() {
  const { slug } = useCartOwner();
  const client = useQueryClient();
  const put = (data: CartData) => client.setQueryData(cartKey(slug), data);
  // A cart read still in flight (e.g. the header's, started at sign-in) must not land after a change and put
  // the older cart back: cancel it first; the change answers with the whole cart anyway.
  const send = async (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) => {
    await client.cancelQueries({ queryKey: cartKey(slug) });
    return queryApi<CartData>(path, { method, body, storeOrigin: slug, silent: true });
  };

  const add = useMutation({
    mutationFn: ({
      productId,
      variantId,
      quantity,
    }: {
      productId: string;
      variantId?: string;
      quantity: number;
    }) =>
      send(CART_PATH, 'POST', {
        product_id: productId,
        ...(variantId ? { variant_id: variantId } : {}),
        quantity,
        is_selected: true,
      }),
    onSuccess: put,
    onError: announceCartFailure,
  });
  const setQuantity = useMutation({
    mutationFn: ({ lineId, quantity }: { lineId: string; quantity: number }) =>
      send(`${CART_PATH}${encodeURIComponent(lineId)}/`, 'PATCH', { quantity }),
    onSuccess: put,
    onError: announceCartFailure,
  });
  const setSelected = useMutation({
    mutationFn: ({ lineId, selected }: { lineId: string; selected: boolean }) =>
      send(`${CART_PATH}${encodeURIComponent(lineId)}/`, 'PATCH', { is_selected: selected }),
    // The tick shows at once; the totals follow with the server's answer (or the tick goes back).
    // Synchronous on purpose: the controlled checkbox must show its new state in the same turn as the click.
    onMutate: ({ lineId, selected }) => {
      const before = client.getQueryData<CartData>(cartKey(slug));
      if (before) {
        put({
          ...before,
          lines: before.lines.map((l) => (l.id === lineId ? { ...l, is_selected: selected } : l)),
        });
      }
      void client.cancelQueries({ queryKey: cartKey(slug) });
      return { before };
    },
    onSuccess: put,
    onError: (err, _vars, ctx) => {
      if (ctx?.before) put(ctx.before);
      announceCartFailure(err);
    },
  });
  const remove = useMutation({
    mutationFn: ({ lineId }: { lineId: string }) =>
      send(`${CART_PATH}${encodeURIComponent(lineId)}/`, 'DELETE'),
    onSuccess: (data) => {
      put(data);
      toast.success('Removed from cart');
    },
    onError: announceCartFailure,
  });
  // A coupon refusal (400) is shown inline under the field by the page; other failures are announced.
  const applyCoupon = useMutation({
    mutationFn: ({ code }: { code: string }) => send(`${CART_PATH}coupon/`, 'POST', { code }),
    onSuccess: put,
    onError: (err) => {
      if (err instanceof ApiError && err.status !== 400) announceCartFailure(err);
    },
  });
  const removeCoupon = useMutation({
    mutationFn: () => send(`${CART_PATH}coupon/`, 'DELETE'),
    onSuccess: put,
    onError: announceCartFailure,
  });
  return { add, setQuantity, setSelected, remove, applyCoupon, removeCoupon };
}

/**
 * Add-to-cart for product cards and the product page: a signed-out visitor is sent to the shop's customer
 * sign-in (and back here afterwards); a customer gets the item added and a toast with a way to the cart.
 */
export function useAddToCart(): (
  productId: string,
  quantity?: number,
  variantId?: string,
) => Promise<boolean> {
  const host = useHost();
  const { customerNow } = useCartOwner();
  const { loginPath } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { add } = useCartMutations();
  const base = shopBase(host.via, host.storeSlug);
  const { mutateAsync } = add;
  return useCallback(
    async (productId: string, quantity = 1, variantId?: string) => {
      if (!customerNow) {
        toast.info('Please login to add items to cart');
        navigate(loginPath(`${location.pathname}${location.search}`, 'customer'));
        return false;
      }
      try {
        await mutateAsync({ productId, variantId, quantity });
      } catch {
        return false;
      }
      toast.success('Added to cart', {
        action: { label: 'View cart', onClick: () => navigate(paths.shop.cart(base)) },
      });
      return true;
    },
    [customerNow, loginPath, navigate, location.pathname, location.search, mutateAsync, base],
  );
}

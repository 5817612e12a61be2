import type { CartData } from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import { useMutation } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { CART_PATH, cartKey } from './cart-query.ts';
import { announceCartFailure, useCartSend } from './cart-send.ts';

export { cartKey, useCart, useCartCount, useCartOwner } from './cart-query.ts';

/** The cart page's changes to its lines and coupon (adding is use-add-to-cart.ts, which the product page carries). */
export function useCartMutations() {
  const { client, slug, put, send } = useCartSend();
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
  return { setQuantity, setSelected, remove, applyCoupon, removeCoupon };
}

import type { CartData } from '@haat/contracts';
import { ApiError, announceFailure, queryApi } from '../../lib/api.ts';
import { useQueryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { CART_PATH, cartKey, useCartOwner } from './cart-query.ts';

// What every cart change shares (use-add-to-cart.ts on the product page, use-cart.ts on the cart and checkout pages):
// a product page carries the add alone, not the cart page's other changes (issue 37).

/** A stock refusal (409) is told as Stock Limit with the server's words; anything else the usual way. */
export function announceCartFailure(err: unknown) {
  if (!(err instanceof ApiError)) return;
  if (err.status === 409) toast.warning('Stock Limit', { description: err.message, duration: 5000 });
  else announceFailure(err.status, err.message);
}

/** Every cart call answers with the whole cart, which goes straight into the cache (`put`). */
export function useCartSend() {
  const { slug } = useCartOwner();
  const client = useQueryClient();
  const put = (data: CartData) => client.setQueryData(cartKey(slug), data);
  // A cart read still in flight (e.g. the header's, started at sign-in) must not land after a change and put
  // the older cart back: cancel it first; the change answers with the whole cart anyway.
  const send = async (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) => {
    await client.cancelQueries({ queryKey: cartKey(slug) });
    return queryApi<CartData>(path, { method, body, storeOrigin: slug, silent: true });
  };
  return { client, slug, put, send };
}

export interface AddLine {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** The add's mutation options: one line in, the whole cart back. */
export const addLine = ({ put, send }: ReturnType<typeof useCartSend>) => ({
  mutationFn: ({ productId, variantId, quantity }: AddLine) =>
    send(CART_PATH, 'POST', {
      product_id: productId,
      ...(variantId ? { variant_id: variantId } : {}),
      quantity,
      is_selected: true,
    }),
  onSuccess: put,
  onError: announceCartFailure,
});

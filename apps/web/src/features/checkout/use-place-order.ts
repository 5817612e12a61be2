import type { CustomerOrder, PlaceOrderBody } from '@haat/contracts';
import { useRef, useState } from 'react';
import { paths } from '../../app/paths.ts';
import { ApiError, announceFailure, queryApi } from '../../lib/api.ts';
import { useMutation, useQueryClient } from '../../lib/query.ts';
import { useNavigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { cartKey } from '../cart/index.ts';
import { orderKey, ordersKey } from '../orders/index.ts';
import { checkoutKey } from './checkout-api.ts';

interface PlacedOrder {
  order_id: string;
  order: CustomerOrder;
}

const CONFLICT_TITLES: Record<string, string> = {
  OUT_OF_STOCK: 'Out of stock',
  PRICE_CHANGED: 'Price changed',
  CART_CHANGED: 'Your cart changed',
  HELD: 'Held by another shopper',
};

/** A v4 UUID; crypto.randomUUID only exists on secure pages, so plain-http custom domains build one. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Place Order (02 §7). One Idempotency-Key per attempt: sending the same body again (a retry after a lost
 * answer) reuses it, so the server never makes two orders of it; a changed body is a new attempt.
 * A 409 (stock, price or cart changed) is told in a toast and at the top of checkout, and checkout reloads.
 */
export function usePlaceOrder(slug: string, base: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      queryApi<PlacedOrder>('/api/store/order/create-order/', {
        method: 'POST',
        body,
        storeOrigin: slug,
        headers: { 'Idempotency-Key': key },
        silent: true,
      }),
    onSuccess: ({ order_id, order }) => {
      attempt.current = null;
      client.setQueryData(orderKey(slug, order_id), order);
      void client.invalidateQueries({ queryKey: cartKey(slug) });
      void client.invalidateQueries({ queryKey: ordersKey(slug) });
      toast.success('Order placed successfully!');
      // Paying online: the thank-you page opens the gateway's checkout at once (orders/online-payment.tsx).
      const pay = order.payment_method === 'ONLINE' ? '&pay=1' : '';
      navigate(`${paths.shop.orderSuccess(base, order_id)}${pay}`);
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      if (err.status === 409) {
        const reason = err.envelope?.error.reason ?? '';
        setProblem(err.message);
        toast.warning(CONFLICT_TITLES[reason] ?? 'Conflict', { description: err.message, duration: 6000 });
        void client.invalidateQueries({ queryKey: checkoutKey(slug) });
        return;
      }
      const issue = err.envelope?.error.issues?.[0]?.message;
      if (err.status === 400) setProblem(issue ?? err.message);
      announceFailure(err.status, issue ?? err.message);
    },
  });

  const place = (body: PlaceOrderBody) => {
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    setProblem(null);
    mutation.mutate({ body, key: attempt.current.key });
  };

  // Still busy after success: the page is on its way to the success screen.
  return { place, busy: mutation.isPending || mutation.isSuccess, problem };
}

import type { CartData, CustomerOrder, OrderTab } from '@haat/contracts';
import type { CancelReason, ReturnKind } from '@haat/contracts/order-reasons';
import { paths } from '../../app/paths.ts';
import { ApiError, queryApi } from '../../lib/api.ts';
import {
  type InfiniteData,
  type QueryClientApi,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../lib/query.ts';
import { useNavigate } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { cartKey } from '../cart/index.ts';
import { fetchOrdersPage, type OrdersPage } from './fetch-orders.ts';

const ORDER_PATH = '/api/store/store-user/store-order/';

export const ordersKey = (slug: string) => ['orders', slug] as const;
const listKey = (slug: string, status: OrderTab) => [...ordersKey(slug), 'list', status] as const;
export const orderKey = (slug: string, id: string) => [...ordersKey(slug), 'detail', id] as const;

/** Your Orders, one tab at a time, ten orders per page (cursor pagination). */
export function useOrderList(slug: string, status: OrderTab) {
  const { session } = useSession();
  const token = session?.accessToken ?? null;
  return useInfiniteQuery({
    queryKey: listKey(slug, status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchOrdersPage(slug, token, status, pageParam, signal),
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
}

/**
 * One order of this customer. `success` reads it through the order-success call (right after placing it),
 * otherwise through the customer's order call; both answer the same shape. 404: not this customer's order.
 */
export function useOrder(slug: string, id: string, via: 'success' | 'detail' = 'detail') {
  const path =
    via === 'success'
      ? `/api/store/order/${encodeURIComponent(id)}/success-order/`
      : `${ORDER_PATH}${encodeURIComponent(id)}/`;
  return useQuery({
    queryKey: orderKey(slug, id),
    queryFn: ({ signal }) => queryApi<CustomerOrder>(path, { storeOrigin: slug, signal, silent: true }),
    enabled: !!id,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

/** Puts a changed order into its own cache and into every loaded list page, then has the lists reload. */
function putOrder(client: QueryClientApi, slug: string, order: CustomerOrder) {
  client.setQueryData(orderKey(slug, order.id), order);
  client.setQueriesData<InfiniteData<OrdersPage>>({ queryKey: [...ordersKey(slug), 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((o) => (o.id === order.id ? order : o)),
          })),
        }
      : data,
  );
  void client.invalidateQueries({ queryKey: [...ordersKey(slug), 'list'], refetchType: 'none' });
}

/** Cancel with a chosen reason and words (required for Other). */
export interface CancelRequest {
  reason_code?: CancelReason;
  reason?: string;
}
/** Return or exchange some units of some lines. */
export interface ReturnRequest {
  reason: string;
  kind: ReturnKind;
  items: { item_id: string; quantity: number }[];
}

interface BuyAgainResult {
  cart: CartData;
  added: number;
  /** The units put back (the server counts them; `added` counts the order's lines). */
  units: number;
  skipped: { name: string; reason: string }[];
}

/** Cancel, return, review and buy again: the same actions on an order card and on the order page. */
export function useOrderActions(slug: string, base: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const post = <T>(path: string, body?: unknown) =>
    queryApi<T>(path, { method: 'POST', body, storeOrigin: slug });

  const cancel = useMutation({
    mutationFn: ({ id, ...body }: { id: string } & CancelRequest) =>
      queryApi<CustomerOrder>(`${ORDER_PATH}${encodeURIComponent(id)}/cancel/`, {
        method: 'POST',
        body,
        storeOrigin: slug,
        silent: true,
      }),
    onSuccess: (order) => {
      putOrder(client, slug, order);
      // The stock went back: product pages read it again.
      void client.invalidateQueries({ queryKey: ['product', slug] });
      toast.success('Order cancelled', { description: `Order ${order.order_number} has been cancelled.` });
    },
  });
  const requestReturn = useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ReturnRequest) =>
      queryApi<CustomerOrder>(`${ORDER_PATH}${encodeURIComponent(id)}/return/`, {
        method: 'POST',
        body,
        storeOrigin: slug,
        silent: true,
      }),
    onSuccess: (order, { kind }) => {
      putOrder(client, slug, order);
      toast.success(kind === 'EXCHANGE' ? 'Exchange requested' : 'Return requested', {
        description: 'We mailed you a confirmation. The shop will get in touch about the pickup.',
      });
    },
  });
  const review = useMutation({
    mutationFn: (v: { order: CustomerOrder; productId: string; rating: number; description: string }) =>
      queryApi<unknown>(`/api/store/stores/product/${encodeURIComponent(v.productId)}/product-reviews/`, {
        method: 'POST',
        body: { rating: v.rating, description: v.description, order_id: v.order.id },
        storeOrigin: slug,
        silent: true,
      }),
    onSuccess: (_data, { order, productId }) => {
      const items = order.product.items.map((i) =>
        i.product_id === productId ? { ...i, reviewed: true } : i,
      );
      putOrder(client, slug, { ...order, product: { ...order.product, items } });
      void client.invalidateQueries({ queryKey: orderKey(slug, order.id) });
      for (const key of ['product', 'product-reviews', 'product-review-analytics']) {
        void client.invalidateQueries({ queryKey: [key, slug, productId] });
      }
      toast.success('Thank you for your review!');
    },
  });
  const buyAgain = useMutation({
    mutationFn: (order: CustomerOrder) =>
      post<BuyAgainResult>(`${ORDER_PATH}${encodeURIComponent(order.id)}/buy-again/`),
    onSuccess: ({ cart, added, units, skipped }) => {
      client.setQueryData(cartKey(slug), cart);
      const skippedText = skipped.map((s) => `${s.name} (${s.reason})`).join(', ');
      const description = skipped.length ? `Not added: ${skippedText}` : undefined;
      if (added > 0) {
        toast.success(`Added ${units} ${units === 1 ? 'item' : 'items'} to your cart`, { description });
        navigate(paths.shop.cart(base));
      } else toast.warning('Nothing was added to your cart', { description, duration: 6000 });
    },
  });
  return { cancel, requestReturn, review, buyAgain };
}

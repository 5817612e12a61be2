import type { PosCheckoutBody, PosCustomer, PosProduct, PosSale } from '@haat/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { PosCustomer, PosProduct, PosSale };

export interface CounterInfo {
  shop_name: string;
  upi_id: string | null;
  gst_registered: boolean;
  gstin: string | null;
  legal_name: string | null;
  address: string[];
  phone: string | null;
}

/** The point of sale's calls (02 §7 `order/pos-checkout/` and the counter's look-ups under /api/admin/pos/). */
export const posApi = {
  counter: (slug: string, signal?: AbortSignal) => adminCall<CounterInfo>(slug, '/pos/counter/', { signal }),
  search: (slug: string, search: string, signal?: AbortSignal) =>
    adminCall<{ products: PosProduct[] }>(slug, '/pos/products/', {
      query: { search, limit: 20 },
      signal,
      errorMessage: 'Failed to fetch products',
    }),
  /** Silent: the screen shows 'Product not found with this barcode' itself. */
  barcode: (slug: string, code: string) =>
    adminCall<{ product: PosProduct }>(slug, `/pos/barcode/${encodeURIComponent(code)}/`, { silent: true }),
  customer: (slug: string, phone: string, signal?: AbortSignal) =>
    adminCall<{ customer: PosCustomer | null }>(slug, '/pos/customer/', {
      query: { phone },
      signal,
      silent: true,
    }),
  upi: (slug: string, amount: number, signal?: AbortSignal) =>
    adminCall<{ upi_id: string; upi_link: string; qr_svg: string; amount: number }>(slug, '/pos/upi/', {
      query: { amount },
      signal,
    }),
  /** Silent: the payment dialog shows what went wrong, and keeps the bill for a retry with the same key. */
  checkout: (slug: string, body: PosCheckoutBody, key: string) =>
    adminCall<PosSale>(slug, '/order/pos-checkout/', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': key },
      silent: true,
    }),
  mailReceipt: (slug: string, orderId: string, email: string) =>
    adminCall<{ email: string }>(slug, `/order/pos-checkout/${encodeURIComponent(orderId)}/receipt-mail/`, {
      method: 'POST',
      body: { email },
      successToast: true,
    }),
};

export const posKeys = {
  all: (slug: string) => adminKey(slug, 'pos'),
  counter: (slug: string) => adminKey(slug, 'pos', 'counter'),
  search: (slug: string, q: string) => adminKey(slug, 'pos', 'search', q),
};

export function useCounter() {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: posKeys.counter(slug),
    queryFn: ({ signal }) => posApi.counter(slug, signal),
    enabled: !!shop,
    staleTime: 60_000,
  });
}

/** Products to sell as the cashier types (server-side search; best sellers when empty). */
export function useProductSearch(search: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: posKeys.search(slug, search),
    queryFn: ({ signal }) => posApi.search(slug, search, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

/** After a sale: the product list shows the new stock. */
export function useReloadProducts() {
  const qc = useQueryClient();
  const { shop } = useSelectedShop();
  return () => qc.invalidateQueries({ queryKey: posKeys.all(shop?.slug ?? '') });
}

import type {
  GoodsReceipt,
  GoodsReceiptBody,
  PurchaseOrderBody,
  PurchaseOrderDetail,
  PurchaseOrderStatus,
  PurchaseOrderSummary,
  PurchaseProduct,
  SupplierBalance,
  SupplierBill,
  SupplierBillBody,
  SupplierPayment,
  SupplierPaymentBody,
  SupplierStatement,
} from '@haat/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { PurchaseOrderDetail, PurchaseProduct, SupplierBalance, SupplierStatement };
export interface OrderListQuery {
  status?: PurchaseOrderStatus;
  supplier_id?: string;
  limit: number;
  offset: number;
}
export interface SupplierOption {
  id: string;
  supplier_name: string;
  company_name: string;
}

const enc = encodeURIComponent;

/** The calls of buying stock (issue 38): purchase orders, receipts, supplier bills, payments and statements. */
export const purchasesApi = {
  list: (slug: string, q: OrderListQuery, signal?: AbortSignal) =>
    adminCall<{ results: PurchaseOrderSummary[]; count: number }>(slug, '/purchase-order/', {
      query: { ...q },
      signal,
      errorMessage: 'Failed to fetch purchase orders',
    }),
  get: (slug: string, id: string, signal?: AbortSignal) =>
    adminCall<PurchaseOrderDetail>(slug, `/purchase-order/${enc(id)}/`, { signal, silent: true }),
  save: (slug: string, id: string | null, body: PurchaseOrderBody) =>
    adminCall<PurchaseOrderDetail>(slug, id ? `/purchase-order/${enc(id)}/` : '/purchase-order/', {
      method: id ? 'PUT' : 'POST',
      body,
      silent: true,
    }),
  send: (slug: string, id: string) =>
    adminCall<{ order: PurchaseOrderDetail; whatsapp_text: string; whatsapp_link: string }>(
      slug,
      `/purchase-order/${enc(id)}/send/`,
      { method: 'POST' },
    ),
  cancel: (slug: string, id: string) =>
    adminCall<PurchaseOrderDetail>(slug, `/purchase-order/${enc(id)}/cancel/`, { method: 'POST' }),
  products: (slug: string, search: string, signal?: AbortSignal) =>
    adminCall<{ products: PurchaseProduct[] }>(slug, '/purchase-order/products/', {
      query: search ? { search } : {},
      signal,
      silent: true,
    }),
  receive: (slug: string, body: GoodsReceiptBody) =>
    adminCall<GoodsReceipt>(slug, '/goods-receipt/', { method: 'POST', body, silent: true }),
  suppliers: (slug: string, signal?: AbortSignal) =>
    adminCall<SupplierOption[]>(slug, '/supplier/', { signal, errorMessage: 'Failed to fetch suppliers' }),
  balances: (slug: string, signal?: AbortSignal) =>
    adminCall<SupplierBalance[]>(slug, '/supplier-account/', {
      signal,
      errorMessage: 'Failed to fetch balances',
    }),
  statement: (slug: string, id: string, q: { from?: string; to?: string }, signal?: AbortSignal) =>
    adminCall<SupplierStatement>(slug, `/supplier-account/${enc(id)}/statement/`, { query: q, signal }),
  addBill: (slug: string, body: SupplierBillBody) =>
    adminCall<SupplierBill>(slug, '/supplier-bill/', { method: 'POST', body, silent: true }),
  pay: (slug: string, body: SupplierPaymentBody) =>
    adminCall<{ payment: SupplierPayment; balance: number }>(slug, '/supplier-payment/', {
      method: 'POST',
      body,
      silent: true,
    }),
};

const keys = {
  all: (slug: string) => adminKey(slug, 'purchases'),
  list: (slug: string, q: OrderListQuery) => adminKey(slug, 'purchases', 'list', q),
  one: (slug: string, id: string) => adminKey(slug, 'purchases', 'one', id),
  products: (slug: string, search: string) => adminKey(slug, 'purchases', 'products', search),
  suppliers: (slug: string) => adminKey(slug, 'purchases', 'suppliers'),
  balances: (slug: string) => adminKey(slug, 'purchases', 'balances'),
  statement: (slug: string, id: string, q: object) => adminKey(slug, 'purchases', 'statement', id, q),
};

function useSlug() {
  const { shop } = useSelectedShop();
  return { slug: shop?.slug ?? '', ready: !!shop };
}

export function usePurchaseOrders(q: OrderListQuery) {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.list(slug, q),
    queryFn: ({ signal }) => purchasesApi.list(slug, q, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: string) {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.one(slug, id),
    queryFn: ({ signal }) => purchasesApi.get(slug, id, signal),
    enabled: ready && !!id,
  });
}

export function usePurchaseProducts(search: string) {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.products(slug, search),
    queryFn: ({ signal }) => purchasesApi.products(slug, search, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export function useSupplierOptions() {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.suppliers(slug),
    queryFn: ({ signal }) => purchasesApi.suppliers(slug, signal),
    enabled: ready,
  });
}

export function useSupplierBalances() {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.balances(slug),
    queryFn: ({ signal }) => purchasesApi.balances(slug, signal),
    enabled: ready,
  });
}

export function useSupplierStatement(id: string, q: { from?: string; to?: string }) {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.statement(slug, id, q),
    queryFn: ({ signal }) => purchasesApi.statement(slug, id, q, signal),
    enabled: ready && !!id,
  });
}

/** Any write of buying stock: its answer, then every purchases query of the shop (and the inventory's) read again. */
export function usePurchaseWrite<A, R>(fn: (slug: string, args: A) => Promise<R>) {
  const { slug } = useSlug();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(slug, args),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all(slug) });
      void client.invalidateQueries({ queryKey: adminKey(slug, 'inventory') });
    },
  });
}

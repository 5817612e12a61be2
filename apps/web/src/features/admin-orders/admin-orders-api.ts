import type {
  AdminOrderDetails,
  AdminOrderList,
  AdminOrderQuery,
  AdminOrderStatusBody,
  bulkStatusResult,
  EditOrderBody,
  ShippingBody,
} from '@haat/contracts';
import type { z } from 'zod';
import { ApiError, isNotFound } from '../../lib/api.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';

export type { AdminOrderDetails, AdminOrderList };
export type AdminOrderRow = AdminOrderList['order_list'][number];
export type OrderListQuery = Partial<AdminOrderQuery>;
export type BulkResult = z.infer<typeof bulkStatusResult>;
type Details = { order_details: AdminOrderDetails };

/** The calls of Order Management and the order page (02 §7 admin `order/`, `order/{id}/` and the actions). */
export const adminOrdersApi = {
  list: (slug: string, q: OrderListQuery, signal?: AbortSignal) =>
    adminCall<AdminOrderList>(slug, '/order/', { query: q, signal, errorMessage: 'Failed to fetch orders' }),
  get: (slug: string, id: string, signal?: AbortSignal) =>
    adminCall<Details>(slug, `/order/${encodeURIComponent(id)}/`, { signal, silent: true }),
  // Silent on failure: a dialog shows its errors beside its fields, and a move without one says it once itself.
  status: (slug: string, id: string, body: AdminOrderStatusBody) =>
    adminCall<Details>(slug, `/order/${encodeURIComponent(id)}/status/`, {
      method: 'PUT',
      body,
      successToast: true,
      silent: true,
    }),
  shipping: (slug: string, id: string, body: ShippingBody) =>
    adminCall<Details>(slug, `/order/${encodeURIComponent(id)}/shipping/`, {
      method: 'PUT',
      body,
      silent: true,
    }),
  payment: (slug: string, id: string, body: { utr: string; version: number }) =>
    adminCall<Details>(slug, `/order/${encodeURIComponent(id)}/payment/`, {
      method: 'POST',
      body,
      silent: true,
    }),
  edit: (slug: string, id: string, body: EditOrderBody) =>
    adminCall<Details>(slug, `/order/${encodeURIComponent(id)}/`, { method: 'PUT', body, silent: true }),
  decideReturn: (
    slug: string,
    id: string,
    body: { decision: 'ACCEPT' | 'DECLINE'; note?: string; item_ids?: string[]; version: number },
  ) =>
    adminCall<Details>(slug, `/order/${encodeURIComponent(id)}/return/`, {
      method: 'POST',
      body,
      successToast: true,
    }),
  bulk: (slug: string, body: { ids: string[]; status: string; reason?: string }) =>
    adminCall<BulkResult>(slug, '/order/bulk-status/', { method: 'POST', body }),
};

export const adminOrderKeys = {
  all: (slug: string) => adminKey(slug, 'orders'),
  list: (slug: string, q: OrderListQuery) => adminKey(slug, 'orders', 'list', q),
  one: (slug: string, id: string) => adminKey(slug, 'orders', 'one', id),
};

export function useOrderList(q: OrderListQuery) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: adminOrderKeys.list(slug, q),
    queryFn: ({ signal }) => adminOrdersApi.list(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: adminOrderKeys.one(slug, id),
    queryFn: ({ signal }) => adminOrdersApi.get(slug, id, signal).then((d) => d.order_details),
    enabled: !!shop,
    retry: (n, e) => !isNotFound(e) && n < 2,
  });
}

/** Whether a failed change was refused because someone else changed the order first. */
export const changedMeanwhile = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && e.envelope?.error.reason === 'ORDER_CHANGED';

/**
 * A change to one order: on success the page shows the server's order at once and the list refetches; when the
 * order changed meanwhile (409 ORDER_CHANGED) the page reloads it, so the vendor sees what is there now.
 */
export function useOrderChange<V>(
  id: string,
  send: (slug: string, v: V) => Promise<Details>,
  success?: string,
) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => send(slug, v),
    onSuccess: (d) => {
      qc.setQueryData(adminOrderKeys.one(slug, id), d.order_details);
      void qc.invalidateQueries({ queryKey: adminKey(slug, 'orders', 'list') });
      void qc.invalidateQueries({ queryKey: adminKey(slug, 'dashboard') });
      // The order page's "Changes to this order" reads the audit trail: show this change there at once.
      void qc.invalidateQueries({ queryKey: adminKey(slug, 'audit') });
      if (success) toast.success('Success', { description: success });
    },
    onError: (e) => {
      if (changedMeanwhile(e)) void qc.invalidateQueries({ queryKey: adminOrderKeys.one(slug, id) });
    },
  });
}

export function useBulkStatus() {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { ids: string[]; status: string; reason?: string }) => adminOrdersApi.bulk(slug, v),
    onSettled: () => qc.invalidateQueries({ queryKey: adminOrderKeys.all(slug) }),
  });
}

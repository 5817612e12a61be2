import type {
  CreditLimitBody,
  CustomerDetail,
  CustomerPage,
  CustomerQuery,
  CustomerReminder,
  KhataPaymentBody,
} from '@haat/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { CustomerDetail, CustomerReminder };
export type CustomerListQuery = Partial<CustomerQuery>;

/** The calls of the customer book and khata (issue 38, `/api/admin/customer/...`). */
export const customersApi = {
  list: (slug: string, q: CustomerListQuery, signal?: AbortSignal) =>
    adminCall<CustomerPage>(slug, '/customer/', {
      query: q,
      signal,
      errorMessage: 'Failed to fetch customers',
    }),
  get: (slug: string, id: string, signal?: AbortSignal) =>
    adminCall<CustomerDetail>(slug, `/customer/${encodeURIComponent(id)}/`, { signal, silent: true }),
  /** The counter's look-up: the book's row of a phone, for its balance and credit limit. */
  byPhone: (slug: string, phone: string, signal?: AbortSignal) =>
    adminCall<CustomerPage>(slug, '/customer/', { query: { search: phone, limit: 1 }, signal, silent: true }),
  creditLimit: (slug: string, id: string, body: CreditLimitBody) =>
    adminCall<CustomerDetail>(slug, `/customer/${encodeURIComponent(id)}/credit-limit/`, {
      method: 'PUT',
      body,
      silent: true,
    }),
  pay: (slug: string, id: string, body: KhataPaymentBody) =>
    adminCall<{ balance: number; settled_orders: string[] }>(
      slug,
      `/customer/${encodeURIComponent(id)}/payment/`,
      {
        method: 'POST',
        body,
        silent: true,
      },
    ),
  reminder: (slug: string, id: string) =>
    adminCall<CustomerReminder>(slug, `/customer/${encodeURIComponent(id)}/reminder/`, { silent: true }),
};

const keys = {
  all: (slug: string) => adminKey(slug, 'customers'),
  list: (slug: string, q: CustomerListQuery) => adminKey(slug, 'customers', 'list', q),
  one: (slug: string, id: string) => adminKey(slug, 'customers', 'one', id),
  phone: (slug: string, phone: string) => adminKey(slug, 'customers', 'phone', phone),
  reminder: (slug: string, id: string) => adminKey(slug, 'customers', 'reminder', id),
};

export function useCustomers(q: CustomerListQuery) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.list(slug, q),
    queryFn: ({ signal }) => customersApi.list(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.one(slug, id),
    queryFn: ({ signal }) => customersApi.get(slug, id, signal),
    enabled: !!shop && !!id,
  });
}

/** The book's row of a 10-digit phone (null when the customer is new to the shop). */
export function useCustomerByPhone(phone: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const valid = /^[6-9]\d{9}$/.test(phone);
  return useQuery({
    queryKey: keys.phone(slug, phone),
    queryFn: async ({ signal }) =>
      (await customersApi.byPhone(slug, phone, signal)).results.find((c) => c.phone === phone) ?? null,
    enabled: !!shop && valid,
  });
}

export function useReminder(id: string, enabled: boolean) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.reminder(slug, id),
    queryFn: () => customersApi.reminder(slug, id),
    enabled: !!shop && enabled,
  });
}

function useCustomerMutation<B, R>(id: string, call: (slug: string, id: string, body: B) => Promise<R>) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => call(slug, id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all(slug) }),
  });
}

export const useCreditLimit = (id: string) => useCustomerMutation(id, customersApi.creditLimit);
export const useReceivePayment = (id: string) => useCustomerMutation(id, customersApi.pay);

/** After a sale on credit the book's figures change. */
export function useRefreshCustomers() {
  const { shop } = useSelectedShop();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all(shop?.slug ?? '') });
}

import type { RefundBody, Transaction, TransactionDetails, TransactionQuery } from '@haat/contracts';
import { isNotFound } from '../../lib/api.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { Transaction, TransactionDetails };
export type TransactionListQuery = Partial<TransactionQuery>;
export interface TransactionStats {
  total_revenue: number;
  total_transaction: number;
  total_pending_transaction: number;
  total_failed_transaction: number;
}

/** The calls of Transaction Management and the transaction page (02 §7 admin `/transaction/...`). */
export const transactionsApi = {
  list: (slug: string, q: TransactionListQuery, signal?: AbortSignal) =>
    adminCall<{ results: Transaction[]; count: number }>(slug, '/transaction/', {
      query: q,
      signal,
      errorMessage: 'Failed to fetch transactions',
    }),
  stats: (slug: string, q: { from?: string; to?: string }, signal?: AbortSignal) =>
    adminCall<TransactionStats>(slug, '/transaction/transaction-stats/', { query: q, signal, silent: true }),
  get: (slug: string, id: string, signal?: AbortSignal) =>
    adminCall<TransactionDetails>(slug, `/transaction/${encodeURIComponent(id)}/`, { signal, silent: true }),
  refund: (slug: string, id: string, body: RefundBody) =>
    adminCall<TransactionDetails>(slug, `/transaction/${encodeURIComponent(id)}/refund/`, {
      method: 'POST',
      body,
      silent: true,
    }),
};

const keys = {
  all: (slug: string) => adminKey(slug, 'transactions'),
  list: (slug: string, q: TransactionListQuery) => adminKey(slug, 'transactions', 'list', q),
  stats: (slug: string, q: object) => adminKey(slug, 'transactions', 'stats', q),
  one: (slug: string, id: string) => adminKey(slug, 'transactions', 'one', id),
};

export function useTransactions(q: TransactionListQuery) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.list(slug, q),
    queryFn: ({ signal }) => transactionsApi.list(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

export function useTransactionStats(q: { from?: string; to?: string }) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.stats(slug, q),
    queryFn: ({ signal }) => transactionsApi.stats(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(id: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.one(slug, id),
    queryFn: ({ signal }) => transactionsApi.get(slug, id, signal),
    enabled: !!shop,
    retry: (n, e) => !isNotFound(e) && n < 2,
  });
}

export function useRefund(id: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => transactionsApi.refund(slug, id, body),
    onSuccess: (d) => {
      qc.setQueryData(keys.one(slug, id), d);
      void qc.invalidateQueries({ queryKey: keys.all(slug) });
      void qc.invalidateQueries({ queryKey: adminKey(slug, 'orders') });
      void qc.invalidateQueries({ queryKey: adminKey(slug, 'dashboard') });
    },
  });
}

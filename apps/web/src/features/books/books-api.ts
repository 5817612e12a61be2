import type { Expense, ExpenseBody, ExpensePage, ProfitLoss } from '@haat/contracts';
import { downloadFile, type FileRequest } from '../../lib/download.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { Expense, ExpenseBody, ExpensePage, ProfitLoss };
/** The list's filters and page, as the server reads them. */
export type ExpenseQuery = {
  month?: string;
  category?: string;
  page: number;
  page_size: number;
};

/** The calls of the books (issue 38): expenses and the profit and loss. */
export const booksApi = {
  expenses: (slug: string, q: ExpenseQuery, signal?: AbortSignal) =>
    adminCall<ExpensePage>(slug, '/expense/', { query: q, signal, errorMessage: 'Failed to fetch expenses' }),
  add: (slug: string, body: ExpenseBody) =>
    adminCall<Expense>(slug, '/expense/', { method: 'POST', body, silent: true }),
  save: (slug: string, id: string, body: ExpenseBody) =>
    adminCall<Expense>(slug, `/expense/${encodeURIComponent(id)}/`, { method: 'PUT', body, silent: true }),
  remove: (slug: string, id: string) =>
    adminCall<{ id: string }>(slug, `/expense/${encodeURIComponent(id)}/`, {
      method: 'DELETE',
      errorMessage: 'The expense could not be deleted',
    }),
  profitLoss: (slug: string, q: { from: string; to: string }, signal?: AbortSignal) =>
    adminCall<ProfitLoss>(slug, '/profit-loss/', {
      query: q,
      signal,
      errorMessage: 'Failed to fetch the profit and loss',
    }),
  profitLossCsv: (q: { from: string; to: string }, req: FileRequest) =>
    downloadFile(
      `/api/admin/profit-loss/export.csv?${new URLSearchParams(q)}`,
      `profit-loss-${q.from}-to-${q.to}.csv`,
      { ...req, errorMessage: 'The CSV could not be made' },
    ),
};

const keys = {
  all: (slug: string) => adminKey(slug, 'books'),
  expenses: (slug: string, q: ExpenseQuery) => adminKey(slug, 'books', 'expenses', q),
  profit: (slug: string, q: object) => adminKey(slug, 'books', 'profit', q),
};

export function useExpenses(q: ExpenseQuery) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.expenses(slug, q),
    queryFn: ({ signal }) => booksApi.expenses(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

export function useProfitLoss(q: { from: string; to: string }) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: keys.profit(slug, q),
    queryFn: ({ signal }) => booksApi.profitLoss(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

/** After an expense changes: its list and the profit and loss are read again. */
export function useRefreshBooks() {
  const { shop } = useSelectedShop();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all(shop?.slug ?? '') });
}

export function useDeleteExpense() {
  const { shop } = useSelectedShop();
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (id: string) => booksApi.remove(shop?.slug ?? '', id),
    onSuccess: () => refresh(),
  });
}

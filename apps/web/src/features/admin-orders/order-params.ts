import { ADMIN_ORDER_SORTS, ADMIN_ORDER_STATUS_FILTERS, ADMIN_PAYMENT_FILTERS } from '@haat/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import type { OrderListQuery } from './admin-orders-api.ts';

export const PAGE_SIZE = 10;
export type StatusFilter = (typeof ADMIN_ORDER_STATUS_FILTERS)[number];
export type PaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];
export type OrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'CONFIRMED', label: 'Confirmed' },
  { value: 'PROCESSING', label: 'Processing' },
  { value: 'SHIPPED', label: 'Shipped' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'CANCELLED', label: 'Cancelled' },
  { value: 'RETURNED', label: 'Returned' },
  { value: 'RTO', label: 'RTO (returning)' },
  { value: 'RETURN_REQUESTED', label: 'Return requested' },
  { value: 'RISKY_COD', label: 'Risky COD' },
];
export const PAYMENT_FILTERS: { value: PaymentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'PAID', label: 'Paid' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'REFUNDED', label: 'Refunded' },
];
export const SORTS: { value: OrderSort; label: string }[] = [
  { value: 'date_desc', label: 'Newest first' },
  { value: 'date_asc', label: 'Oldest first' },
  { value: 'amount_desc', label: 'Amount: high to low' },
  { value: 'amount_asc', label: 'Amount: low to high' },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(v: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;

export interface OrderFilters {
  search: string;
  status: StatusFilter;
  payment_status: PaymentFilter;
  from: string;
  to: string;
  sort: OrderSort;
  page: number;
}
const DEFAULTS: Omit<OrderFilters, 'page'> = {
  search: '',
  status: 'all',
  payment_status: 'all',
  from: '',
  to: '',
  sort: 'date_desc',
};

/**
 * Order Management's filters, sort and page live in the address (`/admin-orders/?status=PENDING&page=2`), so a
 * filtered list can be linked to, reloaded and gone back to. Changing a filter goes back to page 1.
 */
export function useOrderParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<OrderFilters>(() => {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return {
      search: params.get('search') ?? '',
      status: oneOf(params.get('status'), ADMIN_ORDER_STATUS_FILTERS, 'all'),
      payment_status: oneOf(params.get('payment_status'), ADMIN_PAYMENT_FILTERS, 'all'),
      from: DATE.test(from) ? from : '',
      to: DATE.test(to) ? to : '',
      sort: oneOf(params.get('sort'), ADMIN_ORDER_SORTS, 'date_desc'),
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    };
  }, [params]);

  const update = useCallback(
    (patch: Partial<OrderFilters>, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            const isDefault = v === (DEFAULTS as Record<string, unknown>)[k] || (k === 'page' && v === 1);
            if (isDefault) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: opts.replace },
      );
    },
    [setParams],
  );

  const query = useMemo<OrderListQuery>(
    () => ({
      search: filters.search || undefined,
      status: filters.status,
      payment_status: filters.payment_status,
      from: filters.from || undefined,
      to: filters.to && (!filters.from || filters.to >= filters.from) ? filters.to : undefined,
      sort: filters.sort,
      limit: PAGE_SIZE,
      offset: (filters.page - 1) * PAGE_SIZE,
    }),
    [filters],
  );
  const active =
    !!filters.search ||
    filters.status !== 'all' ||
    filters.payment_status !== 'all' ||
    !!filters.from ||
    !!filters.to;
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { filters, query, update, active, clear };
}

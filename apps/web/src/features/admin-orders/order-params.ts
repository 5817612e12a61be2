import { ADMIN_ORDER_SORTS, ADMIN_ORDER_STATUS_FILTERS, ADMIN_PAYMENT_FILTERS } from '@haat/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { type ListParams, listParam, queryRange, useListParams } from '../../lib/list-params.ts';
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

/**
 * Order Management's filters, sort and page live in the address (`/admin-orders/?status=PENDING&page=2`), so a
 * filtered list can be linked to, reloaded and gone back to. Changing a filter goes back to page 1.
 */
export const orderParamsSchema = z.object({
  search: listParam.text(),
  status: listParam.oneOf(ADMIN_ORDER_STATUS_FILTERS, 'all'),
  payment_status: listParam.oneOf(ADMIN_PAYMENT_FILTERS, 'all'),
  from: listParam.date(),
  to: listParam.date(),
  sort: listParam.oneOf(ADMIN_ORDER_SORTS, 'date_desc'),
  page: listParam.page(),
});
export type OrderFilters = ListParams<typeof orderParamsSchema.shape>;

export function useOrderParams() {
  const params = useListParams(orderParamsSchema, { pageSize: PAGE_SIZE });
  const filters = params.values;
  const query = useMemo<OrderListQuery>(
    () => ({
      search: filters.search || undefined,
      status: filters.status,
      payment_status: filters.payment_status,
      ...queryRange(filters.from, filters.to),
      sort: filters.sort,
      limit: PAGE_SIZE,
      offset: (filters.page - 1) * PAGE_SIZE,
    }),
    [filters],
  );
  return { ...params, filters, query };
}

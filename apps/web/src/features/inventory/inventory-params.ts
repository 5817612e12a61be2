import { INVENTORY_SORTS } from '@haat/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { type ListParams, listParam, useListParams } from '../../lib/list-params.ts';
import type { ListQuery } from './inventory-api.ts';

export const PAGE_SIZE = 10;
export type Sort = (typeof INVENTORY_SORTS)[number];
export type StockFilter = 'all' | 'in_stock' | 'low_stock' | 'out_of_stock';
export type StatusFilter = 'ACTIVE' | 'ARCHIVED' | 'all';

export const STOCK_FILTERS: { value: StockFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'in_stock', label: 'In Stock' },
  { value: 'out_of_stock', label: 'Out of Stock' },
  { value: 'low_stock', label: 'Low Stock' },
];
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'ARCHIVED', label: 'Archived' },
  { value: 'all', label: 'Active and archived' },
];

/**
 * The list's filters, sort and page live in the address (`/inventory/?stock=low_stock&page=2`), so a filtered
 * list can be linked to, reloaded and gone back to. Changing a filter goes back to page 1.
 */
export const inventoryParamsSchema = z.object({
  search: listParam.text(),
  category: listParam.text(),
  stock: listParam.oneOf(
    STOCK_FILTERS.map((s) => s.value),
    'all',
  ),
  status: listParam.oneOf(
    STATUS_FILTERS.map((s) => s.value),
    'ACTIVE',
  ),
  updated_from: listParam.date(),
  updated_to: listParam.date(),
  /** 'true': only products without a valid HSN code (the HSN warning's "Show them"). */
  missing_hsn: listParam.anyOf(['true']),
  sort: listParam.oneOf(INVENTORY_SORTS, 'updated_desc'),
  page: listParam.page(),
});
export type InventoryFilters = ListParams<typeof inventoryParamsSchema.shape>;

export function useInventoryParams() {
  const params = useListParams(inventoryParamsSchema, { pageSize: PAGE_SIZE });
  const filters = params.values;
  const query: ListQuery = useMemo(
    () => ({
      search: filters.search || undefined,
      category: filters.category || undefined,
      stock: filters.stock,
      status: filters.status,
      updated_from: filters.updated_from || undefined,
      updated_to: filters.updated_to || undefined,
      missing_hsn: filters.missing_hsn === 'true' || undefined,
      sort: filters.sort,
      limit: PAGE_SIZE,
      offset: (filters.page - 1) * PAGE_SIZE,
    }),
    [filters],
  );
  return { ...params, filters, query };
}

/** The list's filters without paging, for the CSV export (the same rows, all of them). */
export function exportQuery(q: ListQuery) {
  const { limit: _limit, offset: _offset, ...rest } = q;
  return rest;
}

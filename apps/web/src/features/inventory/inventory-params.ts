import { INVENTORY_SORTS } from '@haat/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(v: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(v as T) ? (v as T) : fallback;

export interface InventoryFilters {
  search: string;
  category: string;
  stock: StockFilter;
  status: StatusFilter;
  updated_from: string;
  updated_to: string;
  sort: Sort;
  page: number;
}

/**
 * The list's filters, sort and page live in the address (`/inventory/?stock=low_stock&page=2`), so a filtered
 * list can be linked to, reloaded and gone back to. Changing a filter goes back to page 1.
 */
export function useInventoryParams() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<InventoryFilters>(() => {
    const from = params.get('updated_from') ?? '';
    const to = params.get('updated_to') ?? '';
    return {
      search: params.get('search') ?? '',
      category: params.get('category') ?? '',
      stock: oneOf(
        params.get('stock'),
        STOCK_FILTERS.map((s) => s.value),
        'all',
      ),
      status: oneOf(
        params.get('status'),
        STATUS_FILTERS.map((s) => s.value),
        'ACTIVE',
      ),
      updated_from: DATE.test(from) ? from : '',
      updated_to: DATE.test(to) ? to : '',
      sort: oneOf(params.get('sort'), INVENTORY_SORTS, 'updated_desc'),
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    };
  }, [params]);

  const update = useCallback(
    (patch: Partial<InventoryFilters>, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            const isDefault =
              v === '' ||
              (k === 'stock' && v === 'all') ||
              (k === 'status' && v === 'ACTIVE') ||
              (k === 'sort' && v === 'updated_desc') ||
              (k === 'page' && v === 1);
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

  const query: ListQuery = useMemo(
    () => ({
      search: filters.search || undefined,
      category: filters.category || undefined,
      stock: filters.stock,
      status: filters.status,
      updated_from: filters.updated_from || undefined,
      updated_to: filters.updated_to || undefined,
      sort: filters.sort,
      limit: PAGE_SIZE,
      offset: (filters.page - 1) * PAGE_SIZE,
    }),
    [filters],
  );

  const active =
    !!filters.search ||
    !!filters.category ||
    filters.stock !== 'all' ||
    filters.status !== 'ACTIVE' ||
    !!filters.updated_from ||
    !!filters.updated_to;

  const clear = useCallback(
    () =>
      update({
        search: '',
        category: '',
        stock: 'all',
        status: 'ACTIVE',
        updated_from: '',
        updated_to: '',
      }),
    [update],
  );

  return { filters, query, update, active, clear };
}

/** The list's filters without paging, for the CSV export (the same rows, all of them). */
export function exportQuery(q: ListQuery) {
  const { limit: _limit, offset: _offset, ...rest } = q;
  return rest;
}

import {
  type AdminProduct,
  type AssignedBarcodes,
  type category,
  DEFAULT_UNITS,
  type GoodsReceipt,
  type InventoryQuery,
  type importReport,
  type ledgerPage,
  type ProductFormBody,
  type productDeleted,
  type productStats,
  type supplier,
  type supplierBody,
} from '@haat/contracts';
import { useCallback } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { AdminProduct };
export type ProductStats = z.infer<typeof productStats>;
export type InventoryPage = { results: AdminProduct[]; count: number };
export type Category = z.infer<typeof category>;
export type Supplier = z.infer<typeof supplier>;
export type SupplierInput = z.input<typeof supplierBody>;
export type LedgerPage = z.infer<typeof ledgerPage>;
export type LedgerReason = LedgerPage['results'][number]['reason'];
export type ImportReport = z.infer<typeof importReport>;
/** The request body of Add/Update Product: the schema's input (the server parses it). */
export type ProductBody = ProductFormBody;
export type ProductDeleted = z.infer<typeof productDeleted>;
export type ListQuery = Partial<InventoryQuery>;

/** The calls of the inventory screens (all under /api/admin, for the selected shop). */
export const inventoryApi = {
  list: (slug: string, q: ListQuery, signal?: AbortSignal) =>
    adminCall<InventoryPage>(slug, '/stores/product/', {
      query: q,
      signal,
      errorMessage: 'Failed to fetch product list',
    }),
  stats: (slug: string, signal?: AbortSignal) =>
    adminCall<ProductStats>(slug, '/product/stats/', { signal, silent: true }),
  product: (slug: string, id: string, signal?: AbortSignal) =>
    adminCall<AdminProduct>(slug, `/product/${encodeURIComponent(id)}/`, { signal, silent: true }),
  create: (slug: string, body: ProductBody) =>
    adminCall<AdminProduct>(slug, '/product/', { method: 'POST', body, silent: true }),
  update: (slug: string, id: string, body: ProductBody) =>
    adminCall<AdminProduct>(slug, `/product/${encodeURIComponent(id)}/`, {
      method: 'PUT',
      body,
      silent: true,
    }),
  remove: (slug: string, id: string) =>
    adminCall<ProductDeleted>(slug, `/product/${encodeURIComponent(id)}/`, {
      method: 'DELETE',
      silent: true,
    }),
  history: (
    slug: string,
    id: string,
    q: { reason?: LedgerReason; limit: number; offset: number },
    signal?: AbortSignal,
  ) => adminCall<LedgerPage>(slug, `/product/${encodeURIComponent(id)}/stock-history/`, { query: q, signal }),
  categories: (slug: string, signal?: AbortSignal) =>
    adminCall<Category[]>(slug, '/category/', { signal, silent: true }),
  addCategory: (slug: string, name: string) =>
    adminCall<Category>(slug, '/category/', { method: 'POST', body: { name }, silent: true }),
  suppliers: (slug: string, signal?: AbortSignal) =>
    adminCall<Supplier[]>(slug, '/supplier/', { signal, silent: true }),
  /** The goods receipts with a line of the product, newest first (purchases, issue 38). */
  receipts: (slug: string, productId: string, signal?: AbortSignal) =>
    adminCall<GoodsReceipt[]>(slug, '/goods-receipt/', {
      query: { product_id: productId },
      signal,
      silent: true,
    }),
  addSupplier: (slug: string, body: SupplierInput) =>
    adminCall<Supplier>(slug, '/supplier/', { method: 'POST', body, silent: true }),
  units: (slug: string, signal?: AbortSignal) =>
    adminCall<string[]>(slug, '/units/', { signal, silent: true }),
  /** Internal EAN-13s for the product (or its variants) where there is no barcode yet. */
  assignBarcodes: (slug: string, id: string) =>
    adminCall<AssignedBarcodes>(slug, `/product/${encodeURIComponent(id)}/barcodes/`, {
      method: 'POST',
      silent: true,
    }),
};

export const inventoryKeys = {
  all: (slug: string) => adminKey(slug, 'inventory'),
  list: (slug: string, q: ListQuery) => adminKey(slug, 'inventory', 'list', q),
  stats: (slug: string) => adminKey(slug, 'inventory', 'stats'),
  product: (slug: string, id: string) => adminKey(slug, 'inventory', 'product', id),
  history: (slug: string, id: string, q: object) => adminKey(slug, 'inventory', 'product', id, 'history', q),
  categories: (slug: string) => adminKey(slug, 'inventory', 'categories'),
  suppliers: (slug: string) => adminKey(slug, 'inventory', 'suppliers'),
  receipts: (slug: string, id: string) => adminKey(slug, 'inventory', 'product', id, 'receipts'),
  units: (slug: string) => adminKey(slug, 'inventory', 'units'),
};

/** The selected shop's slug; the inventory screens render only once a shop is known. */
export function useShopSlug(): string {
  const { shop } = useSelectedShop();
  return shop?.slug ?? '';
}

export function useInventoryList(q: ListQuery) {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.list(slug, q),
    queryFn: ({ signal }) => inventoryApi.list(slug, q, signal),
    enabled: !!slug,
    placeholderData: keepPreviousData,
  });
}

export function useProductStats() {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.stats(slug),
    queryFn: ({ signal }) => inventoryApi.stats(slug, signal),
    enabled: !!slug,
  });
}

export function useProduct(id: string) {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.product(slug, id),
    queryFn: ({ signal }) => inventoryApi.product(slug, id, signal),
    enabled: !!slug && !!id,
  });
}

export function useStockHistory(
  id: string,
  q: { reason?: LedgerReason; variant_id?: string; limit: number; offset: number },
) {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.history(slug, id, q),
    queryFn: ({ signal }) => inventoryApi.history(slug, id, q, signal),
    enabled: !!slug && !!id,
    placeholderData: keepPreviousData,
  });
}

export function useCategories() {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.categories(slug),
    queryFn: ({ signal }) => inventoryApi.categories(slug, signal),
    enabled: !!slug,
  });
}

export function useSuppliers() {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.suppliers(slug),
    queryFn: ({ signal }) => inventoryApi.suppliers(slug, signal),
    enabled: !!slug,
  });
}

/** The product's goods receipts (the Supplier tab), newest first. */
export function useProductReceipts(productId: string) {
  const slug = useShopSlug();
  return useQuery({
    queryKey: inventoryKeys.receipts(slug, productId),
    queryFn: ({ signal }) => inventoryApi.receipts(slug, productId, signal),
    enabled: !!slug,
  });
}

/** Units for the form: the server's list (02 §9 defaults plus the shop's own), the defaults until it answers. */
export function useUnits() {
  const slug = useShopSlug();
  const query = useQuery({
    queryKey: inventoryKeys.units(slug),
    queryFn: ({ signal }) => inventoryApi.units(slug, signal),
    enabled: !!slug,
    staleTime: 5 * 60_000,
  });
  const units = [...new Set<string>([...DEFAULT_UNITS, ...(query.data ?? [])])];
  return { units, loading: query.isPending };
}

/**
 * After a product changes, everything about the shop may have moved (list, stats, the product, its history, the
 * dashboard's figures): mark the shop's back-office queries stale; those on screen refetch.
 */
export function useRefreshShop() {
  const slug = useShopSlug();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: adminKey(slug) }), [queryClient, slug]);
}

import type { PosConflictResolveBody, PosStockConflict } from '@haat/contracts';
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';

export type { PosStockConflict };
export type ConflictStatus = 'OPEN' | 'RESOLVED';

/** The counter's stock conflicts (issue 43, `/api/admin/pos/conflicts/...`). */
export const conflictsApi = {
  list: (slug: string, status: ConflictStatus, signal?: AbortSignal) =>
    adminCall<{ conflicts: PosStockConflict[] }>(slug, '/pos/conflicts/', {
      query: { status },
      signal,
      errorMessage: 'Failed to fetch stock conflicts',
    }),
  resolve: (slug: string, id: string, body: PosConflictResolveBody) =>
    adminCall<{ conflict: PosStockConflict }>(slug, `/pos/conflicts/${encodeURIComponent(id)}/resolve/`, {
      method: 'POST',
      body,
      silent: true,
    }),
};

const keys = {
  all: (slug: string) => adminKey(slug, 'stock-conflicts'),
  list: (slug: string, status: ConflictStatus) => adminKey(slug, 'stock-conflicts', status),
};

/**
 * The open or resolved conflicts of the selected shop. Only read by a role that may resolve them (owner,
 * manager: `products.edit`), so a cashier's screens never ask.
 */
export function useStockConflicts(status: ConflictStatus) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const allowed = useCan('products.edit');
  return useQuery({
    queryKey: keys.list(slug, status),
    queryFn: ({ signal }) => conflictsApi.list(slug, status, signal),
    enabled: !!shop && allowed,
  });
}

export function useResolveConflict() {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PosConflictResolveBody }) =>
      conflictsApi.resolve(slug, id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all(slug) }),
  });
}

import type { AuditPage, PlatformShop, PlatformShopQuery, PlatformStatusBody } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';

export type { PlatformShop };

const BASE = '/api/platform';

/** The operator's calls (role ADMIN): every shop, its status, its audit trail. */
export const platformApi = {
  shops: (q: PlatformShopQuery, signal?: AbortSignal) =>
    queryApi<{ results: PlatformShop[]; count: number }>(`${BASE}/shops/`, {
      query: q as Record<string, string | number | undefined>,
      signal,
      errorMessage: 'Failed to fetch shops',
    }),
  setStatus: (id: string, body: PlatformStatusBody) =>
    queryApi<{ online_status: string; status_note: string | null }>(`${BASE}/shops/${id}/status/`, {
      method: 'PUT',
      body,
      successToast: true,
    }),
  audit: (id: string, offset: number, signal?: AbortSignal) =>
    queryApi<AuditPage>(`${BASE}/shops/${id}/audit/`, { query: { limit: 20, offset }, signal }),
};

const keys = {
  all: ['platform'] as const,
  shops: (q: PlatformShopQuery) => ['platform', 'shops', q] as const,
  audit: (id: string, offset: number) => ['platform', 'audit', id, offset] as const,
};

export function usePlatformShops(q: PlatformShopQuery) {
  return useQuery({
    queryKey: keys.shops(q),
    queryFn: ({ signal }) => platformApi.shops(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useShopAudit(id: string | null, offset: number) {
  return useQuery({
    queryKey: keys.audit(id ?? '', offset),
    queryFn: ({ signal }) => platformApi.audit(id ?? '', offset, signal),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

export function useSetShopStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlatformStatusBody }) => platformApi.setStatus(id, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.all }),
  });
}

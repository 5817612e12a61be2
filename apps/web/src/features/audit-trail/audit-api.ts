import type { AuditPage, AuditPerson, AuditQuery } from '@haat/contracts';
import { keepPreviousData, useQuery } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type AuditListQuery = Partial<AuditQuery>;

/** The audit trail's calls (admin `/audit-trail/...`). */
const auditApi = {
  list: (slug: string, q: AuditListQuery, signal?: AbortSignal) =>
    adminCall<AuditPage>(slug, '/audit-trail/', {
      query: q,
      signal,
      errorMessage: 'Failed to fetch the audit trail',
    }),
  people: (slug: string, signal?: AbortSignal) =>
    adminCall<AuditPerson[]>(slug, '/audit-trail/people/', { signal, silent: true }),
};

export function useAuditTrail(q: AuditListQuery) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: adminKey(slug, 'audit', 'list', q),
    queryFn: ({ signal }) => auditApi.list(slug, q, signal),
    enabled: !!shop,
    placeholderData: keepPreviousData,
  });
}

export function useAuditPeople() {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: adminKey(slug, 'audit', 'people'),
    queryFn: ({ signal }) => auditApi.people(slug, signal),
    enabled: !!shop,
  });
}

import type { InviteBody, InvitePreview, Session, StaffInvite, StaffList, StaffRole } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

/** The Staff card's calls and the invite link's (admin `/staff/...`, `/staff-invite/...`). */
export const staffApi = {
  list: (slug: string, signal?: AbortSignal) =>
    adminCall<StaffList>(slug, '/staff/', { signal, errorMessage: 'Failed to fetch your staff' }),
  invite: (slug: string, body: InviteBody) =>
    adminCall<StaffInvite>(slug, '/staff/invite/', { method: 'POST', body, silent: true }),
  cancelInvite: (slug: string, id: string) =>
    adminCall<null>(slug, `/staff/invite/${encodeURIComponent(id)}/`, { method: 'DELETE' }),
  setRole: (slug: string, userId: string, role: StaffRole) =>
    adminCall<null>(slug, `/staff/${encodeURIComponent(userId)}/`, { method: 'PUT', body: { role } }),
  remove: (slug: string, userId: string) =>
    adminCall<null>(slug, `/staff/${encodeURIComponent(userId)}/`, { method: 'DELETE' }),
  preview: (q: { shop: string; token: string }) =>
    queryApi<InvitePreview>('/api/admin/staff-invite/', { query: q, silent: true }),
  accept: (body: {
    shop: string;
    token: string;
    first_name?: string;
    last_name?: string;
    password?: string;
  }) =>
    queryApi<{ slug: string; role: StaffRole; session: Session | null }>('/api/admin/staff-invite/accept/', {
      method: 'POST',
      body,
      silent: true,
    }),
};

export const staffKey = (slug: string) => adminKey(slug, 'staff');

export function useStaff() {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: staffKey(slug),
    queryFn: ({ signal }) => staffApi.list(slug, signal),
    enabled: !!shop,
  });
}

export function useRefreshStaff() {
  const qc = useQueryClient();
  const { shop } = useSelectedShop();
  return () => qc.invalidateQueries({ queryKey: staffKey(shop?.slug ?? '') });
}

import type { DashboardPeriod, DashboardStats } from '@haat/contracts';
import { keepPreviousData, useQuery } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';

/** The selected shop's dashboard for a period (GET /api/admin/dashboard/); the last answer stays while the next loads. */
export const useDashboard = (slug: string, period: DashboardPeriod) =>
  useQuery({
    queryKey: adminKey(slug, 'dashboard', period),
    queryFn: ({ signal }) => adminCall<DashboardStats>(slug, '/dashboard/', { query: { period }, signal }),
    placeholderData: keepPreviousData,
  });

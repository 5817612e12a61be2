import { queryApi } from '../../lib/api.ts';
import { useQuery } from '../../lib/query.ts';

/**
 * Where a shop lives (01 §3 Plans): basic shops under /store/{slug} on the main domain, professional
 * (and enterprise, until its own domain is verified) on their subdomain; same protocol and port as here.
 */
export function shopAddress(plan: string, slug: string, platformDomain: string): string {
  const { protocol, port, origin } = window.location;
  if (plan === 'basic') return `${origin}/store/${encodeURIComponent(slug)}`;
  return `${protocol}//${slug}.${platformDomain}${port ? `:${port}` : ''}/`;
}

/** The shop on the main domain, where the vendor's session (same origin) sees it in owner mode. */
export const ownerPreviewPath = (slug: string) => `/store/${encodeURIComponent(slug)}`;

export type PaymentMethod = 'COD' | 'UPI';
export interface LaunchPrefs {
  payment_methods: PaymentMethod[];
  upi_id: string | null;
}

/** The shop's launch settings as the server has them. */
export interface LaunchSettingsData extends LaunchPrefs {
  store_id: string;
  slug: string;
  online_status: string;
  currency: 'INR';
}

export const launchSettingsKey = (storeId: string) => ['launch-settings', storeId] as const;

export const useLaunchSettings = (storeId: string) =>
  useQuery({
    queryKey: launchSettingsKey(storeId),
    queryFn: () =>
      queryApi<LaunchSettingsData>('/api/store/get-store-setting/', { query: { store_id: storeId } }),
  });

/** Saves launch settings; without prefs only the status changes and the shop keeps its payment methods. */
export const launchBody = (storeId: string, status: 'PUBLISHED' | 'DRAFT', prefs?: LaunchPrefs) => ({
  store_id: storeId,
  store_access_url: {},
  online_status: status,
  ...(prefs
    ? {
        payment_methods: prefs.payment_methods,
        ...(prefs.payment_methods.includes('UPI') ? { upi_id: prefs.upi_id } : {}),
      }
    : {}),
  currency: 'INR' as const,
});

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

// There is no call that reads a shop's launch settings back, so the last ones saved from this browser
// are remembered, for the owner bar's Publish (which must not drop UPI the vendor chose).
const prefsKey = (storeId: string) => `haat.launch.${storeId}`;

export function rememberLaunchPrefs(storeId: string, prefs: LaunchPrefs) {
  try {
    localStorage.setItem(prefsKey(storeId), JSON.stringify(prefs));
  } catch {
    // Storage unavailable: Publish then falls back to cash on delivery.
  }
}

/** The payment settings last saved for this shop here, or cash on delivery. */
export function launchPrefsOf(storeId: string): LaunchPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(prefsKey(storeId)) ?? 'null') as LaunchPrefs | null;
    if (raw && Array.isArray(raw.payment_methods) && raw.payment_methods.length) return raw;
  } catch {
    // fall through
  }
  return { payment_methods: ['COD'], upi_id: null };
}

/** Saves launch settings (published or draft, payment methods, currency). */
export const launchBody = (storeId: string, status: 'PUBLISHED' | 'DRAFT', prefs: LaunchPrefs) => ({
  store_id: storeId,
  store_access_url: {},
  online_status: status,
  payment_methods: prefs.payment_methods,
  ...(prefs.payment_methods.includes('UPI') ? { upi_id: prefs.upi_id } : {}),
  currency: 'INR' as const,
});

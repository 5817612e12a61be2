/** What a Host header (and path) names, before any database lookup. Pure, so it is unit tested. */
export type HostTarget =
  | { face: 'marketing'; storeSlug: null; via: null }
  | { face: 'backoffice'; storeSlug: null; via: null }
  | { face: 'storefront'; via: 'path'; storeSlug: string }
  | { face: 'storefront'; via: 'host'; storeSlug: string }
  | { face: 'storefront'; via: 'domain'; domain: string; storeSlug: null };

const SLUG = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

export function hostname(hostHeader: string | undefined): string {
  const h = (hostHeader ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}

const isIp = (h: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(h) || h.startsWith('[');

/**
 * Main domain (bare, www., an IP) → marketing, where `/store/{slug}` names a shop; `admin.` → back office;
 * `<slug>.<domain>` → that shop; any other host → a custom domain to look up.
 */
export function parseHost(hostHeader: string | undefined, path: string, platformDomain: string): HostTarget {
  const host = hostname(hostHeader);
  const domain = platformDomain.toLowerCase();
  if (!host || host === domain || host === `www.${domain}` || isIp(host)) {
    const m = /^\/store\/([^/?#]+)/.exec(path);
    const slug = m?.[1] ? decodeURIComponent(m[1]).toLowerCase() : null;
    if (slug) return { face: 'storefront', via: 'path', storeSlug: slug };
    return { face: 'marketing', storeSlug: null, via: null };
  }
  if (host === `admin.${domain}`) return { face: 'backoffice', storeSlug: null, via: null };
  if (host.endsWith(`.${domain}`)) {
    const sub = host.slice(0, -(domain.length + 1));
    return { face: 'storefront', via: 'host', storeSlug: sub };
  }
  return { face: 'storefront', via: 'domain', domain: host, storeSlug: null };
}

export const isValidSlug = (s: string) => SLUG.test(s);

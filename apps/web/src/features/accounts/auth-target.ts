import type { Role, StoreDetail } from '@haat/contracts';
import { useHost } from '../../app/host.tsx';
import { paths, shopBase } from '../../app/paths.ts';
import { useSearchParams } from '../../lib/router.tsx';

/**
 * Who is signing in where. On the main domain the account pages are the vendor's; on a shop (its host or
 * /store/{slug}) they are that shop's customers'. A customer account belongs to the one shop.
 */
export interface AuthTarget {
  role: Extract<Role, 'VENDOR' | 'CUSTOMER'>;
  userType: 'vendor' | 'customer';
  /** The shop slug sent as store-origin (customers). */
  storeOrigin: string | null;
  /** A shopper on the marketplace itself: their Haat account at no shop (decision 0036). */
  marketplace?: boolean;
  shop: StoreDetail | null;
  /** Path prefix of the account pages: '' or '/store/{slug}'. */
  base: string;
  /** Where to go after signing in when no return path was given. */
  home: string;
  /** The validated return path from ?redirect= (or the spec's ?actionFrom=). */
  redirect: string | null;
}

/** A vendor's home on the main domain: their shops (registration when they have none). */
export const VENDOR_HOME = '/my-shops';
/** A shopper's home on the main domain: their Haat account (decision 0036). */
export const SHOPPER_HOME = '/account';

/** Only paths of this site, and never back into the sign-in pages. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (/\/(login|verification|forgot-password)(\?|$)/.test(raw)) return null;
  return raw;
}

export function useAuthTarget(): AuthTarget {
  const host = useHost();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect') ?? params.get('actionFrom'));
  if (host.face === 'storefront') {
    const base = shopBase(host.via, host.storeSlug);
    return {
      role: 'CUSTOMER',
      userType: 'customer',
      storeOrigin: host.storeSlug,
      shop: host.store,
      base,
      home: paths.shop.home(base),
      redirect,
    };
  }
  if (params.get('userType') === 'customer') {
    // The marketplace's own shoppers (a customer link naming a shop goes to that shop's pages first).
    const shopper = { role: 'CUSTOMER', userType: 'customer', storeOrigin: null, marketplace: true } as const;
    return { ...shopper, shop: null, base: '', home: SHOPPER_HOME, redirect };
  }
  return {
    role: 'VENDOR',
    userType: 'vendor',
    storeOrigin: null,
    shop: null,
    base: '',
    home: VENDOR_HOME,
    redirect,
  };
}

type AuthPage = 'login' | 'verification' | 'forgot-password';

/** An account page of the same face, carrying the user type, the shop and the return path along. */
export function authHref(t: AuthTarget, page: AuthPage, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ userType: t.userType });
  if (t.storeOrigin) q.set('storeName', t.storeOrigin);
  if (t.redirect) q.set('redirect', t.redirect);
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  return `${t.base}/${page}?${q}`;
}

export const afterSignIn = (t: AuthTarget) => t.redirect ?? t.home;

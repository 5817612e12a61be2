import type { HostInfo, Session } from '@haat/contracts';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { shopBase } from '../../app/paths.ts';
import { setAuthToken, setSessionRefresher, setUnauthorizedHandler } from '../api.ts';
import { useQueryClient } from '../query.ts';
import { useLocation, useNavigate } from '../router.tsx';
import { useHydrating } from '../use-hydrating.ts';
import { REFRESH_EARLY_MS, refreshStored } from './refresh.ts';
import { sessionApi } from './session-api.ts';
import {
  clearSession,
  readSession,
  SESSION_KEY,
  type StoredSession,
  toStoredSession,
  writeSession,
} from './session-storage.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionApi {
  status: SessionStatus;
  /** The signed-in user here; a customer of another shop counts as signed out on this shop. */
  session: StoredSession | null;
  /** The store-origin to send with this user's calls (a customer's shop). */
  storeOrigin: string | null;
  /** Stores a fresh sign-in response and returns what was stored. */
  signIn: (s: Session) => StoredSession;
  /** Updates the stored names after a profile change. */
  updateNames: (firstName: string, lastName: string) => void;
  signOut: () => void;
  /** The sign-in page of this face, returning to `redirect` afterwards. */
  loginPath: (redirect?: string, userType?: 'vendor' | 'customer') => string;
}

const SessionContext = createContext<SessionApi | null>(null);

/** A customer's session is one shop's, or the marketplace's (no shop, decision 0036): elsewhere it is not used. */
const fitsHere = (s: StoredSession, host: HostInfo) =>
  s.role_type !== 'CUSTOMER' ||
  host.face === 'backoffice' ||
  (s.storeSlug ?? null) === (host.face === 'storefront' ? host.storeSlug : null);

/** The sign-in pages: never a way back to themselves. */
const AUTH_PAGE = /\/(login|verification|forgot-password)\/?$/;

const needsRefresh = (s: StoredSession | null) => !!s && s.expiresAt - Date.now() < REFRESH_EARLY_MS;

export function loginPathFor(host: HostInfo, redirect?: string, userType?: 'vendor' | 'customer') {
  const q = new URLSearchParams();
  if (host.face === 'backoffice') {
    if (redirect) q.set('redirect', redirect);
    return q.size ? `/?${q}` : '/';
  }
  const storefront = host.face === 'storefront';
  const type = storefront ? 'customer' : userType;
  if (type) q.set('userType', type);
  if (redirect) q.set('redirect', redirect);
  const base = storefront ? shopBase(host.via, host.storeSlug) : '';
  return q.size ? `${base}/login?${q}` : `${base}/login`;
}

/**
 * Holds the session (01 §3, §4): read from storage at start, refreshed shortly before the access token
 * runs out, refreshed once more when a call comes back 401, and cleared (then off to login) when that fails.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const host = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<StoredSession | null>(readSession);
  // An expired access token is refreshed before the session counts as signed in.
  const [checking, setChecking] = useState(() => needsRefresh(readSession()));
  const [retry, setRetry] = useState(0);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const here = useRef({ location, host });
  here.current = { location, host };

  const active = stored && fitsHere(stored, host) ? stored : null;
  // Set during render on purpose: children's queries start in their effects, which run before ours. Never on the
  // server, where nobody is signed in and module state would be shared by every request.
  if (typeof window !== 'undefined') setAuthToken(active && !checking ? active.accessToken : null);

  const apply = useCallback((next: StoredSession | null) => {
    if (next) writeSession(next);
    else clearSession();
    storedRef.current = next;
    setStored(next);
    setChecking(false);
  }, []);

  const refreshNow = useCallback(
    async (from: StoredSession) => {
      const outcome = await refreshStored(from);
      if (storedRef.current?.refreshToken !== from.refreshToken) return storedRef.current;
      if (outcome === 'offline') {
        setChecking(false);
        setTimeout(() => setRetry((r) => r + 1), 30_000);
        return from;
      }
      apply(outcome === 'rejected' ? null : outcome);
      return outcome === 'rejected' ? null : outcome;
    },
    [apply],
  );

  // Refresh shortly before the access token runs out (at once when it already has).
  // biome-ignore lint/correctness/useExhaustiveDependencies: retry re-arms the timer after an offline attempt
  useEffect(() => {
    if (!stored) return;
    const wait = Math.max(0, stored.expiresAt - REFRESH_EARLY_MS - Date.now());
    const id = setTimeout(() => void refreshNow(stored), wait);
    return () => clearTimeout(id);
  }, [stored, retry, refreshNow]);

  // Another tab signed in, rotated the tokens or signed out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== SESSION_KEY && e.key !== null) return;
      const next = readSession();
      storedRef.current = next;
      setStored(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A 401 first renews the token here and the api client repeats the call; only if that fails is it announced.
  useEffect(() => {
    setSessionRefresher(async () => {
      const current = storedRef.current;
      if (!current) return null;
      const fresh = await refreshNow(current);
      if (!fresh || fresh.refreshToken === current.refreshToken) return null;
      setAuthToken(fresh.accessToken);
      return fresh.accessToken;
    });
    return () => setSessionRefresher(null);
  }, [refreshNow]);

  // The api client calls this 2 s after announcing a 401: one refresh, else sign out and go to login.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const current = storedRef.current;
      const back = () => {
        const { location: loc, host: h } = here.current;
        const role = current?.role_type === 'CUSTOMER' ? 'customer' : 'vendor';
        apply(null);
        queryClient.clear();
        // Already on a sign-in page (a late 401 of the page left behind): it keeps its own way back.
        if (AUTH_PAGE.test(loc.pathname) || (h.face === 'backoffice' && loc.pathname === '/')) return;
        navigate(loginPathFor(h, `${loc.pathname}${loc.search}`, role), { replace: true });
      };
      if (!current) return back();
      void refreshNow(current).then((fresh) => {
        if (fresh) void queryClient.invalidateQueries();
        else back();
      });
    });
    return () => setUnauthorizedHandler(null);
  }, [apply, navigate, queryClient, refreshNow]);

  const api = useMemo<SessionApi>(() => {
    const storeOrigin = active?.role_type === 'CUSTOMER' ? active.storeSlug : null;
    return {
      status: checking ? 'loading' : active ? 'authenticated' : 'anonymous',
      session: checking ? null : active,
      storeOrigin,
      signIn: (s) => {
        const next = toStoredSession(s);
        apply(next);
        setAuthToken(next.accessToken);
        return next;
      },
      updateNames: (firstName, lastName) => {
        const cur = storedRef.current;
        if (cur) apply({ ...cur, firstName, lastName });
      },
      signOut: () => {
        const cur = storedRef.current;
        apply(null);
        setAuthToken(null);
        queryClient.clear();
        if (cur) {
          void sessionApi
            .logout(cur.refreshToken, cur.role_type === 'CUSTOMER' ? cur.storeSlug : null)
            .catch(() => {});
        }
        navigate(loginPathFor(host), { replace: true });
      },
      loginPath: (redirect, userType) => loginPathFor(host, redirect, userType),
    };
  }, [active, checking, apply, host, navigate, queryClient]);

  return <SessionContext value={api}>{children}</SessionContext>;
}

/**
 * The session, as this component may show it: a page the server rendered has no session (it renders signed out),
 * so while a component hydrates such a page it sees the session signed out too, and the real one in its next render
 * (useHydrating). Each component does this for itself: a part of the page hydrated later (a Suspense boundary) still
 * matches the server's HTML, and the provider's value never changes because hydration ended.
 */
export function useSession(): SessionApi {
  const api = useLiveSession();
  return useHydrating() ? { ...api, status: 'anonymous', session: null, storeOrigin: null } : api;
}

/**
 * The session as it is, for what a tap does (never for what a render shows): a tap that arrives while the page
 * hydrates is handled by the hydrating render's handler, where useSession still says signed out. A signed-in
 * customer's Add to Cart must not send them to sign in because they tapped early.
 */
export function useLiveSession(): SessionApi {
  const api = use(SessionContext);
  if (!api) throw new Error('useSession outside SessionProvider');
  return api;
}

/** Whether this session is a customer of the shop `slug` (a customer account belongs to one shop). */
export const isCustomerOf = (s: Pick<SessionApi, 'status' | 'session'>, slug: string | null): boolean =>
  s.status === 'authenticated' &&
  s.session?.role_type === 'CUSTOMER' &&
  !!slug &&
  s.session.storeSlug === slug;

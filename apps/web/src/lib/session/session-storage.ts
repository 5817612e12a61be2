import type { Role, Session } from '@haat/contracts';

/** The browser storage key the spec names for the session (01 §3). */
export const SESSION_KEY = 'token';
/** Other items the spec keeps beside the session; logout clears them too. */
const EXTRA_KEYS = ['storeId', 'storeName'];

export interface OwnedShop {
  id: string;
  slug: string;
  store_name: string;
  online_status: string;
}

/** What is kept in storage: the spec's session fields plus what this app needs to refresh and route. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** When the access token runs out (ms since epoch). */
  expiresAt: number;
  role_type: Role;
  firstName: string;
  lastName: string;
  userId: string;
  email: string;
  /** A customer's shop (customers belong to one shop). */
  storeId: string | null;
  storeSlug: string | null;
  /** A vendor's shops. */
  stores: OwnedShop[];
  remember: boolean;
  /** A guest shopper (no password yet, decision 0031): offered to set one. */
  guest?: boolean;
}

/** Turns the sign-in response into what is stored. */
export function toStoredSession(s: Session, now = Date.now()): StoredSession {
  return {
    accessToken: s.access_token,
    refreshToken: s.refresh_token,
    expiresAt: now + s.expires_in * 1000,
    role_type: s.role_type,
    firstName: s.first_name,
    lastName: s.last_name,
    userId: s.id,
    email: s.email,
    storeId: s.store?.id ?? null,
    storeSlug: s.store?.slug ?? null,
    stores: s.stores,
    remember: s.remember,
    guest: s.guest ?? false,
  };
}

// Storage can be missing or throw (private mode, blocked cookies): the app then simply has no saved session.
function storages(): Storage[] {
  if (typeof window === 'undefined') return [];
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
}

function isStoredSession(v: unknown): v is StoredSession {
  if (!v || typeof v !== 'object') return false;
  const s = v as Partial<StoredSession>;
  return (
    typeof s.accessToken === 'string' &&
    typeof s.refreshToken === 'string' &&
    typeof s.role_type === 'string' &&
    typeof s.userId === 'string'
  );
}

/**
 * A sign-in without Remember me lasts until the browser closes, in every tab (decision 0008): it is kept in
 * localStorage like a remembered one, so every tab of the site shares it and follows its token rotations, beside a
 * browser-session cookie that says "this browser has not closed since". The cookie carries no data (the server
 * never reads it); a browser restart drops it, and the unremembered session it vouched for is then forgotten.
 */
const BROWSER_SESSION_COOKIE = 'haat_browser_session';

function browserSessionAlive(): boolean {
  try {
    return document.cookie.split(';').some((c) => c.trim() === `${BROWSER_SESSION_COOKIE}=1`);
  } catch {
    return false;
  }
}

function setBrowserSessionCookie(on: boolean) {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser; this sets one marker
    document.cookie = on
      ? `${BROWSER_SESSION_COOKIE}=1; Path=/; SameSite=Strict${secure}`
      : `${BROWSER_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
  } catch {
    // Blocked cookies: an unremembered sign-in then lasts for this page only.
  }
}

/** Reads the saved session (localStorage; sessionStorage holds one saved by an earlier version of the app). */
export function readSession(): StoredSession | null {
  const [local] = storages();
  for (const store of storages()) {
    try {
      const raw = store.getItem(SESSION_KEY);
      if (!raw) continue;
      const parsed: unknown = JSON.parse(raw);
      if (!isStoredSession(parsed)) continue;
      if (store === local && parsed.remember === false && !browserSessionAlive()) {
        // Signed in without Remember me before the browser was closed: that sign-in is over.
        store.removeItem(SESSION_KEY);
        continue;
      }
      return { ...parsed, stores: parsed.stores ?? [], expiresAt: Number(parsed.expiresAt) || 0 };
    } catch {
      // A damaged entry is treated as signed out.
    }
  }
  return null;
}

/** Saves the session for every tab (localStorage); without Remember me, only until the browser closes. */
export function writeSession(s: StoredSession) {
  const [local, session] = storages();
  if (!local || !session) return;
  if (!s.remember) setBrowserSessionCookie(true);
  try {
    local.setItem(SESSION_KEY, JSON.stringify(s));
    session.removeItem(SESSION_KEY);
  } catch {
    // Full or blocked storage: the session still lives in memory for this page.
  }
}

/** Forgets the session and the items stored beside it. */
export function clearSession() {
  setBrowserSessionCookie(false);
  for (const store of storages()) {
    try {
      for (const key of [SESSION_KEY, ...EXTRA_KEYS]) store.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  }
}

export const fullName = (s: Pick<StoredSession, 'firstName' | 'lastName'>) =>
  `${s.firstName} ${s.lastName}`.trim();

export const initials = (s: Pick<StoredSession, 'firstName' | 'lastName' | 'email'>) =>
  (`${s.firstName.trim().charAt(0)}${s.lastName.trim().charAt(0)}` || s.email.charAt(0)).toUpperCase();

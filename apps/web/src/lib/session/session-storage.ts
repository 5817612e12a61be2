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

/** Reads the saved session: localStorage when Remember me was on, sessionStorage otherwise. */
export function readSession(): StoredSession | null {
  for (const store of storages()) {
    try {
      const raw = store.getItem(SESSION_KEY);
      if (!raw) continue;
      const parsed: unknown = JSON.parse(raw);
      if (isStoredSession(parsed)) {
        return { ...parsed, stores: parsed.stores ?? [], expiresAt: Number(parsed.expiresAt) || 0 };
      }
    } catch {
      // A damaged entry is treated as signed out.
    }
  }
  return null;
}

/** Saves the session where its remember flag says, and removes it from the other storage. */
export function writeSession(s: StoredSession) {
  const [local, session] = storages();
  if (!local || !session) return;
  try {
    (s.remember ? local : session).setItem(SESSION_KEY, JSON.stringify(s));
    (s.remember ? session : local).removeItem(SESSION_KEY);
  } catch {
    // Full or blocked storage: the session still lives in memory for this page.
  }
}

/** Forgets the session and the items stored beside it. */
export function clearSession() {
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

// The router's locations and history (lib/router.tsx): paths taken apart and put together, `to` resolved, and
// `window.history` as the router uses it.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted as React Router does outside its data routers: nothing scrolls here on a change of query anyway (ScrollToTop). */
  preventScrollReset?: boolean;
}
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export interface Navigator {
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
}
export interface RouterState {
  location: Location;
  action: NavigationType;
  navigator: Navigator;
}

// ---- locations -------------------------------------------------------------------------------------------------

/** A path string ('/a?b=1#c') as its parts. */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

export const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Location>) =>
  pathname +
  (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') +
  (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');

/** `to` as an absolute path, from the current location (see the module's note on relative paths). */
export function resolveTo(to: To, from: string): string {
  const parts = typeof to === 'string' ? parsePath(to) : { pathname: '', search: '', hash: '', ...to };
  const { pathname: toPath = '' } = parts;
  let pathname = from;
  if (toPath.startsWith('/')) pathname = toPath;
  else if (toPath) {
    const segments = from.replace(/\/+$/, '').split('/');
    for (const s of toPath.split('/')) {
      if (s === '..') {
        if (segments.length > 1) segments.pop();
      } else if (s !== '.' && s !== '') segments.push(s);
    }
    pathname = segments.join('/') || '/';
  }
  return createPath({ pathname, search: parts.search ?? '', hash: parts.hash ?? '' });
}

const createKey = () => Math.random().toString(36).slice(2, 10);

type HistoryEntry = { usr?: unknown; key?: string; idx?: number } | null;

export type Snapshot = Omit<RouterState, 'navigator'>;

/** `window.history` as the router uses it: entries `{ usr, key, idx }` (React Router's shape), listeners told of every move. */
export function browserHistory() {
  const h = window.history;
  const entry = () => h.state as HistoryEntry;
  const listeners = new Set<(s: Snapshot) => void>();
  let idx = entry()?.idx ?? null;
  if (idx === null) {
    idx = 0;
    h.replaceState({ ...(entry() ?? {}), idx }, '');
  }
  const read = (action: NavigationType): Snapshot => {
    const { pathname, search, hash } = window.location;
    return {
      action,
      location: { pathname, search, hash, state: entry()?.usr ?? null, key: entry()?.key ?? 'default' },
    };
  };
  const tell = (action: NavigationType) => {
    const s = read(action);
    for (const l of listeners) l(s);
  };
  const navigator: Navigator = {
    push(path, state) {
      const next = (idx ?? 0) + 1;
      try {
        h.pushState({ usr: state, key: createKey(), idx: next }, '', path);
      } catch {
        // Too many entries, or a state that cannot be cloned: a full load keeps the shopper moving.
        window.location.assign(path);
        return;
      }
      idx = next;
      tell('PUSH');
    },
    replace(path, state) {
      h.replaceState({ usr: state, key: createKey(), idx }, '', path);
      tell('REPLACE');
    },
    go(delta) {
      h.go(delta);
    },
  };
  return {
    navigator,
    read,
    listen(listener: (s: Snapshot) => void) {
      const pop = () => {
        idx = entry()?.idx ?? 0;
        tell('POP');
      };
      listeners.add(listener);
      window.addEventListener('popstate', pop);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('popstate', pop);
      };
    },
  };
}

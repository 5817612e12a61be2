/**
 * The web app's router (issue 18, decision 0016): the part of React Router's API the app uses, with the same names,
 * props and behaviour, in about 3 kB instead of React Router's 13 kB on every shopper's first page.
 *
 * - `BrowserRouter` (history in `window.history`, state kept as React Router keeps it: `{ usr, key, idx }`, updates in
 *   a transition) and `StaticRouter` (the server's render, entry-server.tsx).
 * - `Routes` / `Route` (path, index, element, nesting with `Outlet`, pathless layout routes, `:param`, `:param?`, a
 *   trailing `*`), ranked as React Router ranks them: static segments over dynamic ones over a splat, the first
 *   defined among equals.
 * - `Link`, `NavLink`, `Navigate`; `useNavigate`, `useLocation`, `useParams`, `useSearchParams`, `useNavigationType`.
 *
 * A relative `to` ('x', '../x', '..') resolves against the current path's segments, which for the app's routes (no
 * relative link under a splat) is what React Router's route-relative resolution gives.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  type CSSProperties,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

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

interface Navigator {
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
}
interface RouterState {
  location: Location;
  action: NavigationType;
  navigator: Navigator;
}
const RouterContext = createContext<RouterState | null>(null);
interface RouteState {
  params: Record<string, string | undefined>;
  outlet: ReactNode;
}
const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

// ---- locations -------------------------------------------------------------------------------------------------

/** A path string ('/a?b=1#c') as its parts. */
function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
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

const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Location>) =>
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

type Snapshot = Omit<RouterState, 'navigator'>;

/** `window.history` as the router uses it: entries `{ usr, key, idx }` (React Router's shape), listeners told of every move. */
function browserHistory() {
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

/** The router of the browser: the address bar's location, updated in a transition (as React Router does). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  const [state, setState] = useState(() => history.read('POP'));
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history]);
  const value = useMemo(() => ({ ...state, navigator: history.navigator }), [state, history]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

const refuse = () => {
  throw new Error('The server renders one location: navigating there is not possible');
};
const STATIC_NAVIGATOR: Navigator = { push: refuse, replace: refuse, go: refuse };

/** The router of a render on the server: one location, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(
    () => ({
      action: 'POP' as const,
      location: { ...parsePath(location), state: null, key: 'default' },
      navigator: STATIC_NAVIGATOR,
    }),
    [location],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('A router hook or link is used outside BrowserRouter / StaticRouter');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().action;
export const useParams = <
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>() => use(RouteContext).params as T;
export const Outlet = () => <>{use(RouteContext).outlet}</>;

export function useNavigate(): NavigateFunction {
  const { navigator, location } = useRouter();
  const from = useRef(location.pathname);
  from.current = location.pathname;
  return useCallback(
    ((to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const path = resolveTo(to, from.current);
      if (options.replace) navigator.replace(path, options.state ?? null);
      else navigator.push(path, options.state ?? null);
    }) as NavigateFunction,
    [navigator],
  );
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const path = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    navigate(path, { replace, state });
  }, [navigate, path, replace, state]);
  return null;
}

// ---- search params ---------------------------------------------------------------------------------------------

export type SearchParamsInit =
  | string
  | URLSearchParams
  | [string, string][]
  | Record<string, string | string[]>;
export type SetSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

function searchParamsOf(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init))
    return new URLSearchParams(init);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
  }
  return out;
}

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${searchParamsOf(value)}`, options);
    },
    [navigate, params],
  );
  return [params, set];
}

// ---- links -----------------------------------------------------------------------------------------------------

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** 'path' is the only relative mode: relative paths always resolve against the current path here. */
  relative?: 'path' | 'route';
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** Whether a click on a link is the app's to handle (not a new tab, a download, another frame or a modified click). */
const isPlainClick = (e: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !e.defaultPrevented &&
  e.button === 0 &&
  (!target || target === '_self') &&
  !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

export function Link({
  to,
  replace,
  state,
  relative: _relative,
  reloadDocument,
  onClick,
  target,
  ...rest
}: LinkProps) {
  const { location, navigator } = useRouter();
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = external ? (to as string) : resolveTo(to, location.pathname);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (external || reloadDocument || !isPlainClick(e, target)) return;
    e.preventDefault();
    // A link to where the shopper already is replaces the entry, as React Router does.
    const same = href === createPath(location);
    if (replace ?? same) navigator.replace(href, state ?? null);
    else navigator.push(href, state ?? null);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

type NavState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };
type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((s: NavState) => string | undefined);
  style?: CSSProperties | ((s: NavState) => CSSProperties | undefined);
  children?: ReactNode | ((s: NavState) => ReactNode);
};

/** A Link that knows whether it leads to the current page (or, without `end`, a page below it). */
export function NavLink({ end = false, className, style, children, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const toPath = parsePath(resolveTo(rest.to, location.pathname)).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slashAt = toPath !== '/' && toPath.endsWith('/') ? toPath.length - 1 : toPath.length;
  const isActive = here === toPath || (!end && here.startsWith(toPath) && here.charAt(slashAt) === '/');
  const s: NavState = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(s) : className}
      style={typeof style === 'function' ? style(s) : style}
    >
      {typeof children === 'function' ? children(s) : children}
    </Link>
  );
}

// ---- routes ----------------------------------------------------------------------------------------------------

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}
/** Declares a route inside `Routes`; never rendered itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Branch {
  /** From the outermost route to the matched one. */
  routes: RouteProps[];
  match: RegExp;
  paramNames: string[];
  score: number;
}

const joinPaths = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/{2,}/g, '/');

/** React Router's ranking: more segments, static over dynamic over a splat, an index route over its layout. */
function scoreOf(path: string, index: boolean) {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const s of segments) {
    if (s === '*') continue;
    score += /^:[\w-]+\??$/.test(s) ? 3 : s === '' ? 1 : 10;
  }
  return score;
}

/** React Router's path pattern as a regular expression, matched case-insensitively against the whole path. */
function compile(path: string) {
  const paramNames: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional?: string) => {
      paramNames.push(name);
      return optional ? '/?([^\\/]+)?' : '/([^\\/]+)';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  if (path.endsWith('*')) {
    paramNames.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else source += '\\/*$';
  return { match: new RegExp(source, 'i'), paramNames };
}

/** The Route elements among `children` (arrays and fragments looked through). */
function routeElements(children: ReactNode): ReactElement<RouteProps>[] {
  const out: ReactElement<RouteProps>[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment)
      out.push(...routeElements((child.props as { children?: ReactNode }).children));
    else out.push(child as ReactElement<RouteProps>);
  });
  return out;
}

function branchesOf(children: ReactNode, parents: RouteProps[] = [], parentPath = '/'): Branch[] {
  const out: Branch[] = [];
  for (const el of routeElements(children)) {
    const route = el.props;
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children !== undefined) out.push(...branchesOf(route.children, chain, path));
    // A pathless layout route matches only through its children.
    if (route.path === undefined && !route.index) continue;
    out.push({ routes: chain, ...compile(path), score: scoreOf(path, !!route.index) });
  }
  return out;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Renders the best-ranked route matching the current path, inside its layouts. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const branches = branchesOf(children);
  // Stable: among equal scores the first defined wins.
  const ranked = branches.map((b, i) => ({ b, i })).sort((x, y) => y.b.score - x.b.score || x.i - y.i);
  for (const { b } of ranked) {
    const m = b.match.exec(pathname);
    if (!m) continue;
    const params: Record<string, string | undefined> = {};
    b.paramNames.forEach((name, i) => {
      const v = m[i + 1];
      params[name] = v === undefined ? undefined : decode(v);
    });
    let outlet: ReactNode = null;
    for (let i = b.routes.length - 1; i >= 0; i--) {
      const route = b.routes[i] as RouteProps;
      outlet = <RouteContext value={{ params, outlet }}>{route.element ?? <Outlet />}</RouteContext>;
    }
    return outlet;
  }
  return null;
}

// The routers and their hooks (lib/router.tsx): BrowserRouter, StaticRouter, the location, navigation and search
// params, and the route context that Routes fills and Outlet and useParams read.
import {
  createContext,
  type ReactNode,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  browserHistory,
  createPath,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type NavigationType,
  type Navigator,
  parsePath,
  type RouterState,
  resolveTo,
  type To,
} from './history.ts';

const RouterContext = createContext<RouterState | null>(null);
interface RouteState {
  params: Record<string, string | undefined>;
  outlet: ReactNode;
}
export const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

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

export function useRouter(): RouterState {
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

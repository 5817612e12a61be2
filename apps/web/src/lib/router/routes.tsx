// Routes and Route (lib/router.tsx): the route tree flattened into branches, ranked as React Router ranks them,
// matched against the path and rendered inside their layouts.
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Outlet, RouteContext, useLocation } from './router.tsx';

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

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
export {
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type NavigationType,
  resolveTo,
  type To,
} from './router/history.ts';
export { Link, NavLink } from './router/links.tsx';
export {
  BrowserRouter,
  Navigate,
  Outlet,
  type SearchParamsInit,
  type SetSearchParams,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router/router.tsx';
export { Route, type RouteProps, Routes } from './router/routes.tsx';

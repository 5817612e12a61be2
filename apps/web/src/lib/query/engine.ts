/** What the hooks use of TanStack Query's engine: loaded with import() on a shop page, statically elsewhere. */
export {
  InfiniteQueryObserver,
  MutationObserver,
  notifyManager,
  QueriesObserver,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core';

import { onlineManager } from '@tanstack/query-core';

/** What the hooks use of TanStack Query's engine: loaded with import() on a shop page, statically elsewhere. */
export {
  InfiniteQueryObserver,
  MutationObserver,
  notifyManager,
  QueriesObserver,
  QueryClient,
  QueryObserver,
} from '@tanstack/query-core';

// TanStack Query 5 starts out online and then follows the online and offline events: a page that opens with no
// connection (the installed back office, decision 0035) would send every query and fail each. It starts as the
// browser is, and its queries wait for the connection instead.
if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);

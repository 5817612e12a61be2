import type { QueryKey } from '@tanstack/query-core';
import type { AppQueryClient } from './client.ts';

/** The options a query's result before the engine depends on (a subset of TanStack's). */
export interface BootOptions {
  queryKey: QueryKey;
  enabled?: unknown;
  initialData?: unknown;
  initialDataUpdatedAt?: unknown;
  select?: (data: never) => unknown;
  getNextPageParam?: (last: never, all: never, lastParam: never, allParams: never) => unknown;
  getPreviousPageParam?: (first: never, all: never, firstParam: never, allParams: never) => unknown;
}

/**
 * A query's result before the engine is here, shaped as TanStack's: success with the data it was handed
 * (initialData), or pending and (when enabled) about to fetch, which is what TanStack's first result says too, so
 * the server's render and the browser's hydration agree. `fetches`: whether it needs the engine to go on.
 */
export function bootQueryResult(client: AppQueryClient, options: BootOptions, infinite: boolean) {
  const raw = client.handOut(options as Parameters<AppQueryClient['handOut']>[0]);
  const has = raw !== undefined;
  const enabled = options.enabled !== false;
  const fetches = !has && enabled;
  const data = has && options.select ? options.select(raw as never) : raw;
  const refetch = async () => {
    const real = await client.load();
    await real.refetchQueries({ queryKey: options.queryKey, exact: true });
  };
  const result: Record<string, unknown> = {
    data,
    dataUpdatedAt: has ? client.handedAt(options.queryKey) : 0,
    error: null,
    errorUpdatedAt: 0,
    errorUpdateCount: 0,
    failureCount: 0,
    failureReason: null,
    fetchStatus: fetches ? 'fetching' : 'idle',
    isEnabled: enabled,
    isError: false,
    isFetched: false,
    isFetchedAfterMount: false,
    isFetching: fetches,
    isInitialLoading: fetches,
    isLoading: fetches,
    isLoadingError: false,
    isPaused: false,
    isPending: !has,
    isPlaceholderData: false,
    isRefetchError: false,
    isRefetching: false,
    isStale: !has,
    isSuccess: has,
    refetch,
    status: has ? 'success' : 'pending',
  };
  if (infinite) Object.assign(result, infiniteFields(raw, options, refetch));
  return { result, fetches };
}

function infiniteFields(raw: unknown, options: BootOptions, load: () => Promise<void>) {
  const pages = raw as { pages: unknown[]; pageParams: unknown[] } | undefined;
  const n = pages?.pages.length ?? 0;
  const next =
    pages && n > 0 && options.getNextPageParam
      ? options.getNextPageParam(
          pages.pages[n - 1] as never,
          pages.pages as never,
          pages.pageParams[n - 1] as never,
          pages.pageParams as never,
        )
      : undefined;
  const previous =
    pages && n > 0 && options.getPreviousPageParam
      ? options.getPreviousPageParam(
          pages.pages[0] as never,
          pages.pages as never,
          pages.pageParams[0] as never,
          pages.pageParams as never,
        )
      : undefined;
  return {
    hasNextPage: next != null,
    hasPreviousPage: previous != null,
    isFetchingNextPage: false,
    isFetchingPreviousPage: false,
    isFetchNextPageError: false,
    isFetchPreviousPageError: false,
    // Only reachable with pages handed out before the engine (no infinite query of the app has initial data):
    // loads the engine and fetches the query again.
    fetchNextPage: load,
    fetchPreviousPage: load,
  };
}

/** A mutation's result before the engine: idle. */
export const IDLE_MUTATION = {
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isError: false,
  isIdle: true,
  isPaused: false,
  isPending: false,
  isSuccess: false,
  status: 'idle',
  submittedAt: 0,
  variables: undefined,
  reset: () => undefined,
} as const;

import type {
  MutationObserverOptions,
  MutationObserver as Mutations,
  QueriesObserver,
  QueryObserver,
  QueryObserverOptions,
} from '@tanstack/query-core';
import type * as RQ from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type BootOptions, bootQueryResult, IDLE_MUTATION } from './boot-result.ts';
import type { AppQueryClient, QueryClientApi } from './client.ts';
import { type QueryCore, queryCore, useQueryCore } from './core.ts';

/**
 * TanStack Query's React hooks, on an engine that may arrive after the first render (core.ts). Each hook calls the
 * same React hooks before and after: until the engine is here it answers from what the page was sent (boot-result.ts),
 * then it makes TanStack's observer and works exactly as `@tanstack/react-query`'s hook of the same name (the code
 * follows its useBaseQuery, useQueries and useMutation, without suspense, error boundaries and persistence, which
 * the app does not use). Typed with `@tanstack/react-query`'s own types.
 */
const ClientContext = createContext<AppQueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: AppQueryClient; children: ReactNode }) {
  return <ClientContext value={client}>{children}</ClientContext>;
}

function useAppClient() {
  const client = use(ClientContext);
  if (!client) throw new Error('No QueryClientProvider above this component');
  return client;
}

/** The page's query client (TanStack's methods the app uses, working before the engine too). */
export const useQueryClient = (): QueryClientApi => useAppClient();

const noop = () => undefined;

/** Subscribes to `observer` once there is one (before the engine there is nothing to hear). */
function useObserverStore<R>(
  core: QueryCore | null,
  observer: { subscribe(l: (r: never) => void): () => void; getCurrentResult(): R } | undefined,
  updateOnSubscribe: boolean,
) {
  return useSyncExternalStore(
    useCallback(
      (onChange: () => void) => {
        if (!observer || !core) return noop;
        const unsubscribe = observer.subscribe(core.notifyManager.batchCalls(onChange));
        if (updateOnSubscribe) (observer as unknown as QueryObserver).updateResult();
        return unsubscribe;
      },
      [observer, core, updateOnSubscribe],
    ),
    () => observer?.getCurrentResult() ?? null,
    () => observer?.getCurrentResult() ?? null,
  );
}

/** Loads the engine when a query before it has something to fetch (a failure is announced by loadQueryCore). */
function useLoadWhen(client: AppQueryClient, needed: boolean) {
  useEffect(() => {
    if (needed) client.load().catch(noop);
  }, [client, needed]);
}

/** The page's client, the engine (null until it is here) and TanStack's client once it is. */
function useEngine() {
  const client = useAppClient();
  const core = useQueryCore();
  return { client, core, real: core ? client.real() : null };
}

function useBaseQuery(options: QueryObserverOptions & BootOptions, infinite: boolean) {
  const { client, core, real } = useEngine();
  const defaulted = real?.defaultQueryOptions(options);
  if (defaulted) defaulted._optimisticResults = 'optimistic';
  const [holder] = useState<{ observer?: QueryObserver }>({});
  if (core && real && defaulted && !holder.observer) {
    const Observer = (
      infinite ? core.InfiniteQueryObserver : core.QueryObserver
    ) as typeof core.QueryObserver;
    holder.observer = new Observer(real, defaulted);
  }
  const observer = holder.observer;
  const boot = observer ? null : bootQueryResult(client, options, infinite);
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  }, [defaulted, observer]);
  useObserverStore(core, observer, true);
  useLoadWhen(client, !!boot?.fetches);
  if (observer && defaulted) return observer.trackResult(observer.getOptimisticResult(defaulted));
  return boot?.result;
}

export const useQuery = ((options: QueryObserverOptions & BootOptions) =>
  useBaseQuery(options, false)) as unknown as typeof RQ.useQuery;

export const useInfiniteQuery = ((options: QueryObserverOptions & BootOptions) =>
  useBaseQuery(options, true)) as unknown as typeof RQ.useInfiniteQuery;

type QueriesArgs = {
  queries: (QueryObserverOptions & BootOptions)[];
  combine?: (results: never[]) => unknown;
};

function useQueriesImpl({ queries, combine }: QueriesArgs) {
  const { client, core, real } = useEngine();
  const defaulted = useMemo(
    () =>
      real
        ? queries.map((q) => {
            const d = real.defaultQueryOptions(q);
            d._optimisticResults = 'optimistic';
            return d;
          })
        : null,
    [queries, real],
  );
  const [holder] = useState<{ observer?: QueriesObserver }>({});
  if (core && real && defaulted && !holder.observer) {
    holder.observer = new core.QueriesObserver(real, defaulted, { combine } as never);
  }
  const observer = holder.observer;
  const boot = observer ? null : queries.map((q) => bootQueryResult(client, q, false));
  useEffect(() => {
    if (observer && defaulted) observer.setQueries(defaulted, { combine } as never);
  }, [defaulted, combine, observer]);
  useObserverStore(core, observer, false);
  useLoadWhen(client, !!boot?.some((b) => b.fetches));
  if (observer && defaulted) {
    const [, getCombined, track] = observer.getOptimisticResult(defaulted, combine as never);
    return getCombined(track());
  }
  const results = (boot ?? []).map((b) => b.result);
  return combine ? combine(results as never[]) : results;
}

export const useQueries = useQueriesImpl as unknown as typeof RQ.useQueries;

type MutationArgs = MutationObserverOptions<unknown, unknown, unknown, unknown>;
type MutationObserver = Mutations<unknown, unknown, unknown, unknown>;

function useMutationImpl(options: MutationArgs) {
  const { client, core, real } = useEngine();
  const [holder] = useState<{ observer?: MutationObserver; options?: MutationArgs }>({});
  holder.options = options; // the latest, for a mutation started before the engine
  if (core && real && !holder.observer) holder.observer = new core.MutationObserver(real, options);
  const observer = holder.observer;
  useEffect(() => {
    observer?.setOptions(options);
  }, [observer, options]);
  const result = useObserverStore(core, observer, false);
  const mutateAsync = useCallback(
    async (variables: unknown, mutateOptions?: Parameters<MutationObserver['mutate']>[1]) => {
      if (!holder.observer) {
        const started = await client.load();
        holder.observer ??= new (queryCore() as QueryCore).MutationObserver(
          started,
          holder.options as MutationArgs,
        );
      }
      return (holder.observer as MutationObserver).mutate(variables, mutateOptions);
    },
    [client, holder],
  );
  const mutate = useCallback(
    (variables: unknown, mutateOptions?: Parameters<MutationObserver['mutate']>[1]) => {
      mutateAsync(variables, mutateOptions).catch(noop);
    },
    [mutateAsync],
  );
  return { ...(result ?? IDLE_MUTATION), mutate, mutateAsync };
}

export const useMutation = useMutationImpl as unknown as typeof RQ.useMutation;

/** Keeps the previous data while a new key loads (TanStack's `keepPreviousData`, without the engine). */
export function keepPreviousData<T>(previousData: T) {
  return previousData;
}

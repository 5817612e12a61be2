import type { QueryClient, QueryClientConfig, QueryKey } from '@tanstack/query-core';

export type { InfiniteData } from '@tanstack/query-core';

import { loadQueryCore, queryCore } from './core.ts';

/** What the app asks of its query client (useQueryClient()): the same methods, with TanStack's types. */
export type QueryClientApi = Pick<
  QueryClient,
  'getQueryData' | 'setQueryData' | 'setQueriesData' | 'invalidateQueries' | 'cancelQueries' | 'clear'
>;

/** TanStack's query hash: the key as JSON with every object's keys sorted. */
export function hashKey(key: QueryKey) {
  return JSON.stringify(key, (_, value: unknown) =>
    value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

interface Handed {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}

type Value<T> = T | (() => T);
const given = <T>(v: Value<T>): T => (typeof v === 'function' ? (v as () => T)() : v);

/**
 * The app's query client: one per page load in the browser, one per request on the server. Until the engine is
 * here (core.ts) it hands each query its initial data, once, and keeps what it handed out; when the engine
 * arrives it makes TanStack's `QueryClient` and puts that data into its cache, as of the time it was sent, so every
 * query goes on exactly as if the engine had been there from the start.
 */
export class AppQueryClient implements QueryClientApi {
  readonly #config: QueryClientConfig;
  readonly #mount: boolean;
  #real: QueryClient | null = null;
  readonly #handed = new Map<string, Handed>();
  #invalidated = false;

  /** `mount`: follow the browser's focus and connection (as TanStack's provider does); false on the server. */
  constructor(config: QueryClientConfig, { mount }: { mount: boolean }) {
    this.#config = config;
    this.#mount = mount;
  }

  /** TanStack's client, made on the first call once the engine is here (null before). */
  real(): QueryClient | null {
    if (this.#real) return this.#real;
    const core = queryCore();
    if (!core) return null;
    const real = new core.QueryClient(this.#config);
    for (const { key, data, updatedAt } of this.#handed.values()) {
      const options = real.defaultQueryOptions({
        queryKey: key,
        initialData: data,
        initialDataUpdatedAt: updatedAt,
      });
      real.getQueryCache().build(real, options);
    }
    this.#handed.clear();
    if (this.#invalidated) void real.invalidateQueries();
    if (this.#mount) real.mount();
    this.#real = real;
    return real;
  }

  /** TanStack's client, loading the engine first if need be. */
  async load(): Promise<QueryClient> {
    await loadQueryCore();
    return this.real() as QueryClient;
  }

  /** Before the engine: a query's data as its options give it (initialData, called once per key), or undefined. */
  handOut(options: {
    queryKey: QueryKey;
    initialData?: Value<unknown>;
    initialDataUpdatedAt?: Value<number | undefined>;
  }): unknown {
    const hash = hashKey(options.queryKey);
    const known = this.#handed.get(hash);
    if (known) return known.data;
    const data = given(options.initialData);
    if (data === undefined) return undefined;
    const updatedAt = given(options.initialDataUpdatedAt) ?? Date.now();
    this.#handed.set(hash, { key: options.queryKey, data, updatedAt });
    return data;
  }

  /** When the data handed out to `key` was sent (0 if none). */
  handedAt(key: QueryKey) {
    return this.#handed.get(hashKey(key))?.updatedAt ?? 0;
  }

  getQueryData = ((key: QueryKey) => {
    const real = this.real();
    return real ? real.getQueryData(key) : this.#handed.get(hashKey(key))?.data;
  }) as QueryClient['getQueryData'];

  setQueryData = ((key: QueryKey, updater: unknown, options?: { updatedAt?: number }) => {
    const real = this.real();
    if (real) return real.setQueryData(key, updater as never, options);
    const before = this.#handed.get(hashKey(key))?.data;
    const data = typeof updater === 'function' ? (updater as (d: unknown) => unknown)(before) : updater;
    if (data === undefined) return undefined;
    this.#handed.set(hashKey(key), { key, data, updatedAt: options?.updatedAt ?? Date.now() });
    void this.load().catch(() => undefined);
    return data;
  }) as QueryClient['setQueryData'];

  setQueriesData = ((filters: Parameters<QueryClient['setQueriesData']>[0], updater: unknown) => {
    const real = this.real();
    if (real) return real.setQueriesData(filters, updater as never);
    // Before the engine nothing is cached but what was handed out: applied once the engine is here.
    void this.load().then(
      (r) => r.setQueriesData(filters, updater as never),
      () => undefined,
    );
    return [];
  }) as QueryClient['setQueriesData'];

  invalidateQueries: QueryClient['invalidateQueries'] = (...args) => {
    const real = this.real();
    if (real) return real.invalidateQueries(...args);
    // Nothing is being fetched yet: everything handed out counts as stale once the engine is here.
    this.#invalidated = true;
    return Promise.resolve();
  };

  cancelQueries: QueryClient['cancelQueries'] = (...args) => {
    const real = this.real();
    return real ? real.cancelQueries(...args) : Promise.resolve();
  };

  clear: QueryClient['clear'] = () => {
    const real = this.real();
    if (real) real.clear();
    else this.#handed.clear();
  };
}

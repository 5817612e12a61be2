import type { Db } from '@haat/db';
import type { Config } from '../config.ts';

import type { StoreRow } from '../modules/stores/index.ts';
import { announce } from './cache-bus.ts';
import type { TtlCache } from './ttl-cache.ts';

/** What services need from the process: the app-role database, configuration and shared caches. */
export interface Deps {
  db: Db;
  config: Config;
  /** Signs access tokens and peppers one-time codes. */
  authSecret: Uint8Array;
  storeCache: TtlCache<StoreRow | null>;
  /** Public storefront bundles per shop, for a couple of seconds (see STOREFRONT_CACHE_MS). */
  storefrontCache: TtlCache<unknown>;
  /** Whether a sign-in is still open, per user and refresh-token family, for a few seconds (SESSION_CHECK_MS). */
  sessionCache: TtlCache<boolean>;
  /** Other server processes share the database: forgetting is announced to them (`lib/cache-bus.ts`). */
  crossProcess?: boolean;
  /**
   * Tests only: called as a multi-step write has sent each step's statements, before its COMMIT, so a test can fail
   * the transaction there (placing an order: stock, order, items, payment, ledger, cart).
   */
  testHooks?: { orderStep?: (step: OrderStep) => void };
}

/** The steps of placing an order, as `Deps.testHooks.orderStep` is told of them. */
export type OrderStep = 'stock' | 'order' | 'items' | 'payment' | 'ledger' | 'cart';

/** Forget everything cached about a shop, here and in every other process: call after any write shoppers would see. */
export function forgetStorefront(deps: Deps, store: { id: string; slug: string }) {
  announce(deps, { kind: 'store', id: store.id, slug: store.slug });
}

/** Forget one directory entry (a custom domain, a slug) here and in every other process. */
export function forgetDirectoryKey(deps: Deps, key: string) {
  announce(deps, { kind: 'key', key });
}

/** How the request addressed us, for building the shop's own absolute URLs. */
export interface Origin {
  protocol: string;
  port: number | null;
}

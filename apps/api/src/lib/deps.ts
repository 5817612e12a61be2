import type { Db } from '@haat/db';
import type { Config } from '../config.ts';
import type { StoreRow } from '../modules/stores/stores.repository.ts';
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
}

/** Forget everything cached about a shop: call after any write that shoppers would see. */
export function forgetStorefront(deps: Deps, store: { id: string; slug: string }) {
  deps.storeCache.delete(`slug:${store.slug}`);
  deps.storefrontCache.deleteWhere((key) => key.startsWith(`${store.id}|`));
}

/** How the request addressed us, for building the shop's own absolute URLs. */
export interface Origin {
  protocol: string;
  port: number | null;
}

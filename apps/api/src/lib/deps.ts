import type { Db } from '@haat/db';
import type { Config } from '../config.ts';
import type { StoreRow } from '../modules/stores/stores.repository.ts';
import type { TtlCache } from './ttl-cache.ts';

/** What services need from the process: the app-role database, configuration and shared caches. */
export interface Deps {
  db: Db;
  config: Config;
  storeCache: TtlCache<StoreRow | null>;
}

/** How the request addressed us, for building the shop's own absolute URLs. */
export interface Origin {
  protocol: string;
  port: number | null;
}

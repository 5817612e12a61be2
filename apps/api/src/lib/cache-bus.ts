import { randomUUID } from 'node:crypto';
import type { Database } from '@haat/db';
import { sql } from 'drizzle-orm';
import type { Deps } from './deps.ts';

/*
 * Keeping several server processes' caches honest (issue 16): whatever one process forgets after a write (a shop's
 * directory row and storefront bundle, a custom domain, a person's open sessions) it also announces with
 * PostgreSQL's NOTIFY, and every other process forgets the same at once instead of serving its copy until the
 * copy's time runs out. On embedded PGlite there is one process and nothing to announce.
 */

export const CACHE_CHANNEL = 'haat_cache';

export type CacheMessage =
  | { kind: 'store'; id: string; slug: string }
  | { kind: 'key'; key: string }
  | { kind: 'sessions'; userId: string };

/** This process, so it ignores its own announcements. */
const INSTANCE = randomUUID();

/** What a process hears on the channel, for `buildApp` to apply to its caches. */
export interface CacheBus {
  subscribe(handler: (payload: string) => void): void;
  stop(): Promise<void>;
}

/** Listens on the channel of a PostgreSQL database (null on PGlite). */
export async function startCacheBus(database: Database): Promise<CacheBus | null> {
  if (database.kind !== 'postgres') return null;
  const handlers: ((payload: string) => void)[] = [];
  const stop = await database.listen(CACHE_CHANNEL, (payload) => {
    for (const h of handlers) h(payload);
  });
  return { subscribe: (h) => handlers.push(h), stop };
}

/** Forgets locally, and tells the other processes to forget the same (fire and forget: caches expire anyway). */
export function announce(deps: Deps, msg: CacheMessage) {
  forgetLocally(deps, msg);
  if (!deps.crossProcess) return;
  const payload = JSON.stringify({ ...msg, from: INSTANCE });
  deps.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`).catch(() => {});
}

/** An announcement from another process. */
export function applyAnnouncement(deps: Deps, payload: string) {
  let msg: (CacheMessage & { from?: string }) | null = null;
  try {
    msg = JSON.parse(payload);
  } catch {
    return;
  }
  if (!msg || msg.from === INSTANCE) return;
  forgetLocally(deps, msg);
}

function forgetLocally(deps: Deps, msg: CacheMessage) {
  switch (msg.kind) {
    case 'store':
      deps.storeCache.delete(`slug:${msg.slug}`);
      deps.storefrontCache.deleteWhere((key) => key.startsWith(`${msg.id}|`));
      return;
    case 'key':
      deps.storeCache.delete(msg.key);
      return;
    case 'sessions':
      deps.sessionCache.deleteWhere((key) => key.startsWith(`${msg.userId}:`));
      return;
  }
}

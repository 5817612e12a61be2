import type postgres from 'postgres';

/**
 * One connection that serves storefront reads (`readInStore` on PostgreSQL) and nothing else, with what its
 * session was last set to. The session keeps a shop's context (`set app.store_id`) from one read to the next, so a
 * read of the same shop sends its statements alone: no BEGIN, no context, no COMMIT (issue 18; decision 0020).
 */
export interface StoreReader {
  /** A postgres-js client of one connection; it reconnects by itself after the connection drops. */
  readonly sql: postgres.Sql;
  /** The shop whose context the session holds; null when not known (a new session). */
  storeId: string | null;
  /** Whether the session plans generically (`plan_cache_mode`). */
  generic: boolean;
  /**
   * Counts the connection's closes: a read that sees it change saw (part of) its statements run on a new session,
   * where no shop is set and row-level security shows nothing, and must not be answered.
   */
  generation: number;
}

/**
 * A small pool of `StoreReader`s. `acquire` prefers an idle reader that already holds the shop's context, then
 * any idle one (the most recently used), opens a new one while fewer than `size` exist, and otherwise waits for
 * the next release. A reader serves one read at a time.
 */
export class StoreReaders {
  private readonly idle: StoreReader[] = [];
  private readonly waiting: ((reader: StoreReader) => void)[] = [];
  private readonly all: StoreReader[] = [];
  /** Readers to close when their read ends (`renew`). */
  private readonly retired = new Set<StoreReader>();
  private closed = false;

  /** `open(forget)` makes a one-connection client; it calls `forget` whenever that connection closes. */
  constructor(
    private readonly open: (forget: () => void) => postgres.Sql,
    private readonly size: number,
  ) {}

  acquire(storeId: string): StoreReader | Promise<StoreReader> {
    if (this.closed) throw new Error('The database is closed');
    const same = this.idle.findLastIndex((r) => r.storeId === storeId);
    if (same >= 0) return this.idle.splice(same, 1)[0] as StoreReader;
    const last = this.idle.pop();
    if (last) return last;
    if (this.all.length < this.size) return this.openReader();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(reader: StoreReader) {
    if (this.retired.has(reader)) return this.discard(reader);
    const next = this.waiting.shift();
    if (next) next(reader);
    else this.idle.push(reader);
  }

  /**
   * Closes a reader after a failed read and forgets it; a waiting read gets a new one. (After a connection reset,
   * postgres-js can leave statements sent on the dying connection unanswered: a reader is not reused after any
   * failure, so a read never waits behind them.)
   */
  discard(reader: StoreReader) {
    this.retired.delete(reader);
    this.all.splice(this.all.indexOf(reader), 1);
    reader.sql.end({ timeout: 0 }).catch(() => {});
    const next = this.waiting.shift();
    if (next && !this.closed) next(this.openReader());
  }

  /**
   * Replaces every reader with a new connection: the idle ones now, the busy ones when their read ends (a reader
   * on a server that is no longer the one wanted, after a failover).
   */
  renew() {
    for (const reader of this.all) this.retired.add(reader);
    for (const reader of this.idle.splice(0)) this.discard(reader);
  }

  async close() {
    this.closed = true;
    await Promise.all(this.all.map((r) => r.sql.end({ timeout: 5 })));
  }

  private openReader(): StoreReader {
    // A new session has no shop's context and PostgreSQL's default plan cache mode; so has one after a reconnect.
    const reader = { storeId: null, generic: false, generation: 0 } as {
      -readonly [K in keyof StoreReader]: StoreReader[K];
    };
    reader.sql = this.open(() => {
      reader.storeId = null;
      reader.generic = false;
      reader.generation++;
    });
    this.all.push(reader);
    return reader;
  }
}

/**
 * What a reader's session must be told before a read of `storeId` (empty when it already holds it): one
 * simple-protocol message of `set` commands. `storeId` must already be checked to be a UUID; it is written in.
 */
export function sessionSetup(reader: StoreReader, storeId: string, generic: boolean): string {
  const steps: string[] = [];
  if (reader.storeId !== storeId) steps.push(`set app.store_id = '${storeId}'`);
  if (reader.generic !== generic)
    steps.push(generic ? 'set plan_cache_mode = force_generic_plan' : 'reset plan_cache_mode');
  return steps.join('; ');
}

import type postgres from 'postgres';
import { StoreReaders } from './store-readers.ts';

/** A shop's content version (migration 0047), as read on either server: the same prepared statement. */
export const VERSION_SQL = 'select version from store_content_versions where store_id = $1';

export const versionOf = async (sql: postgres.Sql, storeId: string): Promise<number> => {
  const [row] = await sql.unsafe<{ version: string }[]>(VERSION_SQL, [storeId], { prepare: true });
  return row ? Number(row.version) : 0;
};

/**
 * How far a server is behind its primary, in ms: 0 on a primary or a standby that has replayed all it received,
 * else the time since the last transaction it replayed (the usual measure; a standby held back by
 * `recovery_min_apply_delay` shows at least that delay).
 */
const LAG_SQL = `select case
  when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0)
end::float8 as lag_ms, pg_is_in_recovery() as standby`;

/**
 * While the read connections sit on a primary (the standby was promoted, or was down when they opened and
 * `prefer-standby` fell back), they are reopened this often, so they move to a standby once there is one again
 * (`prefer-standby` chooses when a connection opens).
 */
const REOPEN_ON_PRIMARY_MS = 10_000;

export interface StandbyOptions {
  /** The readers' clients on the standby (`target_session_attrs=prefer-standby` or a standby's own URL). */
  open: (forget: () => void) => postgres.Sql;
  /** Opens the one-connection client of the lag check (again after the reads were found on a primary). */
  monitor: () => postgres.Sql;
  /** A pool for reads in no shop's context (the marketplace: `readAnywhere`). */
  pool: postgres.Sql;
  size: number;
  /** Reads stop going to the standby while its lag is above this, or while it cannot be reached. */
  maxLagMs: number;
  /** How often the lag is read (ms). */
  checkEveryMs?: number;
}

/**
 * The storefront's readers on a standby (decision 0026), and whether to use them now. The lag is read every second
 * on a connection of its own; a standby that is too far behind or unreachable is skipped (reads go to the
 * primary's readers) until a check finds it usable again. Being usable only saves work: each read is still checked
 * against its shop's version on the primary (`readOnReader`), which makes it exact.
 */
export class StandbyReads {
  readonly readers: StoreReaders;
  private lagMs: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private monitor: postgres.Sql;
  /** Whether the last check found the read connections' server in recovery (a standby). */
  private onStandby = false;
  /** Since when the checks have found a primary where the reads go (0: not). */
  private onPrimarySince = 0;
  /** Reads served by the standby, and reads that went to the primary because the standby was behind that shop. */
  readonly counts = { standby: 0, behind: 0, failed: 0, anywhere: 0 };

  constructor(private readonly opts: StandbyOptions) {
    this.readers = new StoreReaders(opts.open, opts.size);
    this.monitor = opts.monitor();
    this.checking = this.check();
    this.timer = setInterval(() => {
      this.checking ??= this.check();
    }, opts.checkEveryMs ?? 1000);
    this.timer.unref();
  }

  /** Whether reads should try the standby now. */
  usable(): boolean {
    return this.lagMs !== null && this.lagMs <= this.opts.maxLagMs;
  }

  /** The last lag read (ms), null when the standby could not be reached. */
  lag(): number | null {
    return this.lagMs;
  }

  /** Whether the reads' server was a standby at the last check (false: a primary, after a failover). */
  isStandby(): boolean {
    return this.onStandby;
  }

  /** A read on the standby failed: skip it until the next check says otherwise. */
  failed() {
    this.counts.failed++;
    this.lagMs = null;
  }

  /** Waits for the check under way (tests). */
  async settled() {
    await this.checking;
  }

  async close() {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all([
      this.readers.close(),
      this.monitor.end({ timeout: 5 }),
      this.opts.pool.end({ timeout: 5 }),
    ]);
  }

  /** Reopens the lag check's connection and lets the idle readers go, for new ones to choose a standby. */
  private async reopen() {
    this.onPrimarySince = 0;
    const old = this.monitor;
    this.monitor = this.opts.monitor();
    this.readers.renew();
    await old.end({ timeout: 5 }).catch(() => {});
  }

  private async check() {
    try {
      const [row] = await this.monitor.unsafe<{ lag_ms: number; standby: boolean }[]>(LAG_SQL);
      this.lagMs = row ? Number(row.lag_ms) : null;
      this.onStandby = !!row?.standby;
      if (this.onStandby) this.onPrimarySince = 0;
      else if (!this.onPrimarySince) this.onPrimarySince = Date.now();
      else if (Date.now() - this.onPrimarySince >= REOPEN_ON_PRIMARY_MS) await this.reopen();
    } catch {
      this.lagMs = null;
      this.onStandby = false;
    } finally {
      this.checking = undefined;
    }
  }
}

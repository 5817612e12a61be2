import { type Database, type Db, rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShops, openTestDatabase } from '../../test/harness.ts';

/*
 * A database connection that dies under a transaction (pg_terminate_backend, a PostgreSQL restart, a failover, an
 * idle-connection reaper) fails that transaction and nothing else (issue 35): before the fix, the next statement on
 * the dead reserved connection threw `Cannot read properties of null (reading 'write')` from a timer, uncaught,
 * and the process exited; a dead connection released to the pool left the pool's next query hanging.
 */

const onPostgres = !!process.env.DATABASE_URL;
let database: Database;
let drop: () => Promise<void>;
let appDb: Db;
let shop: { id: string };
let killer: postgres.Sql;
let url: string;

/** Uncaught exceptions and rejections while `fn` runs (vitest would report them against another test). */
async function uncaughtDuring(fn: () => Promise<void>) {
  const seen: unknown[] = [];
  const onError = (e: unknown) => seen.push(e);
  const listeners = process.listeners('uncaughtException');
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    await fn();
    // Writes are flushed on setImmediate; give the driver two turns to hit a dead socket.
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    for (const l of listeners) process.on('uncaughtException', l);
  }
  return seen;
}

const terminate = (pid: number) => killer`select pg_terminate_backend(${pid})`;

beforeAll(async () => {
  if (!onPostgres) return;
  ({ database, drop } = await openTestDatabase(2));
  appDb = await database.app();
  shop = (await demoShops(database.owner)).a;
  const rows = await database.owner.execute(sql`select current_database() as db`);
  const u = new URL(process.env.DATABASE_URL as string);
  u.pathname = `/${rowsOf<{ db: string }>(rows)[0]?.db}`;
  url = u.toString();
  killer = postgres(url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await killer?.end();
  await drop?.();
});

describe.runIf(onPostgres)('a connection that dies under a transaction', () => {
  it('a reserved connection whose backend was terminated rejects its next statements, and the pool goes on', async () => {
    const pool = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const seen = await uncaughtDuring(async () => {
        const reserved = await pool.reserve();
        const [row] = await reserved`select pg_backend_pid() as pid`;
        await terminate(row?.pid);
        await expect(reserved`select 1`).rejects.toThrow();
        await expect(reserved`select 2`).rejects.toThrow();
        reserved.release();
        // The pool's only connection was the dead one: the next query must reconnect, not hang.
        const [again] = await Promise.race([
          pool`select 3 as n`,
          new Promise<never>((_, no) => setTimeout(() => no(new Error('the pool hung')), 5000)),
        ]);
        expect(again?.n).toBe(3);
      });
      expect(seen).toEqual([]);
    } finally {
      await pool.end({ timeout: 1 });
    }
  });

  it('a reserved handle never sends on its connection after that connection reconnected for someone else', async () => {
    const pool = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const seen = await uncaughtDuring(async () => {
        const reserved = await pool.reserve();
        const [row] = await reserved`select pg_backend_pid() as pid`;
        // Someone else waits for the pool's only connection.
        const other = pool`select pg_backend_pid() as pid`;
        await terminate(row?.pid);
        const [theirs] = await other;
        expect(theirs?.pid).not.toBe(row?.pid);
        // The stale handle must not run on the new session that now serves the pool.
        await expect(reserved`select pg_backend_pid() as pid`).rejects.toThrow();
        reserved.release();
        const [after] = await pool`select 1 as n`;
        expect(after?.n).toBe(1);
      });
      expect(seen).toEqual([]);
    } finally {
      await pool.end({ timeout: 1 });
    }
  });

  it('withStore: a transaction whose connection is terminated mid-way fails alone; the next ones commit', async () => {
    const seen = await uncaughtDuring(async () => {
      for (let round = 0; round < 5; round++) {
        const failed = withStore(appDb, shop.id, async (tx) => {
          const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          await terminate(me?.pid as number);
          // Statements after the death, pipelined as a multi-step write sends them.
          await Promise.all([
            tx.execute(sql`select count(*) from products`),
            tx.execute(sql`select count(*) from orders`),
          ]);
        });
        await expect(failed).rejects.toThrow();
        const rows = await withStore(appDb, shop.id, (tx) =>
          tx.execute(sql`select current_setting('app.store_id', true) as store`),
        );
        expect(rowsOf<{ store: string }>(rows)[0]?.store).toBe(shop.id);
      }
    });
    expect(seen).toEqual([]);
  });
});

import { type Database, type Db, rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShops, openTestDatabase } from '../../test/harness.ts';
import { writesDuring } from '../../test/socket-writes.ts';

/*
 * withStore's early COMMIT (StoreTx.commit): statements issued before it run inside the shop's transaction, also
 * when they start on a later microtask or after an earlier round trip; and on PostgreSQL a read and its COMMIT
 * leave in one socket write (BEGIN, the shop's context, the read, COMMIT). Issue 18's profile of the storefront
 * listing under load put about a fifth of the server's CPU in that one write, so a second one would show.
 */

let database: Database;
let drop: () => Promise<void>;
let appDb: Db;
let shop: { id: string; slug: string };
beforeAll(async () => {
  // One connection, so every transaction below runs on the connection the warm-up prepared its statements on.
  ({ database, drop } = await openTestDatabase(1));
  appDb = await database.app();
  shop = (await demoShops(database.owner)).a;
});
afterAll(() => drop?.());

const countProducts = (tx: Parameters<Parameters<typeof withStore>[2]>[0]) =>
  tx.execute(sql`select count(*)::int as n, current_setting('app.store_id', true) as store from products`);

describe('a shop transaction with an early COMMIT', () => {
  it("runs the statements issued before it in the shop's context, and commits", async () => {
    const [read] = await withStore(appDb, shop.id, async (tx, ctl) => {
      const [rows] = await Promise.all([countProducts(tx), ctl.commit()]);
      return rowsOf<{ n: number; store: string }>(rows);
    });
    expect(read?.store).toBe(shop.id);
    expect(read?.n).toBeGreaterThan(0);
  });

  it('waits for a statement that starts on a later microtask (a thenable handed to Promise.all)', async () => {
    const marker = `store-transaction-test-${Date.now()}`;
    await withStore(appDb, shop.id, async (tx, ctl) => {
      // A drizzle query builder starts when awaited: here inside Promise.allSettled, after commit() was called.
      const sent = [tx.execute(sql`select set_config('application_name', ${marker}, true)`)];
      const [written, committed] = await Promise.allSettled([Promise.allSettled(sent), ctl.commit()]);
      expect(committed.status).toBe('fulfilled');
      expect(written.status === 'fulfilled' && written.value.every((r) => r.status === 'fulfilled')).toBe(
        true,
      );
    });
  });

  it('after a round trip inside the transaction, still commits behind the statements issued before it', async () => {
    const read = await withStore(appDb, shop.id, async (tx, ctl) => {
      await countProducts(tx); // an answer awaited: the turn scheduled with BEGIN has passed
      const [rows] = await Promise.all([countProducts(tx), ctl.commit()]);
      return rowsOf<{ n: number; store: string }>(rows)[0];
    });
    expect(read?.store).toBe(shop.id);
  });

  it.runIf(process.env.DATABASE_URL)(
    'sends BEGIN, the context, the read and the COMMIT to PostgreSQL in one write',
    async () => {
      const read = () =>
        withStore(appDb, shop.id, async (tx, ctl) => {
          const [rows] = await Promise.all([countProducts(tx), ctl.commit()]);
          return rowsOf<{ n: number }>(rows)[0]?.n;
        });
      await read(); // prepares the statements on the connection (the first use of one describes it first)
      const { result, writes } = await writesDuring(read);
      expect(result).toBeGreaterThan(0);
      expect(writes).toBe(1);
    },
  );
});

import { type Database, type Db, readInStore, rowsOf, schema, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShops, openTestDatabase } from '../../test/harness.ts';
import { writesDuring } from '../../test/socket-writes.ts';

/*
 * readInStore, the storefront's hot reads, in one round trip: on PostgreSQL on reader connections that keep the
 * last shop's context in their session (decision 0020), elsewhere a transaction with the context and COMMIT sent
 * with the statements. A read sees its shop's rows only, the app's own connections never carry a shop's context,
 * and every value reaches PostgreSQL as given.
 */

const onPostgres = !!process.env.DATABASE_URL;
let database: Database;
let drop: () => Promise<void>;
let appDb: Db;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  // One connection (and one reader on PostgreSQL): the read after a read runs where the first one did.
  ({ database, drop } = await openTestDatabase(1));
  appDb = await database.app();
  shops = await demoShops(database.owner);
});
afterAll(() => drop?.());

const products = (tx: Tx) =>
  tx
    .select({ id: schema.products.id, storeId: schema.products.storeId })
    .from(schema.products)
    .orderBy(schema.products.id);
const echo = (tx: Tx, value: unknown) => tx.execute(sql`select ${value}::text as v`);

/** Why a read failed: drizzle wraps the database's error ("Failed query: …") with it as the cause. */
const failure = (read: Promise<unknown>) =>
  read.then(
    () => 'resolved',
    (e: Error) => `${e.message} / ${(e.cause as Error | undefined)?.message ?? ''}`,
  );

describe('readInStore', () => {
  it("sees only its shop's rows, and leaves no shop's context on the app's connections", async () => {
    const [mine, setting] = await readInStore(
      appDb,
      shops.a.id,
      (tx) => [products(tx), tx.execute(sql`select current_setting('app.store_id', true) as store`)] as const,
    );
    const [theirs] = await readInStore(appDb, shops.b.id, (tx) => [products(tx)] as const);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.storeId === shops.a.id)).toBe(true);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((p) => mine.some((m) => m.id === p.id))).toBe(false);
    expect(rowsOf<{ store: string }>(setting)[0]?.store).toBe(shops.a.id);
    // The app's connection afterwards: no shop in context, so row-level security shows no product.
    const after = rowsOf<{ store: string | null; n: number }>(
      await appDb.execute(
        sql`select current_setting('app.store_id', true) as store, (select count(*)::int from products) as n`,
      ),
    )[0];
    expect(after?.store || null).toBeNull();
    expect(after?.n).toBe(0);
  });

  it("answers each statement with its own rows, in order, and another shop's read sees that shop", async () => {
    const [a, b] = await Promise.all([
      readInStore(appDb, shops.a.id, (tx) => [products(tx), echo(tx, 'second')] as const),
      readInStore(appDb, shops.b.id, (tx) => [echo(tx, 'first'), products(tx)] as const),
    ]);
    expect(a[0].length).toBeGreaterThan(0);
    expect(a[0].every((p) => p.storeId === shops.a.id)).toBe(true);
    expect(rowsOf<{ v: string }>(a[1])[0]?.v).toBe('second');
    expect(rowsOf<{ v: string }>(b[0])[0]?.v).toBe('first');
    expect(b[1].length).toBeGreaterThan(0);
    expect(b[1].every((p) => p.storeId === shops.b.id)).toBe(true);
  });

  it('keeps each of many reads of two shops at once to its own shop, on one connection', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? shops.b.id : shops.a.id));
    const reads = await Promise.all(
      ids.map((id) =>
        readInStore(
          appDb,
          id,
          (tx) => [products(tx), tx.execute(sql`select current_setting('app.store_id') as store`)] as const,
        ),
      ),
    );
    reads.forEach(([rows, setting], i) => {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((p) => p.storeId === ids[i])).toBe(true);
      expect(rowsOf<{ store: string }>(setting)[0]?.store).toBe(ids[i]);
    });
  });

  it('plans generically only for the reads that ask for it', async () => {
    const mode = (generic: boolean) =>
      readInStore(
        appDb,
        shops.a.id,
        (tx) => [tx.execute(sql`select current_setting('plan_cache_mode') as mode`)] as const,
        { genericPlans: generic },
      ).then(([r]) => rowsOf<{ mode: string }>(r)[0]?.mode);
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(false)).toBe('auto');
    expect(await mode(true)).toBe('force_generic_plan');
  });

  it.runIf(onPostgres)(
    "sets the shop's context again on a new session after the connection dropped",
    async () => {
      const pidAndProducts = () =>
        readInStore(
          appDb,
          shops.a.id,
          (tx) => [tx.execute(sql`select pg_backend_pid() as pid`), products(tx)] as const,
        );
      const [before, mine] = await pidAndProducts();
      const pid = rowsOf<{ pid: number }>(before)[0]?.pid;
      await database.owner.execute(sql`select pg_terminate_backend(${pid}::int)`);
      // The first read may meet the dying connection and fail; none may answer with no rows (a lost context).
      let after = await pidAndProducts().catch(() => null);
      after ??= await pidAndProducts();
      expect(rowsOf<{ pid: number }>(after[0])[0]?.pid).not.toBe(pid);
      expect(after[1]).toEqual(mine);
    },
  );

  it('passes every value to PostgreSQL exactly as given (quotes, backslashes, semicolons, Unicode)', async () => {
    const values = [
      "O'Brien's kurta",
      "\\'; select 1; --",
      'C:\\path\\n not a newline',
      "$$ E'x' $1 %_",
      'नमस्ते ₹499 🌶️',
      '',
    ];
    const answers = await readInStore(appDb, shops.a.id, (tx) => values.map((v) => echo(tx, v)));
    expect(answers.map((r) => rowsOf<{ v: string }>(r)[0]?.v)).toEqual(values);
    const [typed] = await readInStore(
      appDb,
      shops.a.id,
      (tx) =>
        [
          tx.execute(
            sql`select ${12}::int + 1 as n, ${true}::boolean as b, ${'2026-11-28T10:00:00Z'}::timestamptz as t, ${null}::text as z`,
          ),
        ] as const,
    );
    const row = rowsOf<{ n: number; b: boolean; t: Date; z: null }>(typed)[0];
    expect(row?.n).toBe(13);
    expect(row?.b).toBe(true);
    expect(new Date(row?.t ?? 0).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(row?.z).toBeNull();
  });

  it('rejects when a statement fails, and the connection serves the next read', async () => {
    expect(
      await failure(
        readInStore(appDb, shops.a.id, (tx) => [products(tx), tx.execute(sql`select 1 / 0 as x`)] as const),
      ),
    ).toMatch(/division by zero/);
    const [again] = await readInStore(appDb, shops.a.id, (tx) => [products(tx)] as const);
    expect(again.length).toBeGreaterThan(0);
    // Reads waiting for the only connection while the read on it fails are served, each with its own shop.
    const [failed, ...waiting] = await Promise.all([
      failure(readInStore(appDb, shops.a.id, (tx) => [tx.execute(sql`select 1 / 0 as x`)] as const)),
      readInStore(appDb, shops.b.id, (tx) => [products(tx)] as const),
      readInStore(appDb, shops.a.id, (tx) => [products(tx)] as const),
    ]);
    expect(failed).toMatch(/division by zero/);
    expect(waiting[0][0].length).toBeGreaterThan(0);
    expect(waiting[0][0].every((p) => p.storeId === shops.b.id)).toBe(true);
    expect(waiting[1][0]).toEqual(again);
  });

  it.runIf(onPostgres)(
    'sends each read in one write, also after a statement new to the connection',
    async () => {
      const marker = `first-seen-${Date.now()}`;
      const read = () =>
        readInStore(
          appDb,
          shops.a.id,
          (tx) =>
            [
              products(tx),
              tx.execute(sql`select ${marker}::text as v, count(*)::int as n from products`),
            ] as const,
        );
      const [first, counted] = await read(); // a statement new to the connection: described first, then run
      expect(first.length).toBeGreaterThan(0);
      expect(rowsOf<{ v: string; n: number }>(counted)[0]).toEqual({ v: marker, n: first.length });
      const { result, writes } = await writesDuring(read);
      expect(result[0]).toEqual(first);
      expect(writes).toBe(1);
    },
  );

  it('refuses a shop id that is not a UUID, and a statement issued after the read', async () => {
    expect(await failure(readInStore(appDb, "x' or true --", (tx) => [products(tx)] as const))).toMatch(
      /invalid input syntax for type uuid/,
    );
    // The read's transaction object, kept past the read: its connection may serve another shop by then.
    let kept: Tx | undefined;
    const [mine] = await readInStore(appDb, shops.a.id, (tx) => {
      kept = tx;
      return [products(tx)] as const;
    });
    expect(mine.length).toBeGreaterThan(0);
    await readInStore(appDb, shops.b.id, (tx) => [products(tx)] as const);
    // Refused on both: PostgreSQL's reader by its own check, PGlite's transaction as closed.
    expect(await failure(products(kept as Tx))).toMatch(
      onPostgres ? /after its transaction ended/ : /Transaction is closed/,
    );
  });
});

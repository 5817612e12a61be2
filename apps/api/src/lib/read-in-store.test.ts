import { type Database, type Db, readInStore, rowsOf, schema, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShops, openTestDatabase } from '../../test/harness.ts';
import { writesDuring } from '../../test/socket-writes.ts';

/*
 * readInStore, the storefront's hot reads: BEGIN with the shop's context (one message on PostgreSQL, the shop's id
 * written in), the read's statements and COMMIT, in one round trip. A read sees its shop's rows only, its context
 * ends with it, and every value reaches PostgreSQL as given.
 */

const onPostgres = !!process.env.DATABASE_URL;
let database: Database;
let drop: () => Promise<void>;
let appDb: Db;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  // One connection: the read after a read runs where the first one did.
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
  it("sees only its shop's rows, and its context ends with it", async () => {
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
    // The same connection afterwards: no shop in context, so row-level security shows no product.
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
    const late = readInStore(appDb, shops.a.id, (tx) => [
      (async () => {
        await products(tx);
        return products(tx);
      })(),
    ]);
    if (onPostgres) expect(await failure(late)).toMatch(/after its transaction ended/);
    else expect((await late)[0].length).toBeGreaterThan(0); // PGlite: one connection, the transaction is still open
  });
});

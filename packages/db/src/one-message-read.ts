import { createHash } from 'node:crypto';
import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import type { Db, Tx } from './client.ts';

/**
 * A read sent to PostgreSQL as one simple-protocol message (issue 18):
 *
 *     <setup>; execute h<sha1 of statement 1>(<values>); execute h<sha1 of statement 2>(<values>)
 *
 * The statements of one simple Query message run in one implicit transaction, so a `set_config(…, true)` in
 * `setup` holds for every statement after it and ends with the message: no BEGIN, no COMMIT, and nothing left on the
 * connection. The statements are server-side prepared statements (PREPARE, once per connection, named by a hash of
 * their text), so PostgreSQL parses and plans them as it does the app's other named statements. Against BEGIN, the
 * context, the read and COMMIT as four extended-protocol statements, this saves both Node and PostgreSQL a third or
 * more of a storefront read's CPU (docs/benchmarks.md).
 *
 * The values go into the message as literals: text written as an escape string (`E'…'`, whose meaning does not
 * depend on `standard_conforming_strings`), numbers, booleans and dates as text; PostgreSQL reads each as the
 * type PREPARE gave its parameter, as it reads an untyped parameter of an extended-protocol statement.
 */
export async function oneMessageRead<T>(
  db: Db,
  pool: postgres.Sql,
  setup: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const batch = new StatementBatch();
  const reads = fn(transactionOver(db, batch));
  reads.catch(() => {}); // rejected before the message is sent: awaited below, not unhandled meanwhile
  // drizzle starts a statement a few microtasks after it is awaited: by the next macrotask every statement `fn`
  // issued is in the batch.
  await new Promise((resolve) => setImmediate(resolve));
  const statements = batch.close();
  if (statements.length) await sendBatch(pool, setup, statements);
  return reads;
}

/** A statement drizzle handed to the batch: awaited like a postgres-js query, answered when the message is. */
class BatchedStatement implements PromiseLike<unknown> {
  arrays = false;
  readonly answer: Promise<unknown>;
  settle!: (rows: unknown) => void;
  fail!: (error: unknown) => void;
  constructor(
    readonly text: string,
    readonly params: readonly unknown[],
  ) {
    this.answer = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
    this.answer.catch(() => {}); // a read that nobody awaits must not crash the process when it fails
  }
  /** postgres-js's `.values()`: rows as arrays (drizzle asks so for every select). */
  values() {
    this.arrays = true;
    return this;
  }
  // biome-ignore lint/suspicious/noThenProperty: drizzle awaits it, as it awaits a postgres-js query.
  then<A = unknown, B = never>(
    ok?: ((value: unknown) => A | PromiseLike<A>) | null,
    ko?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.answer.then(ok, ko);
  }
}

/** Collects the statements of one read; the client drizzle's session sends them to. */
class StatementBatch {
  private statements: BatchedStatement[] = [];
  private closed = false;
  unsafe(text: string, params: readonly unknown[] = []) {
    if (this.closed)
      throw new Error('A statement after its read was sent (issue every statement before awaiting)');
    const s = new BatchedStatement(text, params);
    this.statements.push(s);
    return s;
  }
  close() {
    this.closed = true;
    return this.statements;
  }
}

/** A drizzle transaction object whose statements go to `batch` (drizzle's own `transaction` builds the same). */
function transactionOver(db: Db, batch: StatementBatch): Tx {
  const { dialect, options } = (db as unknown as { session: { dialect: never; options: never } }).session;
  const session = new PostgresJsSession(batch as never, dialect, undefined as never, options);
  return new PostgresJsTransaction(dialect, session, undefined as never) as unknown as Tx;
}

/** Sends the batch as one message on one connection and hands each statement its rows, or the error to all. */
async function sendBatch(pool: postgres.Sql, setup: string, statements: BatchedStatement[]) {
  const conn = await pool.reserve();
  try {
    const results = await runPreparingMissing(conn, setup, statements);
    // Several statements answer an array of results; the setup's comes first.
    if ('command' in results) throw new Error('One answer to a message of several statements');
    statements.forEach((s, i) => {
      s.settle(rowsFor(s, results[i + 1] as unknown as ArrayResult));
    });
  } catch (error) {
    for (const s of statements) s.fail(error);
  } finally {
    conn.release();
  }
}

type ArrayResult = unknown[][] & { columns: { name: string }[] };

/**
 * Runs the message. Where the connection has not prepared a statement yet (a new connection, or a statement new to
 * it), PostgreSQL refuses the whole message before running any of it: prepare the batch's statements there and
 * send it again. The same when a migration changed what a prepared statement answers: prepare it again.
 */
async function runPreparingMissing(
  conn: postgres.ReservedSql,
  setup: string,
  statements: BatchedStatement[],
) {
  const message = [setup, ...statements.map(executeOf)].join('; ');
  try {
    return await conn.unsafe(message).simple().values();
  } catch (error) {
    const { code, message: text } = error as { code?: string; message?: string };
    const stale =
      code === FEATURE_NOT_SUPPORTED && /cached plan must not change result type/.test(text ?? '');
    if (code !== NOT_PREPARED && !stale) throw error;
    for (const s of statements) await prepareOn(conn, s.text, stale);
    return await conn.unsafe(message).simple().values();
  }
}

const NOT_PREPARED = '26000';
const ALREADY_PREPARED = '42P05';
const FEATURE_NOT_SUPPORTED = '0A000';

async function prepareOn(conn: postgres.ReservedSql, text: string, again: boolean) {
  const name = nameOf(text);
  if (again)
    await conn
      .unsafe(`deallocate ${name}`)
      .simple()
      .catch(() => {});
  try {
    await conn.unsafe(`prepare ${name} as ${text}`).simple();
  } catch (error) {
    if ((error as { code?: string }).code !== ALREADY_PREPARED) throw error;
  }
}

const names = new Map<string, string>();
/** The prepared statement's name: the same text has the same name on every connection and in every process. */
function nameOf(text: string) {
  let name = names.get(text);
  if (!name) {
    name = `h${createHash('sha1').update(text).digest('hex')}`;
    if (names.size < 10_000) names.set(text, name);
  }
  return name;
}

const executeOf = (s: BatchedStatement) =>
  s.params.length
    ? `execute ${nameOf(s.text)}(${s.params.map(literal).join(', ')})`
    : `execute ${nameOf(s.text)}`;

/** A value written into the message (see `oneMessageRead`). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'number' && Number.isFinite(value)) return quoted(String(value));
  if (typeof value === 'bigint' || typeof value === 'boolean') return quoted(String(value));
  if (value instanceof Date && !Number.isNaN(value.getTime())) return quoted(value.toISOString());
  throw new TypeError(`A read in one message takes text, numbers, booleans and dates, not ${typeof value}`);
}

function quoted(text: string) {
  // PostgreSQL text cannot hold NUL; the extended protocol refuses it too (as an encoding error).
  if (text.includes('\0')) throw new TypeError('A text value holds a NUL character');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The rows as drizzle asked for them: arrays (`.values()`) or objects by column name. */
function rowsFor(s: BatchedStatement, result: ArrayResult) {
  if (s.arrays) return result;
  const columns = result.columns.map((c) => c.name);
  return result.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
}

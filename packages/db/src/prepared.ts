import { Column, is, type Query, SQL, Subquery } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

type Decoder = { mapFromDriverValue(value: unknown): unknown };
interface Built {
  toSQL(): Query;
  _: { selectedFields: Record<string, unknown> };
}

/**
 * A select built once (issue 18): drizzle's query builder costs a quarter of a hot read's CPU when it builds the
 * same statement on every request. `build` gets a builder without a connection and uses `sql.placeholder(name)`
 * for every value; the SQL text, its parameter slots and a row decoder are computed here, once. `run(tx, values)`
 * executes it in `tx` (so inside `withStore`'s transaction and its row-level security, like any other statement)
 * with the values filled in, as one statement, and decodes each row as drizzle would (`mapWith`, column types).
 * The selection must be flat (no nested objects).
 */
export function preparedSelect<R>(build: (qb: QueryBuilder) => Built) {
  const q = build(new QueryBuilder());
  const query = q.toSQL();
  // A flat selection in its order, as drizzle lists it for the statement and for its own row mapping.
  const fields = Object.entries(q._.selectedFields).map(([key, field]) => ({ path: [key], field }));
  const names: string[] = [];
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    if (path.length !== 1 || !path[0]) throw new Error('preparedSelect takes a flat selection');
    names.push(path[0]);
    decoders.push(
      is(field, Column)
        ? field
        : is(field, SQL)
          ? decoderOf(field)
          : is(field, Subquery)
            ? decoderOf((field as unknown as { _: { sql: SQL } })._.sql)
            : decoderOf((field as { sql: SQL }).sql),
    );
  }
  const n = names.length;
  const decode = (rows: unknown[][]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const v = row[i];
        out[names[i] as string] = v === null ? null : (decoders[i] as Decoder).mapFromDriverValue(v);
      }
      return out as R;
    });
  return {
    query,
    run(tx: Tx, values: Record<string, unknown>): Promise<R[]> {
      const session = (tx as unknown as { session: PreparingSession }).session;
      return session.prepareQuery(query, fields, undefined, true, decode).execute(values) as Promise<R[]>;
    },
  };
}

const decoderOf = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;

interface PreparingSession {
  prepareQuery(
    query: Query,
    fields: unknown,
    name: string | undefined,
    arrayMode: boolean,
    mapper: (rows: unknown[][]) => unknown,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { isUuidText } from './uuid.ts';

/**
 * `column = any($1::uuid[])`: the ids as one array parameter, not drizzle's `in ($1, …, $n)`. A prepared
 * statement's generic plan (PostgreSQL's choice after five executions) cannot see how many values a parameter list
 * holds and may then walk a date range testing every row against the list: 7 to 11 ms per Order Management search
 * at 100,000 orders, against 0.2 ms. An array parameter is planned as a few values, so the plan looks the ids up by
 * key whatever the values. Anything but UUIDs is refused (the literal is built from the values).
 */
export function anyId(column: AnyColumn | SQL, ids: readonly string[]): SQL {
  for (const id of ids) if (!isUuidText(id)) throw new Error(`not a UUID: ${id}`);
  return sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;
}

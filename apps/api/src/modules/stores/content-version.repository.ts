import { type Db, preparedSelect, schema, type Tx } from '@haat/db';
import { eq, sql } from 'drizzle-orm';

const v = schema.storeContentVersions;
const d = schema.deals;

/** A shop's content version (migration 0047): one statement on the platform table, no shop context. */
const versionOf = preparedSelect<{ version: number }>((qb) =>
  qb
    .select({ version: v.version })
    .from(v)
    .where(eq(v.storeId, sql.placeholder('id'))),
);

export async function contentVersion(db: Db, storeId: string): Promise<number> {
  const [row] = await versionOf.run(db as unknown as Tx, { id: storeId });
  return row ? Number(row.version) : 0;
}

/**
 * When the next deal of the shop in context starts or ends (prices on its pages change then), as a statement for
 * readInStore: one row, `at` null when no deal is ahead.
 */
export const nextDealChange = (tx: Tx) =>
  tx
    .select({
      at: sql<
        string | null
      >`least(min(${d.startsAt}) filter (where ${d.startsAt} > now()), min(${d.endsAt}))::text`,
    })
    .from(d)
    .where(sql`${d.endsAt} > now()`);

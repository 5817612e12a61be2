import { type Db, rowsOf, schema } from '@haat/db';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';

const { stores, users } = schema;

export interface ShopFilter {
  search?: string;
  status?: string;
  plan?: string;
  city?: string;
  limit: number;
  offset: number;
}

function where(f: ShopFilter): SQL | undefined {
  const term = f.search ? `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return and(
    term ? or(ilike(stores.storeName, term), ilike(stores.slug, term), ilike(users.email, term)) : undefined,
    f.status ? eq(stores.onlineStatus, f.status as never) : undefined,
    f.plan ? eq(stores.plan, f.plan as never) : undefined,
    f.city
      ? ilike(
          stores.city,
          f.city.replace(/[\\%_]/g, (m) => `\\${m}`),
        )
      : undefined,
  );
}

/** Every shop on the platform (the directory is not a tenant table), newest first, with its owner. */
export function listShops(db: Db, f: ShopFilter) {
  return db
    .select({
      id: stores.id,
      slug: stores.slug,
      storeName: stores.storeName,
      plan: stores.plan,
      onlineStatus: stores.onlineStatus,
      statusNote: stores.statusNote,
      city: stores.city,
      createdAt: stores.createdAt,
      ownerName: sql<string>`trim(${users.firstName} || ' ' || coalesce(${users.lastName}, ''))`,
      ownerEmail: users.email,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(where(f))
    .orderBy(desc(stores.createdAt), desc(stores.id))
    .limit(f.limit)
    .offset(f.offset);
}

export async function countShops(db: Db, f: ShopFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(where(f));
  return row?.n ?? 0;
}

/** Orders in the last 30 days and the last activity of the page's shops (across tenants: migration 0033). */
export async function activityOf(db: Db, ids: string[], since: string) {
  if (!ids.length) return new Map<string, { orders: number; last: Date | null }>();
  const rows = rowsOf<{ store_id: string; orders_30d: string | number; last_activity: string | Date | null }>(
    await db.execute(
      sql`select * from platform_shop_activity(${`{${ids.join(',')}}`}::uuid[], ${since}::date)`,
    ),
  );
  return new Map(
    rows.map((r) => [
      r.store_id,
      { orders: Number(r.orders_30d), last: r.last_activity ? new Date(r.last_activity) : null },
    ]),
  );
}

export async function findShop(db: Db, id: string) {
  const [row] = await db
    .select({
      id: stores.id,
      slug: stores.slug,
      storeName: stores.storeName,
      onlineStatus: stores.onlineStatus,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(eq(stores.id, id))
    .limit(1);
  return row ?? null;
}

import { type Db, type Executor, schema, type Tx } from '@haat/db';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';

const { stores, storeCategories, storeDomains, users, storeLocations, storeContacts } = schema;

const ratingAvg =
  sql<number>`case when (${stores.fiveStarCount} + ${stores.fourStarCount} + ${stores.threeStarCount} + ${stores.twoStarCount} + ${stores.oneStarCount}) = 0 then 0 else round((5.0 * ${stores.fiveStarCount} + 4 * ${stores.fourStarCount} + 3 * ${stores.threeStarCount} + 2 * ${stores.twoStarCount} + ${stores.oneStarCount}) / (${stores.fiveStarCount} + ${stores.fourStarCount} + ${stores.threeStarCount} + ${stores.twoStarCount} + ${stores.oneStarCount}), 1) end`.mapWith(
    Number,
  );
const ratingCount =
  sql<number>`(${stores.fiveStarCount} + ${stores.fourStarCount} + ${stores.threeStarCount} + ${stores.twoStarCount} + ${stores.oneStarCount})`.mapWith(
    Number,
  );

/** The directory row of a shop: what host resolution, the marketplace and the storefront header need. */
const directoryColumns = {
  id: stores.id,
  slug: stores.slug,
  storeName: stores.storeName,
  storeCategoryId: stores.storeCategoryId,
  categoryName: storeCategories.name,
  description: stores.description,
  shortDescription: stores.shortDescription,
  phoneNumber: stores.phoneNumber,
  contactType: stores.contactType,
  image: stores.image,
  city: stores.city,
  state: stores.state,
  plan: stores.plan,
  onlineStatus: stores.onlineStatus,
  /** RANGE ("₹499 – ₹649") or FROM ("From ₹499") for products with variants of different prices. */
  priceDisplay: stores.priceDisplay,
  statusNote: stores.statusNote,
  statusUntil: stores.statusUntil,
  ownerId: stores.ownerId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  /** Where the shop's own mail goes (a new order). */
  ownerEmail: users.email,
  rating: ratingAvg,
  totalReviews: ratingCount,
  /** The shop's verified custom domain, if any. */
  customDomain: sql<
    string | null
  >`(select d.domain_name from store_domains d where d.store_id = ${stores.id} and d.domain_type = 'custom' and d.verified_at is not null order by d.created_at limit 1)`,
};
export type StoreRow = Awaited<ReturnType<typeof findStoreBySlug>> & {};

const directory = (db: Db) =>
  db
    .select(directoryColumns)
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .leftJoin(storeCategories, eq(storeCategories.id, stores.storeCategoryId));

export async function findStoreBySlug(db: Db, slug: string) {
  const [row] = await directory(db).where(eq(stores.slug, slug)).limit(1);
  return row ?? null;
}

/** A shop by a verified custom domain. */
export async function findStoreByDomain(db: Db, domain: string) {
  const [row] = await directory(db)
    .innerJoin(storeDomains, eq(storeDomains.storeId, stores.id))
    .where(and(eq(storeDomains.domainName, domain), isNotNull(storeDomains.verifiedAt)))
    .limit(1);
  return row ?? null;
}

export interface StoreListFilter {
  search?: string;
  category?: string;
  city?: string;
  limit: number;
  offset: number;
}

/** Open shops for the marketplace, best rated first, with the total for paging. */
export async function listOpenStores(db: Db, f: StoreListFilter) {
  const conds = [inArray(stores.onlineStatus, ['PUBLISHED', 'ONLINE'])];
  if (f.category) conds.push(eq(storeCategories.name, f.category));
  if (f.city) conds.push(ilike(stores.city, escapeLike(f.city)));
  if (f.search) {
    const term = `%${escapeLike(f.search)}%`;
    const cond = or(
      ilike(stores.storeName, term),
      ilike(stores.shortDescription, term),
      ilike(stores.city, term),
      ilike(storeCategories.name, term),
    );
    if (cond) conds.push(cond);
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    directory(db)
      .where(where)
      .orderBy(desc(ratingAvg), asc(stores.storeName))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(stores)
      .leftJoin(storeCategories, eq(storeCategories.id, stores.storeCategoryId))
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** Distinct cities of the open shops (case-insensitively one entry each), with how many shops are in each. */
export async function listOpenStoreCities(db: Db) {
  const key = sql`lower(btrim(${stores.city}))`;
  return db
    .select({ city: sql<string>`min(btrim(${stores.city}))`, count: count() })
    .from(stores)
    .where(
      and(
        inArray(stores.onlineStatus, ['PUBLISHED', 'ONLINE']),
        isNotNull(stores.city),
        sql`btrim(${stores.city}) <> ''`,
      ),
    )
    .groupBy(key)
    .orderBy(key);
}

export async function listStoreCategories(db: Db, limit: number, offset: number) {
  return db
    .select({ id: storeCategories.id, name: storeCategories.name })
    .from(storeCategories)
    .orderBy(asc(storeCategories.name))
    .limit(limit)
    .offset(offset);
}

/** The shop's address and contacts as columns of a one-row select (tenant rows: run in its context). */
export const addressBookColumns = {
  location: sql<Record<string, unknown> | null>`(select to_jsonb(l) from ${storeLocations} l)`,
  contacts: sql<
    { contact_type: string; phone_number: string }[]
  >`coalesce((select jsonb_agg(jsonb_build_object('contact_type', k.contact_type, 'phone_number', k.phone_number) order by k.position) from ${storeContacts} k), '[]'::jsonb)`,
};
export type AddressBook = {
  location: Record<string, unknown> | null;
  contacts: { contact_type: string; phone_number: string }[];
};

/** The shop's address as printed on its papers: street, then city, state and PIN code (empty lines left out). */
export async function shopAddressLines(tx: Tx) {
  const [loc] = await tx.select().from(storeLocations).limit(1);
  return [
    [loc?.addressLine1, loc?.addressLine2].filter(Boolean).join(', '),
    [loc?.city, loc?.state, loc?.postalCode].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/** The state the shop in context trades from (its location's), which decides CGST + SGST against IGST. */
export async function shopState(tx: Tx) {
  const [loc] = await tx.select({ state: storeLocations.state }).from(storeLocations).limit(1);
  return loc?.state ?? '';
}

/** The address book of the shop in context, in one statement. */
export async function findAddressBook(tx: Tx): Promise<AddressBook> {
  const [row] = await tx.select(addressBookColumns).from(sql`(select 1) as one`);
  return row ?? { location: null, contacts: [] };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A shop's row by its id, whatever its status (the owner's and the staff's screens). */
export async function findStoreById(db: Executor, id: string) {
  const [row] = await db.select().from(schema.stores).where(eq(schema.stores.id, id));
  return row ?? null;
}

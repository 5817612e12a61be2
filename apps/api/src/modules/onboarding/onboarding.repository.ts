import { type Executor, schema, type Tx } from '@haat/db';
import { and, asc, eq, ne, sql } from 'drizzle-orm';

const { stores, storeDomains, storeLocations, storeContacts, storeSettings, storeSections, storeCategories } =
  schema;

export async function findCategory(db: Executor, id: string) {
  const [row] = await db.select().from(storeCategories).where(eq(storeCategories.id, id));
  return row ?? null;
}

/** A shop with its owner, for ownership checks. */
export { findStoreById } from '../stores/index.ts';

export async function slugTaken(db: Executor, slug: string, exceptStoreId?: string) {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.slug, slug), exceptStoreId ? ne(stores.id, exceptStoreId) : undefined))
    .limit(1);
  return !!row;
}

export async function domainTaken(db: Executor, domain: string, exceptStoreId?: string) {
  const [row] = await db
    .select({ id: storeDomains.id })
    .from(storeDomains)
    .where(
      and(
        eq(storeDomains.domainName, domain),
        exceptStoreId ? ne(storeDomains.storeId, exceptStoreId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertStore(tx: Tx, v: typeof stores.$inferInsert) {
  const [row] = await tx.insert(stores).values(v).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateStore(db: Executor, id: string, v: Partial<typeof stores.$inferInsert>) {
  const [row] = await db
    .update(stores)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(stores.id, id))
    .returning();
  return row ?? null;
}

/** Replaces the shop's contacts (run in its tenant context). */
export async function replaceContacts(
  tx: Tx,
  storeId: string,
  contacts: { contact_type: string; phone_number: string }[],
) {
  await tx.delete(storeContacts);
  if (contacts.length) {
    await tx.insert(storeContacts).values(
      contacts.map((c, i) => ({
        storeId,
        contactType: c.contact_type as (typeof storeContacts.$inferInsert)['contactType'],
        phoneNumber: c.phone_number,
        position: i,
      })),
    );
  }
}

export async function upsertLocation(tx: Tx, v: typeof storeLocations.$inferInsert) {
  await tx
    .insert(storeLocations)
    .values(v)
    .onConflictDoUpdate({ target: storeLocations.storeId, set: { ...v, updatedAt: new Date() } });
}

export async function upsertSettings(tx: Tx, v: typeof storeSettings.$inferInsert) {
  await tx
    .insert(storeSettings)
    .values(v)
    .onConflictDoUpdate({ target: storeSettings.storeId, set: { ...v, updatedAt: new Date() } });
}

export async function findSettings(tx: Tx) {
  const [row] = await tx.select().from(storeSettings);
  return row ?? null;
}

export async function findLocation(tx: Tx) {
  const [row] = await tx.select().from(storeLocations);
  return row ?? null;
}

export async function listContacts(tx: Tx) {
  return tx.select().from(storeContacts).orderBy(asc(storeContacts.position));
}

export async function upsertSection(tx: Tx, v: typeof storeSections.$inferInsert) {
  const [row] = await tx
    .insert(storeSections)
    .values(v)
    .onConflictDoUpdate({
      target: [storeSections.storeId, storeSections.name],
      set: { config: v.config, position: v.position, updatedAt: new Date() },
    })
    .returning();
  return row ?? null;
}

export async function findSection(tx: Tx, name: string) {
  const [row] = await tx
    .select()
    .from(storeSections)
    .where(eq(storeSections.name, name as (typeof storeSections.$inferSelect)['name']));
  return row ?? null;
}

export async function insertSections(tx: Tx, rows: (typeof storeSections.$inferInsert)[]) {
  if (rows.length) await tx.insert(storeSections).values(rows).onConflictDoNothing();
}

export async function replaceCustomDomain(tx: Tx, storeId: string, domain: string) {
  await tx
    .delete(storeDomains)
    .where(and(eq(storeDomains.storeId, storeId), eq(storeDomains.domainType, 'custom')));
  await tx.insert(storeDomains).values({ storeId, domainName: domain, domainType: 'custom' });
}

export async function listCustomDomains(db: Executor, storeId: string) {
  return db
    .select({ domain_name: storeDomains.domainName, verified_at: storeDomains.verifiedAt })
    .from(storeDomains)
    .where(and(eq(storeDomains.storeId, storeId), eq(storeDomains.domainType, 'custom')));
}

/** Every shop a vendor owns, newest first. */
export async function listOwnerStores(db: Executor, ownerId: string) {
  return db
    .select({
      id: stores.id,
      slug: stores.slug,
      store_name: stores.storeName,
      plan: stores.plan,
      online_status: stores.onlineStatus,
      status_note: stores.statusNote,
      has_address: sql<boolean>`${stores.city} is not null`,
      created_at: stores.createdAt,
      /** Its verified custom domain, if any: where the shop is reached on the Enterprise plan. */
      custom_domain: sql<
        string | null
      >`(select d.domain_name from store_domains d where d.store_id = ${stores.id} and d.domain_type = 'custom' and d.verified_at is not null order by d.created_at limit 1)`,
    })
    .from(stores)
    .where(eq(stores.ownerId, ownerId))
    .orderBy(sql`${stores.createdAt} desc`);
}

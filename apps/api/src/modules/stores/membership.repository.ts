import type { StaffRole } from '@haat/contracts';
import { type Db, type Executor, rowsOf, schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';

/*
 * Which shops a person may act in besides their own, and as what: the shop directory's answer for sessions, the
 * back office's guards and the staff screens (issue 41: it sits below accounts, onboarding and staff, which all ask).
 */

const m = schema.storeMembers;

/** The person's role in the shop when they are one of its staff (the owner is not a member row). */
export async function memberRole(db: Db, storeId: string, userId: string): Promise<StaffRole | null> {
  const rows = await withStore(db, storeId, (tx) =>
    tx.select({ role: m.role }).from(m).where(eq(m.userId, userId)).limit(1),
  );
  return rows[0]?.role ?? null;
}

/** The shops a person works in (not owns), with their role, across tenants (SECURITY DEFINER function). */
export async function memberStores(db: Executor, userId: string) {
  const r = await db.execute(sql`
    select s.id, s.slug, s.store_name, s.online_status, s.plan, s.created_at, ms.role,
           (select d.domain_name from store_domains d where d.store_id = s.id and d.domain_type = 'custom' and d.verified_at is not null order by d.created_at limit 1) as custom_domain
      from member_stores(${userId}::uuid) ms join stores s on s.id = ms.store_id
     order by s.created_at`);
  return rowsOf<{
    id: string;
    slug: string;
    store_name: string;
    online_status: string;
    plan: string;
    created_at: Date | string;
    role: StaffRole;
    custom_domain: string | null;
  }>(r);
}

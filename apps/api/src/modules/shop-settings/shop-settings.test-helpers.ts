import { schema, withStore } from '@haat/db';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';

type Entity = (typeof schema.auditEvents.$inferSelect)['entity'];

/**
 * A shop's audit rows for one entity, oldest first. On PGlite the owner connection is held to the shop by
 * row-level security; on PostgreSQL it sees every shop, so the shop is named in the query too.
 */
export const auditRows = (t: TestApp, storeId: string, entity: Entity, entityId?: string) =>
  withStore(t.owner, storeId, (tx) =>
    tx
      .select()
      .from(schema.auditEvents)
      .where(
        and(
          eq(schema.auditEvents.storeId, storeId),
          eq(schema.auditEvents.entity, entity),
          entityId ? eq(schema.auditEvents.entityId, entityId) : undefined,
        ),
      )
      .orderBy(asc(schema.auditEvents.createdAt)),
  );

/** Reads a shop's rows through the owner connection in the shop's context (for "nothing changed" checks). */
export const asShop = <T>(t: TestApp, storeId: string, fn: Parameters<typeof withStore<T>>[2]) =>
  withStore(t.owner, storeId, fn);

import { schema, type Tx } from '@haat/db';
import type { Actor } from '../plugins/auth.ts';

type Entity = (typeof schema.auditEvents.$inferInsert)['entity'];

/**
 * Records who changed what in a shop, inside the transaction that made the change (so both commit or
 * neither). `before`/`after` hold the changed values only; the dashboard's Recent Activity reads `summary`.
 */
export async function recordAudit(
  tx: Tx,
  storeId: string,
  actor: Pick<Actor, 'userId'> & { name?: string | null },
  e: {
    entity: Entity;
    entityId?: string | null;
    action: string;
    summary: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(schema.auditEvents).values({
    storeId,
    actorId: actor.userId,
    actorName: actor.name ?? null,
    entity: e.entity,
    entityId: e.entityId ?? null,
    action: e.action,
    summary: e.summary,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}

/** The fields whose values differ between two snapshots, as { before, after } of just those. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a, changed: Object.keys(a) };
}

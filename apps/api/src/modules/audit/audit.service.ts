import { AUDIT_COUNT_CAP, type AuditEvent, type AuditQuery } from '@haat/contracts';
import { withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import { csvText } from '../../lib/csv.ts';
import type { Deps } from '../../lib/deps.ts';

import type { StoreRow } from '../stores/index.ts';
import * as repo from './audit.repository.ts';

/** The rows a CSV export carries at most. */
export const AUDIT_EXPORT_CAP = 50_000;

const view = (r: repo.AuditRow): AuditEvent => ({
  id: r.id,
  created_at: new Date(r.created_at).toISOString(),
  actor_id: r.actor_id,
  actor_name: r.actor_name ?? (r.actor_id ? 'Removed account' : 'System'),
  entity: r.entity,
  entity_id: r.entity_id,
  action: r.action,
  summary: r.summary,
  before: r.before,
  after: r.after,
});

/** A page of the shop's audit trail with the count of matches (capped). */
export const listAudit = (deps: Deps, store: StoreRow, q: AuditQuery) =>
  withStore(deps.db, store.id, async (tx) => {
    const rows = await repo.listEvents(tx, q);
    const count =
      rows.length < q.limit && (rows.length > 0 || q.offset === 0)
        ? q.offset + rows.length
        : await repo.countEvents(tx, q);
    return {
      results: rows.map(view),
      count: Math.min(count, AUDIT_COUNT_CAP),
      count_capped: count > AUDIT_COUNT_CAP,
    };
  });

/** The people who appear in the shop's trail, for the Person filter. */
export const auditPeople = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, (tx) => repo.people(tx));

/** The filtered trail as CSV (newest first, times in UTC ISO form, before/after as JSON). */
export const auditCsv = (deps: Deps, store: StoreRow, q: Omit<AuditQuery, 'limit' | 'offset'>) =>
  withStore(deps.db, store.id, async (tx) => {
    const rows = (await repo.exportEvents(tx, q, AUDIT_EXPORT_CAP)).map(view);
    return csvText(
      rows.map((r) => [
        r.created_at,
        r.actor_name,
        r.entity,
        r.action,
        r.summary,
        r.entity_id ?? '',
        r.before ? JSON.stringify(r.before) : '',
        r.after ? JSON.stringify(r.after) : '',
      ]),
      { columns: ['created_at', 'person', 'kind', 'action', 'summary', 'entity_id', 'before', 'after'] },
    );
  });

/**
 * A sign-in to the back office, recorded in every shop the person runs (their trail shows who came in when).
 * Never fails the sign-in: a shop that cannot be written to is skipped.
 */
export async function recordSignIn(
  deps: Deps,
  person: { id: string; first_name: string; last_name: string },
  shops: readonly { id: string }[],
  ip: string,
) {
  const name = `${person.first_name} ${person.last_name}`.trim() || null;
  for (const shop of shops) {
    await withStore(deps.db, shop.id, (tx) =>
      recordAudit(
        tx,
        shop.id,
        { userId: person.id, name },
        {
          entity: 'SIGN_IN',
          entityId: null,
          action: 'SIGN_IN',
          summary: `${name ?? 'Someone'} signed in to the back office`,
          after: { from: ip },
        },
      ),
    ).catch(() => undefined);
  }
}

import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@haat/contracts';
import { z } from 'zod';
import { listParam, queryRange, useListParams } from '../../lib/list-params.ts';
import type { AuditListQuery } from './audit-api.ts';

export const PAGE_SIZE = 25;

/** The audit trail's filters in the address, so a filtered trail can be linked to and reloaded. */
export const auditParamsSchema = z.object({
  search: listParam.text(),
  person: listParam.id(),
  kind: listParam.anyOf(AUDIT_ENTITIES),
  action: listParam.anyOf(AUDIT_ACTIONS),
  from: listParam.date(),
  to: listParam.date(),
  /** Sign-ins are left out unless asked for (issue 42): they would bury the changes that matter. */
  signins: listParam.anyOf(['show'] as const),
  page: listParam.page(),
});

export function useAuditParams() {
  const params = useListParams(auditParamsSchema, { pageSize: PAGE_SIZE });
  const f = params.values;
  const query: AuditListQuery = {
    search: f.search || undefined,
    actor_id: f.person || undefined,
    entity: f.kind || undefined,
    action: f.action || undefined,
    ...queryRange(f.from, f.to),
    sign_ins: f.signins === 'show' || f.kind === 'SIGN_IN' ? undefined : 'hide',
    unchanged: 'hide',
    limit: params.limit,
    offset: params.offset,
  };
  return { ...params, f, query };
}

import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '@haat/contracts';
import { useMemo } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import type { AuditListQuery } from './audit-api.ts';

export const PAGE_SIZE = 25;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(v: string | null, all: readonly T[]): T | '' =>
  all.includes(v as T) ? (v as T) : '';

/** The audit trail's filters in the address, so a filtered trail can be linked to and reloaded. */
export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    const person = params.get('person') ?? '';
    return {
      search: params.get('search') ?? '',
      person: UUID.test(person) ? person : '',
      kind: oneOf<AuditEntity>(params.get('kind'), AUDIT_ENTITIES),
      action: oneOf<AuditAction>(params.get('action'), AUDIT_ACTIONS),
      from: DATE.test(from) ? from : '',
      to: DATE.test(to) ? to : '',
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    };
  }, [params]);
  const update = (patch: Partial<typeof f>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === '' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in patch)) next.delete('page');
      return next;
    });
  const query: AuditListQuery = {
    search: f.search || undefined,
    actor_id: f.person || undefined,
    entity: f.kind || undefined,
    action: f.action || undefined,
    from: f.from || undefined,
    to: f.to && (!f.from || f.to >= f.from) ? f.to : undefined,
    limit: PAGE_SIZE,
    offset: (f.page - 1) * PAGE_SIZE,
  };
  const active = !!(f.search || f.person || f.kind || f.action || f.from || f.to);
  return { f, update, query, active, clear: () => setParams(new URLSearchParams()) };
}

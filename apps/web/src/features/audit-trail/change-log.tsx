import { useState } from 'react';
import { DetailPanel } from '../../components/ui/detail-panel.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useAuditTrail } from './audit-api.ts';
import { AuditChanges } from './audit-changes.tsx';
import { actionText } from './audit-labels.ts';
import { nothingChanged } from './audit-values.ts';

const PAGE = 10;

/**
 * One thing's changes from the audit trail (issue 15: the product's History tab and the order page read the same
 * records as the trail): who changed what and when, each field before → after, newest first.
 */
export function ChangeLog({ entityId, title }: { entityId: string; title: string }) {
  const [limit, setLimit] = useState(PAGE);
  const trail = useAuditTrail({ entity_id: entityId, limit, unchanged: 'hide' });
  const rows = (trail.data?.results ?? []).filter((e) => !nothingChanged(e));
  return (
    <DetailPanel title={title}>
      {trail.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner className="size-5" />
        </div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={title}>
          {rows.map((e) => (
            <li key={e.id} className="py-2.5 text-sm">
              <p className="text-slate-900">
                <span className="font-medium">{actionText(e.action)}</span>: {e.summary}
              </p>
              <p className="text-xs text-slate-500">
                {formatDateTime(e.created_at)} · {e.actor_name}
              </p>
              <AuditChanges event={e} />
            </li>
          ))}
        </ol>
      )}
      {trail.data && trail.data.count > rows.length ? (
        <button
          type="button"
          className="mt-2 text-sm font-semibold text-brand-700 hover:underline"
          onClick={() => setLimit((n) => Math.min(100, n + PAGE))}
        >
          Show more
        </button>
      ) : null}
    </DetailPanel>
  );
}

import type { AuditEvent } from '@haat/contracts';
import type { Column } from '../../components/ui/data-table.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { actionText, actionTone, kindText, targetOf } from './audit-labels.ts';

/** The audit trail's columns; the cards at 360 px come from the same definitions. */
export const COLUMNS: Column<AuditEvent>[] = [
  {
    key: 'what',
    header: 'What changed',
    card: 'title',
    className: 'min-w-72',
    cell: (e) => {
      const target = targetOf(e);
      return (
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{e.summary}</p>
          {target ? (
            <Link to={target.to} className="text-xs font-medium text-brand-700 underline">
              {target.label}
            </Link>
          ) : null}
          <AuditChanges event={e} />
        </div>
      );
    },
  },
  {
    key: 'action',
    header: 'Action',
    cell: (e) => (
      <div className="flex flex-wrap gap-1.5 sm:flex-col sm:items-start">
        <StatusBadge tone="neutral" dot={false}>
          {kindText(e.entity)}
        </StatusBadge>
        <StatusBadge tone={actionTone(e.action)}>{actionText(e.action)}</StatusBadge>
      </div>
    ),
  },
  {
    key: 'who',
    header: 'By',
    cell: (e) => <span className="font-medium text-slate-800">{e.actor_name}</span>,
  },
  {
    key: 'when',
    header: 'When',
    className: 'whitespace-nowrap',
    cell: (e) => (
      <time dateTime={e.created_at}>
        {formatDate(e.created_at)}
        <span className="block text-xs text-slate-500 sm:block">{formatTime(e.created_at)}</span>
      </time>
    ),
  },
];

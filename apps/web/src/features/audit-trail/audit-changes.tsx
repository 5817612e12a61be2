import type { AuditEvent } from '@haat/contracts';
import { changesOf } from './audit-values.ts';

/** The fields a change touched in words, each as "before → after" (only after for something added). */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const changes = changesOf(event);
  if (!changes.length) return null;
  const added = !event.before;
  return (
    <dl className="mt-2 grid gap-1 rounded-lg bg-slate-50 p-2.5 text-xs sm:grid-cols-[minmax(7rem,auto)_1fr]">
      {changes.map((c) => (
        <div key={c.field} className="contents">
          <dt className="font-medium text-slate-600">{c.label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">
            {added ? null : (
              <>
                <span className="text-slate-500 line-through decoration-slate-400">{c.before}</span>
                <span aria-hidden className="px-1.5 text-slate-400">
                  →
                </span>
                <span className="sr-only">changed to </span>
              </>
            )}
            <span className="font-medium">{c.after}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

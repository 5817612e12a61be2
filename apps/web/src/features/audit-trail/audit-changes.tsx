import type { AuditEvent } from '@haat/contracts';

const label = (field: string) => {
  const words = field.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A stored value in words: empty is "—", yes/no for flags, lists and objects as short text. */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** The fields a change touched, each as "before → after" (only after for something added). */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!fields.length) return null;
  const added = !event.before;
  return (
    <dl className="mt-2 grid gap-1 rounded-lg bg-slate-50 p-2.5 text-xs sm:grid-cols-[minmax(7rem,auto)_1fr]">
      {fields.map((f) => (
        <div key={f} className="contents">
          <dt className="font-medium text-slate-600">{label(f)}</dt>
          <dd className="min-w-0 break-words text-slate-900">
            {added ? null : (
              <>
                <span className="text-slate-500 line-through decoration-slate-400">{show(before[f])}</span>
                <span aria-hidden className="px-1.5 text-slate-400">
                  →
                </span>
                <span className="sr-only">changed to </span>
              </>
            )}
            <span className="font-medium">{show(after[f])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Kit: one headline figure (orders today, revenue, pending payments): a titled card with an optional icon,
 * the value, and a line saying what it means. Optionally a link (e.g. to the filtered list). No business rules.
 */
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from '../../lib/router.tsx';

export type StatTone = 'brand' | 'success' | 'warning' | 'danger' | 'neutral';

const ICON_TONES: Record<StatTone, string> = {
  brand: 'bg-brand-50 text-brand-600',
  success: 'bg-emerald-50 text-emerald-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-red-50 text-red-600',
  neutral: 'bg-slate-100 text-slate-600',
};

const card =
  'flex h-full min-w-0 flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';

export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'brand',
  hint,
  to,
  loading = false,
  headingLevel = 2,
}: {
  label: string;
  /** The figure, already formatted (formatINR, a count). */
  value: ReactNode;
  icon?: LucideIcon;
  tone?: StatTone;
  /** What the figure means or how it moved, below it. */
  hint?: ReactNode;
  /** Makes the card a link (router path), e.g. to the list filtered on this figure. */
  to?: string;
  /** Shows a grey bar in place of the value while it loads. */
  loading?: boolean;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <Heading id={id} className="text-sm font-medium text-slate-600">
          {label}
        </Heading>
        {Icon ? (
          <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${ICON_TONES[tone]}`}>
            <Icon aria-hidden className="size-5" />
          </span>
        ) : null}
      </div>
      {loading ? (
        <span
          aria-hidden
          className="h-7 w-24 animate-pulse rounded bg-slate-200 motion-reduce:animate-none"
        />
      ) : (
        <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
      )}
      {hint ? <div className="text-sm text-slate-600">{hint}</div> : null}
    </>
  );
  return to ? (
    <Link
      to={to}
      aria-labelledby={id}
      aria-busy={loading || undefined}
      className={`${card} transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`}
    >
      {body}
    </Link>
  ) : (
    <article aria-labelledby={id} aria-busy={loading || undefined} className={card}>
      {body}
    </article>
  );
}

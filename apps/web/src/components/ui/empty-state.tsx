/**
 * Kit: what a screen or a list shows when there is nothing to show (no results, no orders yet, no shop):
 * an icon, a heading, a sentence and an optional action. No business rules.
 */
import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  framed = true,
  className = '',
}: {
  /** A lucide icon element, e.g. <PackageSearch aria-hidden className="size-6" />. */
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** A button or link, e.g. "Clear filters". */
  action?: ReactNode;
  /** h1 when the empty state is the whole screen. */
  headingLevel?: 1 | 2 | 3;
  /** A white card with a ring (off inside an existing card). */
  framed?: boolean;
  /** Spacing around it, e.g. 'mx-auto mt-16 max-w-md'. */
  className?: string;
}) {
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={`${className} ${framed ? 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200' : ''} p-8 text-center`}
    >
      {icon ? (
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          {icon}
        </span>
      ) : null}
      <Heading className={`${icon ? 'mt-4 ' : ''}text-xl font-bold text-slate-900`}>{title}</Heading>
      {description ? <p className="mt-2 text-slate-600">{description}</p> : null}
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  );
}

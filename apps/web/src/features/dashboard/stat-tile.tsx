import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One dashboard figure: a titled card with an icon, the value, and what it means below. */
export function StatTile({
  title,
  icon: Icon,
  tone,
  value,
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** Icon colours, e.g. 'bg-brand-50 text-brand-600'. */
  tone: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <article
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={id} className="text-sm font-medium text-slate-600">
          {title}
        </h2>
        <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${tone}`}>
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p className="-mt-2 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-[1.75rem]">
        {value}
      </p>
      {children}
    </article>
  );
}

/** The grey placeholder of a tile while the figures load. */
export function TileSkeleton() {
  return (
    <div
      aria-hidden
      className="h-36 animate-pulse rounded-xl bg-white p-5 ring-1 ring-slate-200 motion-reduce:animate-none"
    >
      <div className="h-4 w-24 rounded bg-slate-200" />
      <div className="mt-5 h-7 w-32 rounded bg-slate-200" />
      <div className="mt-4 h-3 w-40 rounded bg-slate-100" />
    </div>
  );
}

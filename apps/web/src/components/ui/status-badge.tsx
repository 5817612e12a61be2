/**
 * Kit: a small coloured pill naming a status (order, payment, stock, shop). The caller maps its own statuses to
 * a tone and a label; the badge only draws them. The text carries the meaning, the colour only repeats it.
 */
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'brand' | 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, { ring: string; dot: string }> = {
  neutral: { ring: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
  info: { ring: 'bg-sky-50 text-sky-700 ring-sky-200', dot: 'bg-sky-500' },
  brand: { ring: 'bg-brand-50 text-brand-700 ring-brand-100', dot: 'bg-brand-500' },
  success: { ring: 'bg-emerald-50 text-emerald-700 ring-emerald-200', dot: 'bg-emerald-500' },
  warning: { ring: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  danger: { ring: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-500' },
};

export function StatusBadge({
  tone = 'neutral',
  dot = true,
  icon,
  title,
  children,
}: {
  tone?: BadgeTone;
  /** A coloured dot before the text (off when an icon is given). */
  dot?: boolean;
  icon?: ReactNode;
  /** Extra words for a tooltip (e.g. when the status changed). */
  title?: string;
  children: ReactNode;
}) {
  const t = TONES[tone];
  return (
    <span
      title={title}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${t.ring}`}
    >
      {icon ?? (dot ? <span aria-hidden className={`size-1.5 rounded-full ${t.dot}`} /> : null)}
      {children}
    </span>
  );
}

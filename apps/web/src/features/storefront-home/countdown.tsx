import type { CSSProperties, HTMLAttributes } from 'react';
import { type TimeLeft, useCountdown } from '../../lib/use-countdown.ts';
import { readableOn, safeColor } from './text-style.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a screen reader hears: minutes only, so the live region speaks at most once a minute. */
function spoken(label: string, t: TimeLeft, withDays: boolean) {
  const parts = [
    withDays && t.days ? plural(t.days, 'day') : null,
    t.hours || (withDays && t.days) ? plural(t.hours, 'hour') : null,
    plural(t.minutes, 'minute'),
  ].filter(Boolean);
  return `${label} ${parts.join(' ')}`;
}

/**
 * A ticking countdown to `target`, hidden once the time has passed. The digits change every second
 * for the eye; assistive technology gets a polite once-a-minute summary instead of a chatty tick.
 */
export function Countdown({
  target,
  label,
  withDays = false,
  accent,
  labelStyle,
  labelEdit,
}: {
  target: string | null | undefined;
  /** Visible lead-in and accessible name, e.g. "Ends in". */
  label: string;
  withDays?: boolean;
  /** The shop's theme colour for the digit boxes (text colour is picked to stay readable). */
  accent?: string;
  labelStyle?: CSSProperties;
  /** Template editor only: makes the label editable in place. */
  labelEdit?: HTMLAttributes<HTMLElement>;
}) {
  const left = useCountdown(target, withDays);
  const bg = safeColor(accent);
  const fg = readableOn(bg);
  const boxStyle = bg && fg ? { backgroundColor: bg, color: fg } : undefined;
  if (!left || left.totalMs <= 0) return null;
  const units: [string, number][] = [
    ...(withDays ? ([['Days', left.days]] as [string, number][]) : []),
    ['Hours', left.hours],
    ['Minutes', left.minutes],
    ['Seconds', left.seconds],
  ];
  return (
    <div className="flex flex-col items-center gap-2">
      <p {...labelEdit} className="text-sm font-semibold text-slate-600" style={labelStyle}>
        {label}
      </p>
      <div role="timer" aria-label={label} className="flex items-start gap-2 sm:gap-3">
        {units.map(([unit, value]) => (
          <div key={unit} className="flex flex-col items-center">
            <span
              aria-hidden
              className="min-w-12 rounded-lg bg-white px-2 py-1.5 text-center text-xl font-bold text-slate-900 tabular-nums shadow-sm ring-1 ring-slate-200 sm:min-w-14 sm:text-2xl"
              style={boxStyle}
            >
              {pad(value)}
            </span>
            <span aria-hidden className="mt-1 text-[11px] tracking-wide text-slate-600 uppercase">
              {unit}
            </span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {spoken(label, left, withDays)}
      </p>
    </div>
  );
}

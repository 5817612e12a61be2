import { useEffect, useState } from 'react';
import { usePageStart } from '../app/initial-data.ts';
import { useHydrating } from './use-hydrating.ts';

export const COUNTDOWN_TICK_MS = 1000;

export interface TimeLeft {
  totalMs: number;
  days: number;
  /** Hours within the day, or all hours left when days are not shown. */
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits the time left into parts; without days, hours carry the whole days (e.g. 49 h). */
export function splitTimeLeft(totalMs: number, withDays: boolean): TimeLeft {
  const total = Math.max(0, Math.floor(totalMs / 1000));
  const days = withDays ? Math.floor(total / 86_400) : 0;
  const hours = Math.floor((total - days * 86_400) / 3600);
  return {
    totalMs: Math.max(0, totalMs),
    days,
    hours,
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * Time left until `target` (an ISO time), recalculated every second from the clock (so it never
 * drifts) and stopping at zero. Null when there is no valid target.
 */
export function useCountdown(target: string | null | undefined, withDays = false): TimeLeft | null {
  const end = target ? Date.parse(target) : Number.NaN;
  const [clock, setNow] = useState(() => Date.now());
  // A page rendered on the server shows the time it was rendered at until it is hydrated (the same digits as its
  // HTML), then the browser's clock.
  const hydrating = useHydrating();
  const rendered = usePageStart().clock;
  const now = hydrating && rendered !== null ? rendered : clock;
  const ended = Number.isNaN(end) || now >= end;

  useEffect(() => {
    if (ended) return;
    const id = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [ended]);

  if (Number.isNaN(end)) return null;
  return splitTimeLeft(end - now, withDays);
}

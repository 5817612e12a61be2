import { useEffect, useState } from 'react';

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
  const [now, setNow] = useState(() => Date.now());
  const ended = Number.isNaN(end) || now >= end;

  useEffect(() => {
    if (ended) return;
    const id = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [ended]);

  if (Number.isNaN(end)) return null;
  return splitTimeLeft(end - now, withDays);
}

import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before a new code may be asked for. It reads Date.now() on a 1 s setInterval (not
 * performance.now), so a test's fake clock can fast-forward it.
 */
export function useResendCountdown(seconds: number, initial: number = seconds) {
  const [until, setUntil] = useState(() => Date.now() + initial * 1000);
  const [now, setNow] = useState(() => Date.now());
  const running = now < until;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  const restart = useCallback(
    (wait: number = seconds) => {
      const t = Date.now();
      setNow(t);
      setUntil(t + wait * 1000);
    },
    [seconds],
  );

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), restart };
}

export const formatCountdown = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * Confetti from both sides for `ms` (the order success page), loaded only when it is shown, and not at all
 * for visitors who asked for less motion. Returns what stops it early (leaving the page).
 */
export function celebrate(ms: number): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let clear: (() => void) | undefined;
  void import('canvas-confetti').then(({ default: confetti }) => {
    if (stopped) return;
    const end = Date.now() + ms;
    const burst = () => {
      if (stopped || Date.now() > end) return clearInterval(timer);
      const common = {
        particleCount: 18,
        spread: 60,
        startVelocity: 45,
        zIndex: 60,
        disableForReducedMotion: true,
      };
      void confetti({ ...common, angle: 60, origin: { x: 0, y: 0.7 } });
      void confetti({ ...common, angle: 120, origin: { x: 1, y: 0.7 } });
    };
    burst();
    timer = setInterval(burst, 250);
    clear = () => confetti.reset();
  });
  return () => {
    stopped = true;
    clearInterval(timer);
    clear?.();
  };
}

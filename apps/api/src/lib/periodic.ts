/**
 * Runs `pass` every `everyMs` until stopped, never two passes at once (a slow pass delays the next); a failed pass is
 * handed to `onError` and the next runs as usual. The timer does not keep the process alive.
 */
export function runEvery(everyMs: number, pass: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(pass).catch(onError);
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

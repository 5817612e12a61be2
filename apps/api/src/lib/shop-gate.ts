import { tooManyRequests } from './errors.ts';

/**
 * At most `limit` of one shop's calls of a kind at once in this process; more wait in the shop's queue (at most
 * `queue` of them, each for up to `waitMs`) without holding anything, and beyond that are refused with 429 and
 * Retry-After. Orders on one popular product take its stock row one after the other in PostgreSQL anyway: more of
 * them at once only hold more of the pool's connections waiting for that row, which every other shop's requests need
 * (bench:flash: 19 of the 20 app connections of two workers waiting on one product's row). Gates of different shops
 * are independent.
 */
export function shopGate(opts: { limit: number; queue: number; waitMs: number; what: string }) {
  const gates = new Map<string, { active: number; waiting: (() => void)[] }>();
  const leave = (shop: string) => {
    const g = gates.get(shop);
    if (!g) return;
    const next = g.waiting.shift();
    if (next) next();
    else if (--g.active === 0) gates.delete(shop);
  };
  const enter = (shop: string): Promise<void> | undefined => {
    let g = gates.get(shop);
    if (!g) {
      g = { active: 0, waiting: [] };
      gates.set(shop, g);
    }
    if (g.active < opts.limit) {
      g.active++;
      return undefined;
    }
    const busy = () =>
      tooManyRequests(
        `This shop is taking many ${opts.what} right now: please try again in a moment.`,
        1,
        'SHOP_BUSY',
      );
    if (g.waiting.length >= opts.queue) return Promise.reject(busy());
    const gate = g;
    return new Promise<void>((resolve, reject) => {
      // A waiting call is handed the slot of the one that leaves (active stays as it is).
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const i = gate.waiting.indexOf(go);
        if (i >= 0) gate.waiting.splice(i, 1);
        reject(busy());
      }, opts.waitMs);
      gate.waiting.push(go);
    });
  };
  return {
    async run<T>(shop: string, fn: () => Promise<T>): Promise<T> {
      await enter(shop);
      try {
        return await fn();
      } finally {
        leave(shop);
      }
    },
    /** Calls running and waiting for a shop (tests). */
    state: (shop: string) => ({
      active: gates.get(shop)?.active ?? 0,
      waiting: gates.get(shop)?.waiting.length ?? 0,
    }),
  };
}

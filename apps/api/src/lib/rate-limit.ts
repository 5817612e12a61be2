import { schema } from '@haat/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from './deps.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  /** What is being limited and for whom, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

const windowStartOf = (windowSeconds: number, now: number) => {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now / windowMs) * windowMs);
};
const secondsLeft = (start: Date, windowSeconds: number, now: number) =>
  (start.getTime() + windowSeconds * 1000 - now) / 1000;

/**
 * The fixed window `now` falls in, the one before it, and how the two make the hits over the last `windowSeconds`:
 * this window's, plus the previous window's weighted by how much of it still lies within the last window length.
 */
function windowsAt(windowSeconds: number, now: number) {
  const start = windowStartOf(windowSeconds, now);
  const previousStart = new Date(start.getTime() - windowSeconds * 1000);
  const stillIn = 1 - (now - start.getTime()) / (windowSeconds * 1000);
  return {
    start,
    previousStart,
    overLastWindow: (current: number, previous: number) => current + Math.ceil(previous * stillIn),
  };
}

/** Counts one hit on a key in its current fixed window and answers the window's hits so far. */
export async function countHit(deps: Deps, key: string, windowSeconds: number): Promise<number> {
  return (await countHitOverLastWindow(deps, key, windowSeconds, Date.now())).current;
}

/**
 * Counts one hit on a key and answers this window's hits and the hits over the last window (`windowsAt`), in one
 * statement. Counting this window's hits alone let a burst that straddles a window's edge through at twice the
 * budget, and reset the count in the middle of one.
 */
async function countHitOverLastWindow(deps: Deps, key: string, windowSeconds: number, now: number) {
  const { start: windowStart, previousStart, overLastWindow } = windowsAt(windowSeconds, now);
  const t = schema.rateLimitHits;
  const [row] = await deps.db
    .insert(t)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [t.key, t.windowStart], set: { hits: sql`${t.hits} + 1` } })
    .returning({
      hits: t.hits,
      previous: sql<number | null>`(select p.hits from ${t} p
                                      where p.key = ${key} and p.window_start = ${previousStart.toISOString()}::timestamptz)`,
    });
  const current = row?.hits ?? 0;
  return { current, overLastWindow: overLastWindow(current, Number(row?.previous ?? 0)) };
}

/**
 * The hits of a key over the last window without counting one (`windowsAt`), and the seconds until this window
 * ends. Without the previous window, every count would fall to 0 at a window's edge.
 */
export async function currentHits(deps: Deps, key: string, windowSeconds: number) {
  const now = Date.now();
  const { start: windowStart, previousStart, overLastWindow } = windowsAt(windowSeconds, now);
  const rows = await deps.db
    .select({ start: schema.rateLimitHits.windowStart, hits: schema.rateLimitHits.hits })
    .from(schema.rateLimitHits)
    .where(
      and(
        eq(schema.rateLimitHits.key, key),
        inArray(schema.rateLimitHits.windowStart, [windowStart, previousStart]),
      ),
    );
  const hitsOf = (start: Date) => rows.find((r) => r.start.getTime() === start.getTime())?.hits ?? 0;
  return {
    hits: overLastWindow(hitsOf(windowStart), hitsOf(previousStart)),
    retryAfter: secondsLeft(windowStart, windowSeconds, now),
  };
}

/**
 * Fixed-window counters kept in the database, so every server instance shares them. Counts the hit and throws
 * 429 with Retry-After when the budget is spent over the last window (this window's hits and the previous one's,
 * weighted). Old windows are pruned now and then.
 */
export async function enforceLimits(
  deps: Deps,
  limits: Limit[],
  message = 'Too many attempts. Please wait and try again.',
) {
  if (deps.config.RATE_LIMITS === 'off') return;
  for (const l of limits) {
    const now = Date.now();
    const { overLastWindow } = await countHitOverLastWindow(deps, l.key, l.windowSeconds, now);
    if (overLastWindow > l.max) {
      throw tooManyRequests(message, secondsLeft(windowStartOf(l.windowSeconds, now), l.windowSeconds, now));
    }
  }
  if (Math.random() < 0.01) {
    await deps.db
      .delete(schema.rateLimitHits)
      .where(sql`${schema.rateLimitHits.windowStart} < now() - interval '1 day'`);
  }
}

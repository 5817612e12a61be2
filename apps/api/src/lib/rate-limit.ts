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

/** Counts one hit on a key in its current fixed window and answers the window's hits so far. */
export async function countHit(deps: Deps, key: string, windowSeconds: number): Promise<number> {
  return (await countHitOverLastWindow(deps, key, windowSeconds, Date.now())).current;
}

/**
 * Counts one hit on a key and answers the hits over the last window as `currentHits` estimates them (this fixed
 * window's, plus the previous window's weighted by how much of it still lies within the last `windowSeconds`), in
 * one statement. Counting this window's hits alone let a burst that straddles a window's edge through at twice the
 * budget, and reset the count in the middle of one.
 */
async function countHitOverLastWindow(deps: Deps, key: string, windowSeconds: number, now: number) {
  const windowStart = windowStartOf(windowSeconds, now);
  const previousStart = new Date(windowStart.getTime() - windowSeconds * 1000);
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
  const stillIn = 1 - (now - windowStart.getTime()) / (windowSeconds * 1000);
  return { current, overLastWindow: current + Math.ceil(Number(row?.previous ?? 0) * stillIn) };
}

/**
 * The hits of a key over the last window without counting one (a sliding estimate: this fixed window's hits plus
 * the previous window's, weighted by how much of it still lies within the last `windowSeconds`), and the seconds
 * until this window ends. Without the previous window, every count would fall to 0 at a window's edge.
 */
export async function currentHits(deps: Deps, key: string, windowSeconds: number) {
  const now = Date.now();
  const windowStart = windowStartOf(windowSeconds, now);
  const previousStart = new Date(windowStart.getTime() - windowSeconds * 1000);
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
  const stillIn = 1 - (now - windowStart.getTime()) / (windowSeconds * 1000);
  return {
    hits: hitsOf(windowStart) + Math.ceil(hitsOf(previousStart) * stillIn),
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

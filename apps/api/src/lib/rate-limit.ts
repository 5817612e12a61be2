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
  const windowStart = windowStartOf(windowSeconds, Date.now());
  const [row] = await deps.db
    .insert(schema.rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [schema.rateLimitHits.key, schema.rateLimitHits.windowStart],
      set: { hits: sql`${schema.rateLimitHits.hits} + 1` },
    })
    .returning({ hits: schema.rateLimitHits.hits });
  return row?.hits ?? 0;
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
 * 429 with Retry-After when the window's budget is spent. Old windows are pruned now and then.
 */
export async function enforceLimits(
  deps: Deps,
  limits: Limit[],
  message = 'Too many attempts. Please wait and try again.',
) {
  if (deps.config.RATE_LIMITS === 'off') return;
  for (const l of limits) {
    const now = Date.now();
    const hits = await countHit(deps, l.key, l.windowSeconds);
    if (hits > l.max) {
      throw tooManyRequests(message, secondsLeft(windowStartOf(l.windowSeconds, now), l.windowSeconds, now));
    }
  }
  if (Math.random() < 0.01) {
    await deps.db
      .delete(schema.rateLimitHits)
      .where(sql`${schema.rateLimitHits.windowStart} < now() - interval '1 day'`);
  }
}

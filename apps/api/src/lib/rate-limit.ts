import { schema } from '@haat/db';
import { sql } from 'drizzle-orm';
import type { Deps } from './deps.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  /** What is being limited and for whom, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
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
  const db = deps.db;
  const now = Date.now();
  for (const l of limits) {
    const windowMs = l.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = await db
      .insert(schema.rateLimitHits)
      .values({ key: l.key, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [schema.rateLimitHits.key, schema.rateLimitHits.windowStart],
        set: { hits: sql`${schema.rateLimitHits.hits} + 1` },
      })
      .returning({ hits: schema.rateLimitHits.hits });
    if ((row?.hits ?? 0) > l.max) {
      throw tooManyRequests(message, (windowStart.getTime() + windowMs - now) / 1000);
    }
  }
  if (Math.random() < 0.01) {
    await db
      .delete(schema.rateLimitHits)
      .where(sql`${schema.rateLimitHits.windowStart} < now() - interval '1 day'`);
  }
}

import { describe, expect, it } from 'vitest';
import { planRestart, RESTART } from './restart-policy.ts';

describe('restarting a worker that died', () => {
  it('restarts the first death at once, then backs off doubling, never past the cap', () => {
    const now = 1_000_000;
    expect(planRestart([now], now)).toEqual({ delayMs: 0, recentDeaths: 1, crashLoop: false });
    expect(planRestart([now - 1000, now], now).delayMs).toBe(RESTART.firstDelayMs);
    expect(planRestart([now - 2000, now - 1000, now], now).delayMs).toBe(RESTART.firstDelayMs * 2);
    const many = Array.from({ length: 40 }, (_, i) => now - 40 + i);
    expect(planRestart(many, now).delayMs).toBe(RESTART.maxDelayMs);
  });

  it('calls five deaths within a minute a crash loop, and forgets deaths older than a minute', () => {
    const now = 5_000_000;
    const five = [4, 3, 2, 1, 0].map((s) => now - s * 1000);
    expect(planRestart(five, now).crashLoop).toBe(true);
    const spread = [now - 4 * 61_000, now - 3 * 61_000, now - 2 * 61_000, now - 61_000, now];
    expect(planRestart(spread, now)).toEqual({ delayMs: 0, recentDeaths: 1, crashLoop: false });
  });
});

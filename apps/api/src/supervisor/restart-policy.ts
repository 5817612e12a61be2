/**
 * When a worker that died is started again (issue 35): at once the first time, then after a delay that doubles
 * with each death in the last minute, up to 30 s. Five deaths in a minute are a crash loop: the supervisor keeps
 * restarting at that pace and reports it (an error in the log at each death, with the count), so a loop is never hidden behind a server that seems to answer.
 */
export const RESTART = { firstDelayMs: 100, maxDelayMs: 30_000, windowMs: 60_000, loopDeaths: 5 } as const;

export interface RestartPlan {
  delayMs: number;
  /** Deaths of this worker slot within the window, this one included. */
  recentDeaths: number;
  crashLoop: boolean;
}

/** `deaths`: the times (ms) this slot's workers died, oldest first, the one just now last. */
export function planRestart(deaths: readonly number[], now: number): RestartPlan {
  const recent = deaths.filter((t) => now - t < RESTART.windowMs).length;
  const delayMs = recent <= 1 ? 0 : Math.min(RESTART.maxDelayMs, RESTART.firstDelayMs * 2 ** (recent - 2));
  return { delayMs, recentDeaths: recent, crashLoop: recent >= RESTART.loopDeaths };
}

import type { Db } from '@haat/db';
import { seedDemo } from '@haat/db/seed';

type LogFn = (obj: object, msg?: string) => void;

/**
 * The demo seed on demo shops that exist, run by a server that already answers (issue 18's cold start): it moves
 * stale deal windows, adds the days' storefront visits, creates nothing, and logs what it did. Between one shop and
 * the next it lets the event loop turn: embedded PGlite runs each statement on the main thread and chains its
 * answers as promises, so without the pause no request would be read until the whole seed had run.
 */
export async function keepDemoCurrent(owner: Db, log: { info: LogFn; error: LogFn }): Promise<void> {
  try {
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    log.info(await seedDemo(owner, { pause }), 'demo shops kept current');
  } catch (err) {
    log.error({ err }, 'keeping the demo shops current failed');
  }
}

import { ApiError } from '../api.ts';
import { sessionApi } from './session-api.ts';
import { type StoredSession, toStoredSession } from './session-storage.ts';

/** Refresh this long before the access token runs out. */
export const REFRESH_EARLY_MS = 60_000;

export type RefreshOutcome = StoredSession | 'rejected' | 'offline';

// One refresh per refresh token: the token rotates, so a second concurrent use would look like theft to the
// server and end the whole session (StrictMode's double effects, a timer and a 401 at the same moment).
const inFlight = new Map<string, Promise<RefreshOutcome>>();

/** Exchanges the refresh token for a new pair; 'rejected' when the session is over, 'offline' to try later. */
export function refreshStored(s: StoredSession): Promise<RefreshOutcome> {
  const running = inFlight.get(s.refreshToken);
  if (running) return running;
  const run = sessionApi
    .refresh(s.refreshToken, s.role_type === 'CUSTOMER' ? s.storeSlug : null)
    .then((fresh): RefreshOutcome => toStoredSession(fresh))
    .catch((err: unknown): RefreshOutcome => {
      const status = err instanceof ApiError ? err.status : 0;
      return status === 0 || status >= 500 || status === 429 ? 'offline' : 'rejected';
    })
    .finally(() => {
      // Keep the answer briefly so a caller holding the old token gets the same result.
      setTimeout(() => inFlight.delete(s.refreshToken), 10_000);
    });
  inFlight.set(s.refreshToken, run);
  return run;
}

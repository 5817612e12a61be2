/** What PostgreSQL said when a statement failed. */
export interface PgError {
  /** SQLSTATE, e.g. `23505` (unique violation), or our own `HS001` (not enough stock). */
  code: string;
  detail?: string;
  hint?: string;
}

/** The PostgreSQL error behind an error (drivers and drizzle wrap it in `cause`), if there is one. */
export function pgError(err: unknown): PgError | null {
  for (let e = err as (Partial<PgError> & { cause?: unknown }) | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, detail: e.detail, hint: e.hint };
    }
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * Runs a transaction, and again (twice at most) when PostgreSQL rolled it back for a deadlock or a serialization
 * failure: everything it did was undone, so trying again is safe.
 */
export async function retryOnDeadlock<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      const code = pgError(e)?.code;
      if (n >= tries || (code !== '40P01' && code !== '40001')) throw e;
    }
  }
}

/** Driver errors of a connection that closed or could not be opened (postgres-js codes and Node's). */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * What to tell the client when a request failed because the database could not serve it for a moment (its
 * connection dropped, the server is restarting or failing over, a statement ran past `statement_timeout`, a
 * deadlock outlived its retries) and the code that says which, or null for any other error. Such a request did not happen: it can be repeated.
 */
export function databaseUnavailable(err: unknown): { message: string; code: string } | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || /^(08|57P0)/.test(code)) {
      return { code, message: 'The database is not reachable for a moment. Please try again.' };
    }
    if (code === '57014')
      return { code, message: 'The request took too long and was stopped. Please try again.' };
    // A write that reached a server no longer the primary (a failover under way, decision 0025): it did not happen.
    if (code === '25006')
      return { code, message: 'The database is switching over for a moment. Please try again.' };
    if (code === '40P01' || code === '40001') return { code, message: 'The shop is busy. Please try again.' };
    e = e.cause as typeof e;
  }
  return null;
}

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

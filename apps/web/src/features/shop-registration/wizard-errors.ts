import { ApiError } from '../../lib/api.ts';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { issuesToErrors } from '../../lib/form-errors.ts';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * Like issuesToErrors, but a contact row's message is kept as `contacts.<row>` so it shows under that row's
 * phone instead of once for the whole list.
 */
export function wizardErrors(issues: readonly Issue[]): FieldErrors {
  const rows = issues
    .filter((i) => i.path[0] === 'contacts' && i.path.length > 1)
    .map((i) => ({ path: [`contacts.${String(i.path[1])}`], message: i.message }));
  return { ...issuesToErrors(issues), ...issuesToErrors(rows) };
}

type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/** A shared schema's verdict: the data, or the messages per field. */
export function check<T>(
  result: SafeParse<T>,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  return result.success
    ? { data: result.data, errors: null }
    : { data: null, errors: wizardErrors(result.error.issues) };
}

/** The server's field issues (paths like "contacts.0.phone_number") in the same form. */
export function serverErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  return wizardErrors(
    (err.envelope?.error.issues ?? []).map((i) => ({ path: i.path.split('.'), message: i.message })),
  );
}

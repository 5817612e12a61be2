import { ApiError, announceFailure } from './api.ts';

/**
 * Form error mapping shared by every form: a zod result's issues and the server's field issues become
 * `{ field: message }` to show beside each field; other failures become one sentence for a form alert.
 */

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Keeps `message` under the issue's field (its path's first key) and, for an issue inside a list or an object
 * (`lines.0.quantity`), also under its whole path, where the row's own field looks for it.
 */
function addIssue(out: FieldErrors, path: readonly string[], message: string) {
  const key = path[0] ?? '';
  if (key && !out[key]) out[key] = message;
  const whole = path.join('.');
  if (path.length > 1 && !out[whole]) out[whole] = message;
}

/** A zod result's issues as `{ field: first message }`, for showing next to each field. */
export function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) addIssue(out, issue.path.map(String), issue.message);
  return out;
}

type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/** Validates with a shared schema: the data, or the errors to show. */
export function validate<T>(
  result: SafeParse<T>,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  return result.success
    ? { data: result.data, errors: null }
    : { data: null, errors: issuesToErrors(result.error.issues) };
}

export type FieldErrors = Record<string, string>;

/** The server's field issues as `{ field: message }`. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(err instanceof ApiError)) return out;
  for (const issue of err.envelope?.error.issues ?? []) addIssue(out, issue.path.split('.'), issue.message);
  return out;
}

export const errorReason = (err: unknown) =>
  err instanceof ApiError ? (err.envelope?.error.reason ?? err.envelope?.error.code) : undefined;

/**
 * The text to show beside a form for a failed account call. Network and server faults also get the
 * catalogue's toast; a 401 from a sign-in form is a wrong password, so it never triggers the expiry flow.
 */
export function formFailureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 0 || err.status >= 500) {
    announceFailure(err.status, err.message);
    return err.status === 0
      ? 'We could not reach the server. Please check your connection and try again.'
      : 'Something went wrong on our end. Please try again later.';
  }
  return err.message || 'Something went wrong. Please try again.';
}

/** For calls made while signed in (profile): field issues stay inline, anything else gets the catalogue's toast. */
export function announceSignedInFailure(err: unknown): FieldErrors {
  const fields = serverFieldErrors(err);
  if (Object.keys(fields).length > 0) return fields;
  if (err instanceof ApiError) announceFailure(err.status, err.message);
  return {};
}

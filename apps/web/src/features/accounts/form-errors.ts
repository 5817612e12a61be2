import type { FieldErrors } from './auth-api.ts';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A zod result's issues as `{ field: first message }`, for showing next to each field. */
export function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
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

/**
 * The shared schemas compare the two passwords only once every other field is valid (an object refinement);
 * this shows "Passwords do not match" at the same time as the other messages.
 */
export function withPasswordMatch(errors: FieldErrors | null, password: string, confirm: string) {
  if (!errors || errors.confirm_password || !password || !confirm || password === confirm) return errors;
  return { ...errors, confirm_password: 'Passwords do not match' };
}

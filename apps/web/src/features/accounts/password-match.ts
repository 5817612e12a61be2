import type { FieldErrors } from '../../lib/form-errors.ts';

/**
 * The shared schemas compare the two passwords only once every other field is valid (an object refinement);
 * this shows "Passwords do not match" at the same time as the other messages.
 */
export function withPasswordMatch(errors: FieldErrors | null, password: string, confirm: string) {
  if (!errors || errors.confirm_password || !password || !confirm || password === confirm) return errors;
  return { ...errors, confirm_password: 'Passwords do not match' };
}

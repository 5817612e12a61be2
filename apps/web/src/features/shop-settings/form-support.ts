import type { ErrorIssue } from '@haat/contracts';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError, announceFailure } from '../../lib/api.ts';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/**
 * A react-hook-form resolver from a shared wire schema: the inputs (text as typed) become the request body with
 * `toBody`, the schema the server uses checks it, and each issue lands on the field its path names.
 */
export function schemaResolver<V extends FieldValues, B>(
  parse: (body: unknown) => Parsed<B>,
  toBody: (values: V) => unknown,
  extraIssues: (values: V) => { path: string; message: string }[] = () => [],
): Resolver<V, unknown, B> {
  return async (values, _context, options) => {
    const result = parse(toBody(values));
    const flat: Record<string, { type: string; message: string }> = {};
    const add = (path: string, message: string) => {
      if (path && !flat[path]) flat[path] = { type: 'validate', message };
    };
    if (!result.success) for (const i of result.error.issues) add(i.path.map(String).join('.'), i.message);
    for (const i of extraIssues(values)) add(i.path, i.message);
    if (result.success && Object.keys(flat).length === 0) return { values: result.data, errors: {} };
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<V> };
  };
}

/**
 * After a failed save: the server's field issues go beside their fields (what was typed stays), the first one
 * takes focus, and anything not tied to a field is announced and returned for the form to show.
 */
export function showServerErrors<V extends FieldValues>(
  err: unknown,
  fields: readonly string[],
  setError: UseFormSetError<V>,
  fallback: string,
  setFocus?: (name: Path<V>) => void,
): string | null {
  const issues: ErrorIssue[] = err instanceof ApiError ? (err.envelope?.error.issues ?? []) : [];
  let first: Path<V> | null = null;
  const other: string[] = [];
  for (const issue of issues) {
    if (fields.includes(issue.path.split('.')[0] ?? '')) {
      const name = issue.path as Path<V>;
      setError(name, { type: 'server', message: issue.message }, { shouldFocus: false });
      first ??= name;
    } else other.push(issue.message);
  }
  if (first) {
    setFocus?.(first);
    return null;
  }
  if (err instanceof ApiError) announceFailure(err.status, err.message, fallback);
  return other[0] ?? (err instanceof ApiError && err.message ? err.message : fallback);
}

/** A number input's text as the wire wants it: '' is `empty` (undefined: required; null: none). */
export const numberOr = <E extends number | null | undefined>(text: string, empty: E): number | E => {
  const t = text.trim();
  return t === '' ? empty : Number(t);
};

/** Text for a number input (blank for null). */
export const numberText = (n: number | null | undefined) => (n == null ? '' : String(n));

/** An ISO time as a datetime-local input value in the browser's time zone (IST for Indian vendors). */
export function localDateTime(iso: string | null | undefined) {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO time; '' stays empty, an unreadable one is sent as typed for the schema to refuse. */
export function isoFromLocal(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

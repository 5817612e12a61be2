/**
 * A list page's state in the address (`/admin-orders/?status=PENDING&page=2`): filters, sort and page, read
 * through a zod object schema so a page can be linked to, reloaded and gone back to. Each field reads on its own:
 * a missing or invalid value (an old link, a hand-edited address) takes that field's default, never an error.
 * Defaults stay out of the address; changing anything but the page goes back to page 1.
 */
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { useSearchParams } from './router.tsx';

/** Keys that are not filters: they neither make a list "filtered" nor go on "Clear filters". */
const NOT_FILTERS = new Set(['page', 'page_size', 'sort']);

const isOneOf = (values: readonly string[], v: unknown) => typeof v === 'string' && values.includes(v);

/** Fields for list schemas: each has a default, so any value in the address reads as something. */
export const listParam = {
  text: () => z.string().default(''),
  /** A calendar day (yyyy-mm-dd) or ''. */
  date: () => z.iso.date().or(z.literal('')).default(''),
  /** An id (8-4-4-4-12 hex) or ''. */
  id: () => z.guid().or(z.literal('')).default(''),
  /** One of `values`, else `fallback`. */
  oneOf: <T extends string>(values: readonly T[], fallback: NoInfer<T>) =>
    z.custom<T>((v) => isOneOf(values, v)).default(fallback),
  /** One of `values`, or '' for "any". */
  anyOf: <T extends string>(values: readonly T[]) =>
    z.custom<T | ''>((v) => v === '' || isOneOf(values, v)).default(''),
  page: () => z.coerce.number().int().min(1).default(1),
} as const;

// biome-ignore lint/suspicious/noExplicitAny: any zod field with a default reads from one address value
type ListShape = Record<string, z.ZodType<any, any>>;
export type ListParams<S extends ListShape> = z.output<z.ZodObject<S>>;

/** Reads each field of `schema` from `params` on its own; an invalid value takes the field's default. */
export function readListParams<S extends ListShape>(
  schema: z.ZodObject<S>,
  params: URLSearchParams,
): ListParams<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = params.get(key) ?? undefined;
    const parsed = field.safeParse(raw);
    out[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return out as ListParams<S>;
}

/** Each field's default (what an empty address reads as). */
export const listDefaults = <S extends ListShape>(schema: z.ZodObject<S>) =>
  readListParams(schema, new URLSearchParams());

/** The address after `patch`: defaults removed, other keys kept, page back to 1 unless the patch sets it. */
export function writeListParams<S extends ListShape>(
  schema: z.ZodObject<S>,
  prev: URLSearchParams,
  patch: Partial<ListParams<S>>,
): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

export interface ListParamsOptions {
  /** Rows a page (when the schema has no `page_size`). */
  pageSize: number;
  /** Replace the history entry on every change instead of adding one. */
  replace?: boolean;
}

/**
 * The list's state from the address: `values` (typed by the schema), `update(patch)`, `setPage`, `active` (a filter differs
 * from its default), `clear()` (filters back to their defaults, the sort kept), and `limit`/`offset` for the query.
 */
export function useListParams<S extends ListShape>(schema: z.ZodObject<S>, options: ListParamsOptions) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readListParams(schema, params), [schema, params]);
  const defaults = useMemo(() => listDefaults(schema) as Record<string, unknown>, [schema]);
  const update = useCallback(
    (patch: Partial<ListParams<S>>, opts: { replace?: boolean } = {}) =>
      setParams((prev) => writeListParams(schema, prev, patch), {
        replace: opts.replace ?? options.replace,
      }),
    [schema, setParams, options.replace],
  );
  const filterKeys = useMemo(() => Object.keys(schema.shape).filter((k) => !NOT_FILTERS.has(k)), [schema]);
  const record = values as Record<string, unknown>;
  const active = filterKeys.some((k) => record[k] !== defaults[k]);
  const clear = useCallback(
    () => update(Object.fromEntries(filterKeys.map((k) => [k, defaults[k]])) as Partial<ListParams<S>>),
    [update, defaults, filterKeys],
  );
  const setPage = useCallback(
    (page: number, opts?: { replace?: boolean }) =>
      update({ page } as unknown as Partial<ListParams<S>>, opts),
    [update],
  );
  const pageSize = typeof record.page_size === 'number' ? record.page_size : options.pageSize;
  const page = typeof record.page === 'number' ? record.page : 1;
  return {
    values,
    update,
    setPage,
    active,
    clear,
    page,
    pageSize,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}

/** A date range for a query: the end dropped while it is before the start (the bar says so). */
export const queryRange = (from: string, to: string) => ({
  from: from || undefined,
  to: to && (!from || to >= from) ? to : undefined,
});

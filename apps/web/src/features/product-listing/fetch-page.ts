import type { ErrorEnvelope } from '@haat/contracts';
import { ApiError, announceFailure } from '../../lib/api.ts';

export interface Page<T> {
  items: T[];
  /** All matches on the server (the X-Total-Count header), not just this page. */
  total: number;
}

type Query = Record<string, string | number | undefined | null>;

/**
 * One page of a public shop list. The list calls put the total in the X-Total-Count header, which the
 * shared client does not expose, so this reads the envelope itself and announces failures the same way.
 */
export async function fetchPage<T>(
  path: string,
  query: Query,
  slug: string,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, {
      headers: { accept: 'application/json', 'store-origin': slug },
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    announceFailure(0, undefined);
    throw new ApiError(0, 'Network error');
  }
  const body = (await res.json().catch(() => null)) as { success: true; data: T[] } | ErrorEnvelope | null;
  if (!res.ok || !body || body.success !== true || !Array.isArray(body.data)) {
    const failure = body && body.success === false ? body : undefined;
    announceFailure(res.status, failure?.message);
    throw new ApiError(res.status, failure?.message ?? 'An error occurred', failure);
  }
  const header = Number(res.headers.get('X-Total-Count'));
  return { items: body.data, total: Number.isFinite(header) && header >= 0 ? header : body.data.length };
}

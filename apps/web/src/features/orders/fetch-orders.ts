import type { CustomerOrder, ErrorEnvelope, OrderTab } from '@haat/contracts';
import { ApiError, announceFailure } from '../../lib/api.ts';

export const ORDERS_PAGE = 10;

export interface OrdersPage {
  items: CustomerOrder[];
  /** The next page's cursor (the X-Next-Cursor header); null on the last page. */
  next: string | null;
}

/**
 * One page of the customer's orders. The cursor comes in the X-Next-Cursor header, which the shared client
 * does not expose, so this reads the envelope itself (as the product lists do for X-Total-Count) and
 * announces failures the same way.
 */
export async function fetchOrdersPage(
  slug: string,
  token: string | null,
  status: OrderTab,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const q = new URLSearchParams({ status, limit: String(ORDERS_PAGE) });
  if (cursor) q.set('cursor', cursor);
  const headers: Record<string, string> = { accept: 'application/json', 'store-origin': slug };
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api/store/store-user/store-order/user/?${q}`, { headers, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    announceFailure(0, undefined);
    throw new ApiError(0, 'Network error');
  }
  const body = (await res.json().catch(() => null)) as
    | { success: true; data: CustomerOrder[] }
    | ErrorEnvelope
    | null;
  if (!res.ok || !body || body.success !== true || !Array.isArray(body.data)) {
    const failure = body && body.success === false ? body : undefined;
    announceFailure(res.status, failure?.message);
    throw new ApiError(res.status, failure?.message ?? 'An error occurred', failure);
  }
  return { items: body.data, next: res.headers.get('X-Next-Cursor') || null };
}

import type { Session } from '@haat/contracts';

/**
 * Removes a product saved at another shop of the shopper's Haat account. A session here cannot act there (decision
 * 0029: an access token for this shop is refused at another), so this exchanges this session's refresh token for
 * one at that shop (Continue as, POST /auth/switch-shop/), removes the product with it, and ends that session.
 */
export async function removeAtOtherShop(refreshToken: string, slug: string, productId: string) {
  const call = async <T>(path: string, init: RequestInit, token?: string): Promise<T> => {
    const res = await fetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        'store-origin': slug,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const body = (await res.json().catch(() => null)) as { data?: T; message?: string } | null;
    if (!res.ok) throw new Error(body?.message || 'We could not remove it. Please try again.');
    return body?.data as T;
  };
  const there = await call<Session>('/api/user/auth/switch-shop/', {
    method: 'POST',
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  try {
    await call(
      `/api/store/wishlist/${encodeURIComponent(productId)}/`,
      { method: 'DELETE' },
      there.access_token,
    );
  } finally {
    void call('/api/user/auth/logout/', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: there.refresh_token }),
    }).catch(() => undefined);
  }
}

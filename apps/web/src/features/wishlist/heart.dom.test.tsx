import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostProvider } from '../../app/host.tsx';
import { SessionProvider } from '../../lib/session/session-context.tsx';
import { fakeApi, renderAt, saveShopperSession, shopHost, TEST_SHOP } from '../../test/dom.tsx';
import { WishlistHeart } from './heart.tsx';
import { SAVE_KEY } from './keys.ts';

/* The heart (issue 40): signed out it asks to sign in and saves on the way back; signed in it saves and removes. */

const PRODUCT = '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const VARIANT = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

function renderHeart(signedIn: boolean) {
  if (signedIn) saveShopperSession();
  return renderAt(
    `/product/${PRODUCT}`,
    <HostProvider initial={shopHost('host')} fallback={() => null}>
      <SessionProvider>
        <WishlistHeart productId={PRODUCT} variantId={VARIANT} name="Brass Lamp" />
      </SessionProvider>
    </HostProvider>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the wishlist heart', () => {
  it('asks a signed-out shopper to sign in, keeping the save for their return', async () => {
    const sent = fakeApi({});
    const went: string[] = [];
    const assign = vi.spyOn(window.location, 'assign').mockImplementation((url) => went.push(String(url)));
    renderHeart(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save Brass Lamp to wishlist' }));
    await waitFor(() => expect(went).toHaveLength(1));
    assign.mockRestore();
    const login = new URL(went[0] ?? '', 'http://shop.test');
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('redirect')).toBe(`/product/${PRODUCT}`);
    expect(JSON.parse(window.sessionStorage.getItem(SAVE_KEY) ?? '{}')).toMatchObject({
      slug: TEST_SHOP.slug,
      productId: PRODUCT,
      variantId: VARIANT,
    });
    expect(sent.filter((r) => r.path.startsWith('/api/store/wishlist'))).toEqual([]);
  });

  it('saves for a signed-in customer (with the option chosen), then removes', async () => {
    const sent = fakeApi({
      'GET /api/store/wishlist/ids/': { product_ids: [] },
      'POST /api/store/wishlist/': { id: 'x', product_id: PRODUCT, variant_id: VARIANT, price_at_save: 499 },
      [`DELETE /api/store/wishlist/${PRODUCT}/`]: { product_id: PRODUCT },
    });
    renderHeart(true);
    await waitFor(() => expect(sent.some((r) => r.path === '/api/store/wishlist/ids/')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save Brass Lamp to wishlist', pressed: false }));
    const saved = await screen.findByRole('button', { name: 'Save Brass Lamp to wishlist', pressed: true });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ product_id: PRODUCT, variant_id: VARIANT });
    fireEvent.click(saved);
    await screen.findByRole('button', { name: 'Save Brass Lamp to wishlist', pressed: false });
    expect(sent.some((r) => r.method === 'DELETE' && r.path === `/api/store/wishlist/${PRODUCT}/`)).toBe(
      true,
    );
  });

  it('carries out the kept save once the shopper is back signed in', async () => {
    window.sessionStorage.setItem(
      SAVE_KEY,
      JSON.stringify({ slug: TEST_SHOP.slug, productId: PRODUCT, variantId: VARIANT, at: Date.now() }),
    );
    const sent = fakeApi({
      'GET /api/store/wishlist/ids/': { product_ids: [] },
      'POST /api/store/wishlist/': { id: 'x', product_id: PRODUCT, variant_id: VARIANT, price_at_save: 499 },
    });
    renderHeart(true);
    await screen.findByRole('button', { name: 'Save Brass Lamp to wishlist', pressed: true });
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { product_id: PRODUCT, variant_id: VARIANT },
    ]);
    expect(window.sessionStorage.getItem(SAVE_KEY)).toBeNull();
  });
});

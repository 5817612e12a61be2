import type { WishlistData } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HostProvider } from '../../app/host.tsx';
import { SessionProvider } from '../../lib/session/session-context.tsx';
import { fakeApi, renderAt, saveShopperSession, shopHost, TEST_SHOP } from '../../test/dom.tsx';
import WishlistPage from './wishlist-page.tsx';

/* The wishlist page (issue 40): every shop of the Haat account, prices, the drop, stock, links and Remove. */

const item = (over: Partial<WishlistData['shops'][number]['items'][number]>) => ({
  id: 'row',
  product_id: 'p',
  variant_id: null,
  product_name: 'Brass Lamp',
  variant_label: null,
  thumbnail: null,
  price_now: 499,
  price_at_save: 499,
  price_drop: 0,
  stock_status: 'IN_STOCK' as const,
  quantity: 20,
  available: true,
  saved_at: '2026-12-01T10:00:00.000Z',
  ...over,
});

const LIST: WishlistData = {
  shops: [
    {
      store_id: TEST_SHOP.id,
      slug: TEST_SHOP.slug,
      shop_name: TEST_SHOP.store_name,
      current: true,
      items: [
        item({ id: 'a1', product_id: 'lamp', product_name: 'Brass Lamp' }),
        item({
          id: 'a2',
          product_id: 'kettle',
          product_name: 'Copper Kettle',
          stock_status: 'OUT_OF_STOCK',
          quantity: 0,
        }),
      ],
    },
    {
      store_id: 'other-shop-id',
      slug: 'deccan-digital',
      shop_name: 'Deccan Digital',
      current: false,
      items: [
        item({
          id: 'b1',
          product_id: 'shawl',
          product_name: 'Pashmina Shawl',
          variant_label: 'Red',
          price_now: 799,
          price_at_save: 999,
          price_drop: 200,
          stock_status: 'LOW_STOCK',
          quantity: 3,
        }),
      ],
    },
  ],
};

function renderPage() {
  saveShopperSession();
  return renderAt(
    `/store/${TEST_SHOP.slug}/wishlist`,
    <HostProvider initial={shopHost('path')} fallback={() => null}>
      <SessionProvider>
        <WishlistPage />
      </SessionProvider>
    </HostProvider>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the wishlist page', () => {
  it('lists each shop with prices, the drop, stock and links, and removes at this shop', async () => {
    const sent = fakeApi({
      'GET /api/store/wishlist/': LIST,
      'DELETE /api/store/wishlist/lamp/': { product_id: 'lamp' },
    });
    renderPage();
    const here = await screen.findByRole('region', { name: `Saved at ${TEST_SHOP.store_name}` });
    const there = screen.getByRole('region', { name: 'Saved at Deccan Digital' });
    expect(within(there).getByText('₹200 less than when you saved it')).toBeTruthy();
    expect(within(there).getByText('Only 3 left')).toBeTruthy();
    expect(within(there).getByRole('link', { name: 'Pashmina Shawl (Red)' }).getAttribute('href')).toBe(
      '/store/deccan-digital/product/shawl',
    );
    expect(within(here).getByText('In stock')).toBeTruthy();
    expect(within(here).getByText('Sold out')).toBeTruthy();
    expect(await within(here).findByRole('button', { name: "Notify me when it's back" })).toBeTruthy();
    expect(within(here).getByRole('link', { name: 'Brass Lamp' }).getAttribute('href')).toBe(
      `/store/${TEST_SHOP.slug}/product/lamp`,
    );
    fireEvent.click(within(here).getByRole('button', { name: 'Remove Brass Lamp from wishlist' }));
    await waitFor(() => expect(within(here).queryByText('Brass Lamp')).toBeNull());
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/store/wishlist/lamp/')).toBe(true);
    expect(within(there).getByText('Pashmina Shawl (Red)')).toBeTruthy();
  });
});

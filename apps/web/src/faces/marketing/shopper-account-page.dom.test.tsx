import type { HostInfo, MarketplaceAccount } from '@haat/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HostProvider } from '../../app/host.tsx';
import { SessionProvider } from '../../lib/session/session-context.tsx';
import { SESSION_KEY } from '../../lib/session/session-storage.ts';
import { fakeApi, renderAt, saveShopperSession } from '../../test/dom.tsx';
import ShopperAccountPage from './shopper-account-page.tsx';

/* The marketplace's /account (decision 0036): the shopper's Haat account signed in on the marketplace itself. */

const marketing: HostInfo = {
  face: 'marketing',
  storeSlug: null,
  via: null,
  platformDomain: 'haat.test',
  store: null,
  storeStatus: null,
};

const ACCOUNT: MarketplaceAccount = {
  email: 'kavya@example.in',
  linked: true,
  shops: [
    {
      store_name: 'Deccan Digital',
      slug: 'deccan-digital',
      this_shop: false,
      email: 'kavya@example.in',
      name: 'Kavya Menon',
      phone: '9876543210',
      addresses: 1,
      orders: 2,
      shared_at: '2026-12-01T10:00:00.000Z',
      since: '2026-11-20T10:00:00.000Z',
    },
  ],
  addresses: [
    {
      full_name: 'Kavya Menon',
      phone_number: '9876543210',
      address_line1: '12 MG Road',
      address_line2: '',
      city: 'Kochi',
      state: 'Kerala',
      postal_code: '682016',
      country: 'India',
      shop_name: 'Deccan Digital',
    },
  ],
  wishlist: [
    {
      store_id: 'deccan-id',
      slug: 'deccan-digital',
      shop_name: 'Deccan Digital',
      current: false,
      items: [
        {
          id: 'w1',
          product_id: 'shawl',
          variant_id: null,
          product_name: 'Pashmina Shawl',
          variant_label: 'Red',
          thumbnail: null,
          price_now: 799,
          price_at_save: 999,
          price_drop: 200,
          stock_status: 'IN_STOCK',
          quantity: 5,
          available: true,
          saved_at: '2026-12-01T10:00:00.000Z',
        },
      ],
    },
  ],
};

/** A sign-in on the marketplace: a customer of no shop. */
function saveMarketplaceSession() {
  saveShopperSession();
  const s = JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? '{}');
  window.localStorage.setItem(SESSION_KEY, JSON.stringify({ ...s, storeId: null, storeSlug: null }));
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe("the marketplace's account page", () => {
  it('shows the addresses and wishlist kept at every shop and the shops holding the data, from its own calls', async () => {
    const sent = fakeApi({
      'GET /api/user/account/': ACCOUNT,
      'GET /api/user/auth/me/': {
        id: 'u',
        email: 'kavya@example.in',
        first_name: 'Kavya',
        last_name: 'Menon',
        phone: '9876543210',
        role_type: 'CUSTOMER',
        email_verified: true,
        store_id: null,
      },
    });
    saveMarketplaceSession();
    renderAt(
      '/account',
      <HostProvider initial={marketing} fallback={() => null}>
        <SessionProvider>
          <ShopperAccountPage />
        </SessionProvider>
      </HostProvider>,
    );
    const addresses = await screen.findByRole('region', { name: 'Saved addresses' });
    expect(within(addresses).getByText('saved at Deccan Digital', { exact: false })).toBeTruthy();
    const wishlist = screen.getByRole('region', { name: 'Your wishlist' });
    expect(within(wishlist).getByRole('link', { name: 'Pashmina Shawl (Red)' }).getAttribute('href')).toBe(
      '/store/deccan-digital/product/shawl',
    );
    expect(within(wishlist).getByText('₹200 less')).toBeTruthy();
    const shops = await screen.findByRole('region', { name: 'Shops that hold your data' });
    expect(await within(shops).findByText('Deccan Digital')).toBeTruthy();
    expect(within(shops).getByText(/1 address and 2 orders/)).toBeTruthy();
    // The marketplace's own calls: no shop's account call is made.
    expect(sent.some((r) => r.path.startsWith('/api/store/'))).toBe(false);
  });
});

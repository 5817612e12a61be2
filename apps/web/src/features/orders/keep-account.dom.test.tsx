import type { HostInfo } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HostProvider } from '../../app/host.tsx';
import { SessionProvider } from '../../lib/session/session-context.tsx';
import { SESSION_KEY } from '../../lib/session/session-storage.ts';
import { fakeApi, renderAt, saveShopperSession, TEST_SHOP } from '../../test/dom.tsx';
import { KeepAccount } from './keep-account.tsx';

/* "Set a password to keep your account" (decision 0031): only a guest's session sees it; it sets the password. */

function renderAsShopper(guest: boolean) {
  saveShopperSession({ guest });
  const host: HostInfo = {
    face: 'storefront',
    storeSlug: TEST_SHOP.slug,
    via: 'host',
    platformDomain: 'haat.test',
    store: null,
    storeStatus: 'PUBLISHED',
  };
  return renderAt(
    '/order/success?orderId=x',
    <HostProvider initial={host} fallback={() => null}>
      <SessionProvider>
        <KeepAccount slug={TEST_SHOP.slug} />
      </SessionProvider>
    </HostProvider>,
  );
}

const session = {
  access_token: 'new-token',
  refresh_token: 'new-refresh-token-of-twenty',
  expires_in: 900,
  role_type: 'CUSTOMER',
  id: '0b7e3f1a-2c4d-4e6f-8a1b-3c5d7e9f1a2b',
  first_name: 'Kavya',
  last_name: 'Menon',
  email: 'kavya@example.in',
  remember: false,
  store: { id: TEST_SHOP.id, slug: TEST_SHOP.slug },
  stores: [],
  slug: TEST_SHOP.slug,
  store_id: TEST_SHOP.id,
  guest: false,
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('KeepAccount', () => {
  it('shows nothing to a shopper who has a password', () => {
    fakeApi({});
    const { container } = renderAsShopper(false);
    expect(container.textContent).toBe('');
  });

  it("puts the schema's message beside the field and sends nothing while the passwords differ", async () => {
    const sent = fakeApi({});
    renderAsShopper(true);
    const keep = await screen.findByRole('region', { name: 'Set a password to keep your account' });
    fireEvent.change(within(keep).getByLabelText('New password'), { target: { value: 'kavya-keeps-7' } });
    fireEvent.change(within(keep).getByLabelText('Confirm password'), { target: { value: 'kavya-keeps-8' } });
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep my account' }));
    expect(await within(keep).findByText('Passwords do not match')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sets the password, keeps the new session and says the account is ready', async () => {
    const sent = fakeApi({ 'POST /api/user/auth/guest/password/': session });
    renderAsShopper(true);
    const keep = await screen.findByRole('region', { name: 'Set a password to keep your account' });
    fireEvent.change(within(keep).getByLabelText('New password'), { target: { value: 'kavya-keeps-7' } });
    fireEvent.change(within(keep).getByLabelText('Confirm password'), { target: { value: 'kavya-keeps-7' } });
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep my account' }));
    await screen.findByText(/Your Haat account is ready/);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      password: 'kavya-keeps-7',
      confirm_password: 'kavya-keeps-7',
    });
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({
        accessToken: 'new-token',
        guest: false,
      }),
    );
  });
});

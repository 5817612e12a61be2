import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, TEST_SHOP } from '../../test/dom.tsx';
import { HoldNotice, useCheckoutHold } from './hold-notice.tsx';

/* The checkout's hold (decision 0030): opening checkout holds the items and counts down; held elsewhere, it says so. */

const HOLD = 'POST /api/store/store-user/checkout-hold/';

function Notice() {
  return <HoldNotice hold={useCheckoutHold(TEST_SHOP.slug)} />;
}

afterEach(cleanup);

describe('the hold notice at checkout', () => {
  it('asks for the hold once and counts down to its end', async () => {
    const sent = fakeApi({
      [HOLD]: { hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(), held_units: 1 },
    });
    renderAt('/checkout', <Notice />);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(screen.getByText(/Your items are held for you for/)).toBeTruthy();
    expect(sent.filter((r) => r.path === '/api/store/store-user/checkout-hold/')).toHaveLength(1);
  });

  it('says who holds the items when they could not be held, and offers to try again', async () => {
    const message = 'Brass Lamp is held by another shopper at checkout. Try again in a few minutes.';
    fakeApi({
      [HOLD]: [409, { success: false, message, error: { code: 'CONFLICT', reason: 'HELD' } }],
    });
    renderAt('/checkout', <Notice />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('tells the shopper when the hold has ended', async () => {
    fakeApi({ [HOLD]: { hold_expires_at: new Date(Date.now() - 1000).toISOString(), held_units: 1 } });
    renderAt('/checkout', <Notice />);
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your hold has ended: other shoppers may buy these items now.',
    );
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { GatewayCard } from './gateway-card.tsx';

const WEBHOOK = 'https://chai.haat.in/api/store/gateway/razorpay/webhook/3f1c/';
const base = {
  connected: false,
  provider: null,
  mode: null,
  key_id: null,
  verified_at: null,
  webhook_url: WEBHOOK,
  webhook_events: ['payment.captured', 'payment.failed', 'refund.processed'],
  test_gateway_available: false,
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('GatewayCard (Settings → Online payments)', () => {
  it('shows where to find the keys and the webhook URL, and connects with the three values', async () => {
    const sent = fakeApi({
      'GET /api/admin/payment-gateway/': base,
      'GET /api/admin/payment-gateway/mismatches/': { reconciled_through: null, mismatches: [] },
      'PUT /api/admin/payment-gateway/': (body: unknown) => ({
        ...base,
        connected: true,
        provider: 'RAZORPAY',
        mode: 'LIVE',
        key_id: (body as { key_id: string }).key_id,
        verified_at: '2026-12-07T10:00:00.000Z',
      }),
    });
    renderInBackOffice(<GatewayCard slug={TEST_SHOP.slug} />);
    const card = await screen.findByRole('region', { name: 'Online payments' });
    await within(card).findByText(WEBHOOK);
    expect(within(card).getByText(/Account & Settings → API Keys/)).toBeTruthy();
    expect(within(card).getByText(/payment\.captured, payment\.failed, refund\.processed/)).toBeTruthy();
    const form = within(card).getByRole('form', { name: 'Razorpay keys' });
    fireEvent.change(within(form).getByLabelText('Key Id'), { target: { value: 'rzp_live_AbCdEf123456' } });
    fireEvent.change(within(form).getByLabelText('Key Secret'), { target: { value: 'secret-value-1' } });
    fireEvent.change(within(form).getByLabelText('Webhook secret'), { target: { value: 'hook-secret-1' } });
    expect((within(form).getByLabelText('Key Secret') as HTMLInputElement).type).toBe('password');
    fireEvent.click(within(form).getByRole('button', { name: 'Check and connect' }));
    await within(card).findByText(/Shoppers can pay online through Razorpay/);
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      provider: 'RAZORPAY',
      key_id: 'rzp_live_AbCdEf123456',
      key_secret: 'secret-value-1',
      webhook_secret: 'hook-secret-1',
    });
    // The secrets are gone from the form once saved.
    await waitFor(() =>
      expect((within(form).getByLabelText('Key Secret') as HTMLInputElement).value).toBe(''),
    );
  });

  it('names a malformed key id beside its field and sends nothing', async () => {
    const sent = fakeApi({ 'GET /api/admin/payment-gateway/': base });
    renderInBackOffice(<GatewayCard slug={TEST_SHOP.slug} />);
    const form = await screen.findByRole('form', { name: 'Razorpay keys' });
    fireEvent.change(within(form).getByLabelText('Key Id'), { target: { value: 'pk_live_1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check and connect' }));
    expect(
      await within(form).findByText('A Razorpay key id looks like rzp_live_… or rzp_test_…'),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('lists what the settlement reconciliation found, when connected', async () => {
    fakeApi({
      'GET /api/admin/payment-gateway/': {
        ...base,
        connected: true,
        provider: 'RAZORPAY',
        mode: 'LIVE',
        key_id: 'rzp_live_Abc123',
        verified_at: '2026-12-07T10:00:00.000Z',
      },
      'GET /api/admin/payment-gateway/mismatches/': {
        reconciled_through: '2026-12-06',
        mismatches: [
          {
            kind: 'CAPTURED_NOT_PAID',
            gateway_payment_id: 'pay_Q1',
            order_id: 'o1',
            order_number: 'ORD-1042',
            gateway_amount: 499,
            our_amount: 499,
            settlement_id: 'setl_X1',
            found_at: '2026-12-07T00:00:00.000Z',
          },
        ],
      },
    });
    renderInBackOffice(<GatewayCard slug={TEST_SHOP.slug} />);
    const list = await screen.findByRole('region', { name: 'Settlement reconciliation' });
    expect(within(list).getByText('Settlements checked through 2026-12-06.', { exact: false })).toBeTruthy();
    expect(within(list).getByText('Paid at the gateway, order not marked paid')).toBeTruthy();
    expect(within(list).getByText(/ORD-1042/).textContent).toContain('settlement setl_X1');
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { SHOPS } from '../../test/forms.ts';
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

const connected = {
  ...base,
  connected: true,
  provider: 'RAZORPAY',
  mode: 'LIVE',
  key_id: 'rzp_live_Abc123',
  verified_at: '2026-12-07T10:00:00.000Z',
};
const capturedNotPaid = {
  id: '0b6f9d4e-8c3a-4f21-9e57-1a2b3c4d5e6f',
  kind: 'CAPTURED_NOT_PAID',
  gateway_payment_id: 'pay_Q1',
  gateway_refund_id: null,
  order_id: 'o1',
  order_number: 'ORD-1042',
  gateway_amount: 499,
  our_amount: 499,
  settlement_id: 'setl_X1',
  found_at: '2026-12-07T00:00:00.000Z',
  resolved_at: null as string | null,
  resolved_by: null as string | null,
  resolved_note: null as string | null,
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('GatewayCard (Settings → Online payments)', () => {
  it('shows where to find the keys and the webhook URL, and connects with the three values', async () => {
    const sent = fakeApi({
      'GET /api/admin/payment-gateway/': base,
      'GET /api/admin/payment-gateway/mismatches/': {
        reconciled_through: null,
        mismatches: [],
        open_count: 0,
      },
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
      'GET /api/admin/payment-gateway/': connected,
      'GET /api/admin/payment-gateway/mismatches/': {
        reconciled_through: '2026-12-06',
        mismatches: [capturedNotPaid],
        open_count: 1,
      },
    });
    renderInBackOffice(<GatewayCard slug={TEST_SHOP.slug} />);
    const list = await screen.findByRole('region', { name: 'Settlement reconciliation' });
    expect(within(list).getByText('Settlements checked through 2026-12-06.', { exact: false })).toBeTruthy();
    expect(within(list).getByText('Paid at the gateway, order not marked paid')).toBeTruthy();
    expect(within(list).getByText(/ORD-1042/).textContent).toContain('settlement setl_X1');
    expect(within(list).getByRole('button', { name: 'Open (1)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('marks a mismatch resolved with a note, after asking; it then shows under Resolved', async () => {
    let resolved: typeof capturedNotPaid | null = null;
    const sent = fakeApi({
      ...SHOPS,
      'GET /api/admin/payment-gateway/': connected,
      [`POST /api/admin/payment-gateway/mismatches/${capturedNotPaid.id}/resolve/`]: (body: unknown) => {
        resolved = {
          ...capturedNotPaid,
          resolved_at: '2026-12-07T11:00:00.000Z',
          resolved_by: 'Asha Rao',
          resolved_note: (body as { note: string }).note,
        };
        return resolved;
      },
    });
    // The list answers by its status filter (the fake API sees paths only): open before the note, resolved after.
    const inner = globalThis.fetch;
    const asked: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname !== '/api/admin/payment-gateway/mismatches/') return inner(input, init);
      asked.push(url.search);
      const wanted = url.searchParams.get('status');
      const data = {
        reconciled_through: '2026-12-06',
        mismatches: wanted === 'resolved' ? (resolved ? [resolved] : []) : resolved ? [] : [capturedNotPaid],
        open_count: resolved ? 0 : 1,
      };
      return new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    renderInBackOffice(<GatewayCard slug={TEST_SHOP.slug} />);
    const list = await screen.findByRole('region', { name: 'Settlement reconciliation' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Mark resolved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this mismatch resolved?' });
    // A note is required: nothing is sent without one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(dialog).findByText(/Say what was done about it/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('What was done about it'), {
      target: { value: 'Marked ORD-1042 paid after checking the bank' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await within(list).findByText('Everything matched.', { exact: false });
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      note: 'Marked ORD-1042 paid after checking the bank',
    });
    expect(within(list).getByRole('button', { name: 'Open (0)' })).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Resolved' }));
    await within(list).findByText(/Resolved by Asha Rao/);
    expect(within(list).getByText(/Marked ORD-1042 paid after checking the bank/)).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Mark resolved' })).toBeNull();
    expect(asked).toContain('?status=resolved');
  });
});

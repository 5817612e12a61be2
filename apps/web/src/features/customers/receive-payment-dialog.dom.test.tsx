import { type CustomerDetail, khataPaymentBody } from '@haat/contracts';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, openDialog, press, refusal, SHOPS, writes } from '../../test/forms.ts';
import { ReceivePaymentDialog } from './receive-payment-dialog.tsx';

/* The khata's Receive payment dialog: the shared schema refuses before sending; a payment above the balance comes
   back with the server's question and is sent again, kept as an advance, only when the person says so. */

const customer: CustomerDetail = {
  id: '3c9a1b2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Ravi Kumar',
  phone: '9876543210',
  email: null,
  online: false,
  orders_count: 3,
  lifetime_value: 1450,
  last_visit: '2026-12-01T10:00:00.000Z',
  balance: 250.5,
  credit_limit: 5000,
  address: null,
  gst_number: null,
  credit_left: 4749.5,
  orders: [],
  khata: [],
};
const PAY = `POST /api/admin/customer/${customer.id}/payment/`;

/** The server's 409 for a payment above what is owed (the words khata.service writes). */
const ADVANCE_MESSAGE =
  "Ravi Kumar's balance is ₹250.50: ₹49.50 of this payment would be kept as an advance, to be used on their next purchases on khata. Keep it as an advance?";
const advanceRefusal = refusal(409, ADVANCE_MESSAGE, {
  reason: 'ADVANCE_NOT_CONFIRMED',
  issues: [{ path: 'amount', message: ADVANCE_MESSAGE }],
  details: { balance: 250.5, advance: 49.5 },
});
const recorded = (balance: number) => ({
  entry: {
    id: 'e1',
    kind: 'PAYMENT',
    amount: -300,
    balance_after: balance,
    order_id: null,
    order_number: null,
    method: 'CASH',
    reference: null,
    note: null,
    created_at: '2026-12-07T10:00:00.000Z',
  },
  balance,
  settled_orders: [],
});

const open = (onClose = () => {}) =>
  openDialog(<ReceivePaymentDialog open c={customer} onClose={onClose} />, 'Receive payment');

cleanUpEach();

describe('ReceivePaymentDialog (khata)', () => {
  it('opens with the balance owed as the amount and says whose khata it is', async () => {
    fakeApi(SHOPS);
    const dialog = await open();
    expect(dialog.textContent).toContain('Ravi Kumar · balance ₹250.50');
    expect(field(dialog, 'Amount').value).toBe('250.5');
    // Cash needs no reference; the other methods ask for one.
    expect(within(dialog).queryByLabelText(/Reference/)).toBeNull();
    fill(dialog, 'Paid by', 'UPI');
    expect(within(dialog).getByLabelText('Reference (UTR, card slip or bank reference)')).toBeTruthy();
  });

  it('keeps a typed minus sign and refuses it with the schema’s message, sending nothing', async () => {
    const sent = fakeApi(SHOPS);
    const dialog = await open();
    const amount = field(dialog, 'Amount');
    fill(dialog, 'Amount', '-100');
    expect(amount.value).toBe('-100');
    press(dialog, 'Record payment');
    const message = khataPaymentBody.safeParse({ amount: -100, method: 'CASH' }).error?.issues[0]?.message;
    expect(message).toBe('amount must be more than ₹0');
    expect(await within(dialog).findByText(message as string)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fill(dialog, 'Amount', '');
    press(dialog, 'Record payment');
    expect(await within(dialog).findByText('amount is required')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('sends the amount as a number with the method and trimmed reference, then closes', async () => {
    const sent = fakeApi({ ...SHOPS, [PAY]: recorded(0) });
    let closed = 0;
    const dialog = await open(() => closed++);
    fill(dialog, 'Paid by', 'BANK');
    fill(dialog, /Reference/, '  NEFT-8841 ');
    press(dialog, 'Record payment');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent)).toEqual([
      { method: 'POST', path: PAY.slice(5), body: { amount: 250.5, method: 'BANK', reference: 'NEFT-8841' } },
    ]);
  });

  it('asks before keeping an excess as an advance, and sends it again confirmed only on Keep', async () => {
    const sent = fakeApi({
      ...SHOPS,
      [PAY]: (body: unknown) =>
        (body as { confirm_advance?: boolean }).confirm_advance ? recorded(-49.5) : advanceRefusal,
    });
    let closed = 0;
    const dialog = await open(() => closed++);
    fill(dialog, 'Amount', '300');
    press(dialog, 'Record payment');
    const question = await within(dialog).findByRole('alert');
    expect(question.textContent).toContain(ADVANCE_MESSAGE);
    expect(closed).toBe(0);
    expect(writes(sent)).toHaveLength(1);
    press(question, 'Keep ₹49.50 as an advance');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent).map((r) => r.body)).toEqual([
      { amount: 300, method: 'CASH' },
      { amount: 300, method: 'CASH', confirm_advance: true },
    ]);
  });

  it('shows a refusal the server names on the amount beside the field', async () => {
    const message = 'amount is too large';
    fakeApi({
      ...SHOPS,
      [PAY]: refusal(400, 'Invalid request', { issues: [{ path: 'amount', message }] }),
    });
    const dialog = await open();
    press(dialog, 'Record payment');
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(field(dialog, 'Amount').getAttribute('aria-invalid')).toBe('true');
  });
});

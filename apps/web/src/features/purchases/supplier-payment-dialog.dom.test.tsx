import { supplierPaymentBody } from '@haat/contracts';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom.tsx';
import {
  cleanUpEach,
  field,
  fill,
  issue,
  openDialog,
  press,
  refusal,
  SHOPS,
  writes,
} from '../../test/forms.ts';
import { SUPPLIER } from './purchases.test-data.ts';
import { SupplierPaymentDialog } from './supplier-payment-dialog.tsx';

/* Record a payment to a supplier: the shared schema's refusals on their fields, cash from the drawer only for cash,
   and the advance question the server asks for a payment above what is owed. */

const supplier = SUPPLIER;
const PAY = 'POST /api/admin/supplier-payment/';
const ADVANCE_MESSAGE =
  'Shah Traders is owed ₹2,000.00: paying ₹2,500.00 leaves ₹500.00 as an advance. Confirm to keep it as an advance.';
const aboveBalance = refusal(409, ADVANCE_MESSAGE, {
  reason: 'ABOVE_BALANCE',
  issues: [{ path: 'amount', message: 'More than the balance of ₹2,000.00' }],
  details: { balance: 2000, advance: 500 },
});
const paid = (body: unknown, balance: number) => {
  const b = body as { amount: number; method: 'CASH' | 'UPI' | 'BANK'; paid_on: string };
  return {
    payment: {
      id: 'p1',
      supplier_id: supplier.id,
      bill_id: null,
      amount: b.amount,
      method: b.method,
      paid_on: b.paid_on,
      reference: null,
      note: null,
      from_register: false,
      created_at: '2026-12-07T10:00:00.000Z',
    },
    balance,
  };
};

const open = (onClose = () => {}, billId?: string) =>
  openDialog(<SupplierPaymentDialog s={supplier} billId={billId} open onClose={onClose} />, 'Record payment');

cleanUpEach();

describe('SupplierPaymentDialog', () => {
  it('opens with what is owed, paid by UPI today, and offers the cash drawer only for cash', async () => {
    fakeApi(SHOPS);
    const dialog = await open();
    expect(dialog.textContent).toContain('Shah Traders · balance ₹2,000.00');
    expect(field(dialog, 'Amount').value).toBe('2000');
    expect(field(dialog, 'Paid by').value).toBe('UPI');
    expect(field(dialog, 'Paid on').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fill(dialog, 'Paid by', 'CASH');
    expect(
      within(dialog).getByRole('checkbox', { name: "Paid from the counter's cash drawer" }),
    ).toBeTruthy();
  });

  it('refuses an empty date and a negative amount with the schema’s messages, sending nothing', async () => {
    const sent = fakeApi(SHOPS);
    const dialog = await open();
    fill(dialog, 'Amount', '-50');
    fill(dialog, 'Paid on', '');
    press(dialog, 'Record payment');
    const refused = supplierPaymentBody.safeParse({
      supplier_id: supplier.id,
      amount: -50,
      method: 'UPI',
      paid_on: '',
    });
    const amountMessage = issue(refused, 'amount');
    const dateMessage = issue(refused, 'paid_on');
    expect(amountMessage).toBe('amount must not be negative');
    expect(await within(dialog).findByText(amountMessage)).toBeTruthy();
    expect(within(dialog).getByText(dateMessage)).toBeTruthy();
    expect(field(dialog, 'Paid on').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('sends a cash payment from the drawer for the bill, with its date and reference', async () => {
    const sent = fakeApi({ ...SHOPS, [PAY]: (b: unknown) => paid(b, 800) });
    let closed = 0;
    const billId = '7e6d5c4b-3a2f-4e1d-9c0b-8a7f6e5d4c3b';
    const dialog = await open(() => closed++, billId);
    fill(dialog, 'Amount', '1200');
    fill(dialog, 'Paid by', 'CASH');
    fill(dialog, 'Paid on', '2026-12-05');
    fill(dialog, /Reference/, 'Slip 42');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "Paid from the counter's cash drawer" }));
    press(dialog, 'Record payment');
    await waitFor(() => expect(closed).toBe(1));
    const body = writes(sent)[0]?.body;
    expect(body).toEqual({
      supplier_id: supplier.id,
      bill_id: billId,
      amount: 1200,
      method: 'CASH',
      paid_on: '2026-12-05',
      reference: 'Slip 42',
      from_register: true,
    });
    expect(supplierPaymentBody.safeParse(body).success).toBe(true);
  });

  it('does not take cash from the drawer once the method is no longer cash', async () => {
    const sent = fakeApi({ ...SHOPS, [PAY]: (b: unknown) => paid(b, 0) });
    let closed = 0;
    const dialog = await open(() => closed++);
    fill(dialog, 'Paid by', 'CASH');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fill(dialog, 'Paid by', 'BANK');
    press(dialog, 'Record payment');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent)[0]?.body).toMatchObject({ method: 'BANK', from_register: false, bill_id: null });
  });

  it('asks before keeping the excess as an advance and sends it again confirmed on Keep', async () => {
    const sent = fakeApi({
      ...SHOPS,
      [PAY]: (b: unknown) =>
        (b as { confirm_advance?: boolean }).confirm_advance ? paid(b, -500) : aboveBalance,
    });
    let closed = 0;
    const dialog = await open(() => closed++);
    fill(dialog, 'Amount', '2500');
    press(dialog, 'Record payment');
    const question = await within(dialog).findByRole('alert');
    expect(question.textContent).toContain(ADVANCE_MESSAGE);
    expect(closed).toBe(0);
    press(question, 'Keep ₹500.00 as an advance');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent).map((r) => (r.body as { confirm_advance?: boolean }).confirm_advance)).toEqual([
      undefined,
      true,
    ]);
  });
});

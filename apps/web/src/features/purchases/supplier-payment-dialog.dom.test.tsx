import { type ErrorEnvelope, type SupplierBalance, supplierPaymentBody } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { SupplierPaymentDialog } from './supplier-payment-dialog.tsx';

/* Record a payment to a supplier: the shared schema's refusals on their fields, cash from the drawer only for cash,
   and the advance question the server asks for a payment above what is owed. */

const supplier: SupplierBalance = {
  id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  supplier_name: 'Meena Shah',
  company_name: 'Shah Traders',
  supplier_contact: '9823456780',
  gst_number: null,
  billed: 12_000,
  paid: 10_000,
  balance: 2000,
};
const SHOP = { 'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED' }] };
const PAY = 'POST /api/admin/supplier-payment/';
const ADVANCE_MESSAGE =
  'Shah Traders is owed ₹2,000.00: paying ₹2,500.00 leaves ₹500.00 as an advance. Confirm to keep it as an advance.';
const aboveBalance: [number, ErrorEnvelope] = [
  409,
  {
    success: false,
    message: ADVANCE_MESSAGE,
    error: {
      code: 'CONFLICT',
      reason: 'ABOVE_BALANCE',
      issues: [{ path: 'amount', message: 'More than the balance of ₹2,000.00' }],
      details: { balance: 2000, advance: 500 },
    },
  },
];
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

async function open(onClose = () => {}, billId?: string) {
  renderInBackOffice(<SupplierPaymentDialog s={supplier} billId={billId} open onClose={onClose} />);
  return screen.findByRole('dialog', { name: 'Record payment' });
}
const field = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;
const posts = (sent: ReturnType<typeof fakeApi>) => sent.filter((r) => r.method === 'POST');

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('SupplierPaymentDialog', () => {
  it('opens with what is owed, paid by UPI today, and offers the cash drawer only for cash', async () => {
    fakeApi(SHOP);
    const dialog = await open();
    expect(dialog.textContent).toContain('Shah Traders · balance ₹2,000.00');
    expect(field(dialog, 'Amount').value).toBe('2000');
    expect(field(dialog, 'Paid by').value).toBe('UPI');
    expect(field(dialog, 'Paid on').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.change(field(dialog, 'Paid by'), { target: { value: 'CASH' } });
    expect(
      within(dialog).getByRole('checkbox', { name: "Paid from the counter's cash drawer" }),
    ).toBeTruthy();
  });

  it('refuses an empty date and a negative amount with the schema’s messages, sending nothing', async () => {
    const sent = fakeApi(SHOP);
    const dialog = await open();
    fireEvent.change(field(dialog, 'Amount'), { target: { value: '-50' } });
    fireEvent.change(field(dialog, 'Paid on'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const issues = supplierPaymentBody.safeParse({
      supplier_id: supplier.id,
      amount: -50,
      method: 'UPI',
      paid_on: '',
    }).error?.issues;
    const amountMessage = issues?.find((i) => i.path[0] === 'amount')?.message as string;
    const dateMessage = issues?.find((i) => i.path[0] === 'paid_on')?.message as string;
    expect(amountMessage).toBe('amount must not be negative');
    expect(await within(dialog).findByText(amountMessage)).toBeTruthy();
    expect(within(dialog).getByText(dateMessage)).toBeTruthy();
    expect(field(dialog, 'Paid on').getAttribute('aria-invalid')).toBe('true');
    expect(posts(sent)).toEqual([]);
  });

  it('sends a cash payment from the drawer for the bill, with its date and reference', async () => {
    const sent = fakeApi({ ...SHOP, [PAY]: (b: unknown) => paid(b, 800) });
    let closed = 0;
    const billId = '7e6d5c4b-3a2f-4e1d-9c0b-8a7f6e5d4c3b';
    const dialog = await open(() => closed++, billId);
    fireEvent.change(field(dialog, 'Amount'), { target: { value: '1200' } });
    fireEvent.change(field(dialog, 'Paid by'), { target: { value: 'CASH' } });
    fireEvent.change(field(dialog, 'Paid on'), { target: { value: '2026-12-05' } });
    fireEvent.change(field(dialog, /Reference/), { target: { value: 'Slip 42' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "Paid from the counter's cash drawer" }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(closed).toBe(1));
    const body = posts(sent)[0]?.body;
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
    const sent = fakeApi({ ...SHOP, [PAY]: (b: unknown) => paid(b, 0) });
    let closed = 0;
    const dialog = await open(() => closed++);
    fireEvent.change(field(dialog, 'Paid by'), { target: { value: 'CASH' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.change(field(dialog, 'Paid by'), { target: { value: 'BANK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(posts(sent)[0]?.body).toMatchObject({ method: 'BANK', from_register: false, bill_id: null });
  });

  it('asks before keeping the excess as an advance and sends it again confirmed on Keep', async () => {
    const sent = fakeApi({
      ...SHOP,
      [PAY]: (b: unknown) =>
        (b as { confirm_advance?: boolean }).confirm_advance ? paid(b, -500) : aboveBalance,
    });
    let closed = 0;
    const dialog = await open(() => closed++);
    fireEvent.change(field(dialog, 'Amount'), { target: { value: '2500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const question = await within(dialog).findByRole('alert');
    expect(question.textContent).toContain(ADVANCE_MESSAGE);
    expect(closed).toBe(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Keep ₹500.00 as an advance' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(posts(sent).map((r) => (r.body as { confirm_advance?: boolean }).confirm_advance)).toEqual([
      undefined,
      true,
    ]);
  });
});

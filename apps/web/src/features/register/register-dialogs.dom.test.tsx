import {
  closeRegisterBody,
  openRegisterBody,
  type RegisterReport,
  type RegisterSession,
  registerMovementBody,
} from '@haat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, issue, press, refusal, SHOPS, writes } from '../../test/forms.ts';
import { CloseRegisterDialog } from './close-dialog.tsx';
import { MovementDialog, OpenRegisterDialog } from './register-dialogs.tsx';

/* The day at the counter: open with a float, cash in and out with a reason, close with a blind count (an amount,
   or notes and coins), each refused by the shared schema on its field before anything is sent. */

const session: RegisterSession = {
  id: '8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a',
  register_name: 'Counter 1',
  cashier_id: '0b7e3f1a-2c4d-4e6f-8a1b-3c5d7e9f1a2b',
  cashier_name: 'Asha Rao',
  status: 'OPEN',
  opened_at: '2026-12-07T03:30:00.000Z',
  opening_float: 1000,
  closed_at: null,
  closed_by_name: null,
  expected: null,
  counted: null,
  difference: null,
  close_note: null,
};
const line = (amount: number, count: number) => ({ amount, count });
const closedReport = (counted: number): RegisterReport => ({
  shop_name: TEST_SHOP.store_name,
  session: {
    ...session,
    status: 'CLOSED',
    closed_at: '2026-12-07T15:30:00.000Z',
    closed_by_name: 'Asha Rao',
    expected: 3450,
    counted,
    difference: counted - 3450,
  },
  figures: {
    opening_float: 1000,
    cash_sales: line(2650, 7),
    cash_refunds: line(0, 0),
    khata_received: line(0, 0),
    cash_in: line(0, 0),
    cash_out: line(200, 1),
    expenses: line(0, 0),
    supplier_payments: line(0, 0),
    expected: 3450,
  },
  movements: [],
});

cleanUpEach();

describe('OpenRegisterDialog', () => {
  it('asks for the float (the schema’s words) and opens Counter 1 with it', async () => {
    const sent = fakeApi({ ...SHOPS, 'POST /api/admin/register/open/': session });
    let closed = 0;
    renderInBackOffice(<OpenRegisterDialog open onClose={() => closed++} />);
    const dialog = await screen.findByRole('dialog', { name: 'Open register' });
    expect(field(dialog, 'Register').value).toBe('Counter 1');
    press(dialog, 'Open register');
    const required = issue(openRegisterBody.safeParse({}), 'opening_float');
    expect(required).toBe('Opening float is required');
    expect(await within(dialog).findByText(required)).toBeTruthy();
    fill(dialog, 'Opening float', '-500');
    press(dialog, 'Open register');
    expect(await within(dialog).findByText('Opening float cannot be negative')).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    fill(dialog, 'Opening float', '1000');
    press(dialog, 'Open register');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent).map((r) => r.body)).toEqual([{ register_name: 'Counter 1', opening_float: 1000 }]);
  });

  it('shows the server’s refusal above the form when it names no field', async () => {
    const words = 'You already have Counter 1 open';
    fakeApi({ ...SHOPS, 'POST /api/admin/register/open/': refusal(409, words) });
    renderInBackOffice(<OpenRegisterDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Open register' });
    fill(dialog, 'Opening float', '0');
    press(dialog, 'Open register');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(words);
  });
});

describe('MovementDialog', () => {
  it('wants a reason of 3 characters and an amount above ₹0 before recording cash out', async () => {
    const movementPath = `/api/admin/register/${session.id}/movement/`;
    const sent = fakeApi({
      ...SHOPS,
      [`POST ${movementPath}`]: {
        id: 'm1',
        kind: 'OUT',
        amount: 200,
        reason: 'Tea and snacks',
        created_at: '2026-12-07T09:00:00.000Z',
        created_by_name: 'Asha Rao',
      },
    });
    let closed = 0;
    renderInBackOffice(<MovementDialog session={session} kind="OUT" open onClose={() => closed++} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cash out' });
    fill(dialog, 'Amount', '0');
    fill(dialog, 'Reason', 'Te');
    press(dialog, 'Record cash out');
    const refused = registerMovementBody.safeParse({ kind: 'OUT', amount: 0, reason: 'Te' });
    expect(await within(dialog).findByText(issue(refused, 'amount'))).toBeTruthy();
    expect(within(dialog).getByText(issue(refused, 'reason'))).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    fill(dialog, 'Amount', '200');
    fill(dialog, 'Reason', 'Tea and snacks');
    press(dialog, 'Record cash out');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent)).toEqual([
      { method: 'POST', path: movementPath, body: { kind: 'OUT', amount: 200, reason: 'Tea and snacks' } },
    ]);
  });
});

describe('CloseRegisterDialog', () => {
  const closePath = `/api/admin/register/${session.id}/close/`;

  it('counts by notes and coins, sends the counts and shows the report with the difference', async () => {
    const sent = fakeApi({ ...SHOPS, [`POST ${closePath}`]: closedReport(3430) });
    renderInBackOffice(<CloseRegisterDialog session={session} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close register' });
    // A blind count: nothing says what the drawer should hold.
    expect(dialog.textContent).not.toContain('Expected');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Count by notes and coins' }));
    expect(within(dialog).queryByLabelText('Counted cash')).toBeNull();
    fill(dialog, 'Number of ₹500', '6');
    fill(dialog, 'Number of ₹200', '2');
    fill(dialog, 'Number of ₹10', '3');
    expect(within(dialog).getByText(/^Counted:/).textContent).toBe('Counted: ₹3,430');
    press(dialog, 'Close register');
    const closed = await screen.findByRole('dialog', { name: 'Counter 1 closed' });
    expect(writes(sent)[0]?.body).toEqual({ denominations: { '500': 6, '200': 2, '10': 3 } });
    expect(closed.textContent).toContain('Expected cash₹3,450');
    expect(closed.textContent).toContain('Short by ₹20');
  });

  it('refuses a negative count of a note on the grid, and sends nothing', async () => {
    const sent = fakeApi({ ...SHOPS, [`POST ${closePath}`]: closedReport(0) });
    renderInBackOffice(<CloseRegisterDialog session={session} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close register' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Count by notes and coins' }));
    fill(dialog, 'Number of ₹500', '-2');
    press(dialog, 'Close register');
    const refused = issue(closeRegisterBody.safeParse({ denominations: { '500': -2 } }), 'denominations');
    expect(refused).toBe('Count cannot be negative');
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('wants the counted cash when not counting by notes', async () => {
    const sent = fakeApi(SHOPS);
    renderInBackOffice(<CloseRegisterDialog session={session} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close register' });
    press(dialog, 'Close register');
    expect(await within(dialog).findByText('Counted cash is required')).toBeTruthy();
    expect(field(dialog, 'Counted cash').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });
});

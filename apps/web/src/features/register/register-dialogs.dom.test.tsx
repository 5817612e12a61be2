import {
  closeRegisterBody,
  openRegisterBody,
  type RegisterReport,
  type RegisterSession,
  registerMovementBody,
} from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { CloseRegisterDialog } from './close-dialog.tsx';
import { MovementDialog, OpenRegisterDialog } from './register-dialogs.tsx';

/* The day at the counter: open with a float, cash in and out with a reason, close with a blind count (an amount,
   or notes and coins), each refused by the shared schema on its field before anything is sent. */

const SHOP = { 'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED' }] };
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
const posts = (sent: ReturnType<typeof fakeApi>) => sent.filter((r) => r.method === 'POST');
const field = (root: HTMLElement, label: string) => within(root).getByLabelText(label) as HTMLInputElement;
const message = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, key: string) =>
  r.error?.issues.find((i) => i.path[0] === key)?.message as string;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('OpenRegisterDialog', () => {
  it('asks for the float (the schema’s words) and opens Counter 1 with it', async () => {
    const sent = fakeApi({ ...SHOP, 'POST /api/admin/register/open/': session });
    let closed = 0;
    renderInBackOffice(<OpenRegisterDialog open onClose={() => closed++} />);
    const dialog = await screen.findByRole('dialog', { name: 'Open register' });
    expect(field(dialog, 'Register').value).toBe('Counter 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open register' }));
    const required = message(openRegisterBody.safeParse({}), 'opening_float');
    expect(required).toBe('Opening float is required');
    expect(await within(dialog).findByText(required)).toBeTruthy();
    fireEvent.change(field(dialog, 'Opening float'), { target: { value: '-500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open register' }));
    expect(await within(dialog).findByText('Opening float cannot be negative')).toBeTruthy();
    expect(posts(sent)).toEqual([]);

    fireEvent.change(field(dialog, 'Opening float'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open register' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(posts(sent).map((r) => r.body)).toEqual([{ register_name: 'Counter 1', opening_float: 1000 }]);
  });

  it('shows the server’s refusal above the form when it names no field', async () => {
    const refusal = 'You already have Counter 1 open';
    fakeApi({
      ...SHOP,
      'POST /api/admin/register/open/': [
        409,
        { success: false, message: refusal, error: { code: 'CONFLICT' } },
      ],
    });
    renderInBackOffice(<OpenRegisterDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Open register' });
    fireEvent.change(field(dialog, 'Opening float'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open register' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
  });
});

describe('MovementDialog', () => {
  it('wants a reason of 3 characters and an amount above ₹0 before recording cash out', async () => {
    const movementPath = `/api/admin/register/${session.id}/movement/`;
    const sent = fakeApi({
      ...SHOP,
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
    fireEvent.change(field(dialog, 'Amount'), { target: { value: '0' } });
    fireEvent.change(field(dialog, 'Reason'), { target: { value: 'Te' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record cash out' }));
    const refused = registerMovementBody.safeParse({ kind: 'OUT', amount: 0, reason: 'Te' });
    expect(await within(dialog).findByText(message(refused, 'amount'))).toBeTruthy();
    expect(within(dialog).getByText(message(refused, 'reason'))).toBeTruthy();
    expect(posts(sent)).toEqual([]);

    fireEvent.change(field(dialog, 'Amount'), { target: { value: '200' } });
    fireEvent.change(field(dialog, 'Reason'), { target: { value: 'Tea and snacks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record cash out' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(posts(sent)).toEqual([
      { method: 'POST', path: movementPath, body: { kind: 'OUT', amount: 200, reason: 'Tea and snacks' } },
    ]);
  });
});

describe('CloseRegisterDialog', () => {
  const closePath = `/api/admin/register/${session.id}/close/`;

  it('counts by notes and coins, sends the counts and shows the report with the difference', async () => {
    const sent = fakeApi({ ...SHOP, [`POST ${closePath}`]: closedReport(3430) });
    renderInBackOffice(<CloseRegisterDialog session={session} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close register' });
    // A blind count: nothing says what the drawer should hold.
    expect(dialog.textContent).not.toContain('Expected');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Count by notes and coins' }));
    expect(within(dialog).queryByLabelText('Counted cash')).toBeNull();
    fireEvent.change(field(dialog, 'Number of ₹500'), { target: { value: '6' } });
    fireEvent.change(field(dialog, 'Number of ₹200'), { target: { value: '2' } });
    fireEvent.change(field(dialog, 'Number of ₹10'), { target: { value: '3' } });
    expect(within(dialog).getByText(/^Counted:/).textContent).toBe('Counted: ₹3,430');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close register' }));
    const closed = await screen.findByRole('dialog', { name: 'Counter 1 closed' });
    expect(posts(sent)[0]?.body).toEqual({ denominations: { '500': 6, '200': 2, '10': 3 } });
    expect(closed.textContent).toContain('Expected cash₹3,450');
    expect(closed.textContent).toContain('Short by ₹20');
  });

  it('refuses a negative count of a note on the grid, and sends nothing', async () => {
    const sent = fakeApi({ ...SHOP, [`POST ${closePath}`]: closedReport(0) });
    renderInBackOffice(<CloseRegisterDialog session={session} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close register' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Count by notes and coins' }));
    fireEvent.change(field(dialog, 'Number of ₹500'), { target: { value: '-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close register' }));
    const refused = message(closeRegisterBody.safeParse({ denominations: { '500': -2 } }), 'denominations');
    expect(refused).toBe('Count cannot be negative');
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(posts(sent)).toEqual([]);
  });

  it('wants the counted cash when not counting by notes', async () => {
    const sent = fakeApi(SHOP);
    renderInBackOffice(<CloseRegisterDialog session={session} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close register' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close register' }));
    expect(await within(dialog).findByText('Counted cash is required')).toBeTruthy();
    expect(field(dialog, 'Counted cash').getAttribute('aria-invalid')).toBe('true');
    expect(posts(sent)).toEqual([]);
  });
});

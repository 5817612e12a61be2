import { type Expense, expenseBody } from '@haat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, issue, press, refusal, SHOPS, writes } from '../../test/forms.ts';
import { ExpenseDialog } from './expense-dialog.tsx';

/* Record or change an expense: react-hook-form with the shared expenseBody as its resolver, so each refusal is the
   contract's words on the field it names; what is sent is what the server reads with the same schema. */

const stored: Expense = {
  id: '2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f',
  category: 'Electricity',
  spent_on: '2026-11-30',
  amount: 2360,
  gst: 360,
  payee: 'MSEDCL',
  payee_gstin: null,
  description: 'November bill',
  method: 'BANK',
  from_register: false,
  receipt_image: null,
  created_by: 'Asha Rao',
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
};
const echo = (body: unknown) => ({ ...stored, ...(body as object) });

function open(expense: Expense | 'new', onClose = () => {}) {
  renderInBackOffice(
    <ExpenseDialog expense={expense} categories={['Rent', 'Packaging']} onClose={onClose} />,
  );
  return screen.findByRole('form', { name: 'Expense' });
}

cleanUpEach();

describe('ExpenseDialog', () => {
  it('names what is missing with the schema’s words on each field, and sends nothing', async () => {
    const sent = fakeApi(SHOPS);
    const form = await open('new');
    expect(screen.getByRole('dialog', { name: 'Record expense' })).toBeTruthy();
    expect(field(form, 'Date').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    press(form, 'Record expense');
    const refused = expenseBody.safeParse({
      category: '',
      spent_on: field(form, 'Date').value,
      method: 'UPI',
    });
    const category = issue(refused, 'category');
    const amount = issue(refused, 'amount');
    expect([category, amount]).toEqual(['Choose a category', 'Amount is required']);
    expect(await within(form).findByText(category)).toBeTruthy();
    expect(within(form).getByText(amount)).toBeTruthy();
    expect(field(form, 'Category').getAttribute('aria-invalid')).toBe('true');
    expect(field(form, 'Amount (GST included)').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('refuses a minus sign and GST above the amount, on their fields', async () => {
    const sent = fakeApi(SHOPS);
    const form = await open('new');
    fill(form, 'Category', 'Packaging');
    fill(form, 'Amount (GST included)', '-50');
    expect(field(form, 'Amount (GST included)').value).toBe('-50');
    press(form, 'Record expense');
    expect(await within(form).findByText('Amount cannot be negative')).toBeTruthy();

    fill(form, 'Amount (GST included)', '100');
    fill(form, 'GST in it (optional)', '120');
    press(form, 'Record expense');
    expect(await within(form).findByText('GST cannot be more than the amount')).toBeTruthy();
    expect(field(form, 'GST in it (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByText('Amount cannot be negative')).toBeNull();
    expect(writes(sent)).toEqual([]);
  });

  it('records a cash expense paid from the drawer, in the shape the schema reads', async () => {
    const sent = fakeApi({ ...SHOPS, 'POST /api/admin/expense/': echo });
    let closed = 0;
    const form = await open('new', () => closed++);
    fill(form, 'Category', 'Packaging');
    fill(form, 'Date', '2026-12-05');
    fill(form, 'Amount (GST included)', '1,180.00');
    fill(form, 'GST in it (optional)', '180');
    fill(form, 'Paid to', 'Boxwala Packaging');
    expect(within(form).queryByRole('checkbox')).toBeNull();
    fill(form, 'Paid by', 'CASH');
    fireEvent.click(within(form).getByRole('checkbox', { name: /Paid from the counter's cash drawer/ }));
    press(form, 'Record expense');
    await waitFor(() => expect(closed).toBe(1));
    const post = writes(sent)[0];
    expect(post?.path).toBe('/api/admin/expense/');
    expect(post?.body).toEqual({
      category: 'Packaging',
      spent_on: '2026-12-05',
      amount: 1180,
      gst: 180,
      payee: 'Boxwala Packaging',
      payee_gstin: null,
      description: null,
      method: 'CASH',
      from_register: true,
      receipt_image: null,
    });
    expect(expenseBody.safeParse(post?.body).success).toBe(true);
  });

  it('opens an expense with its values and saves the change to it', async () => {
    const sent = fakeApi({ ...SHOPS, [`PUT /api/admin/expense/${stored.id}/`]: echo });
    let closed = 0;
    const form = await open(stored, () => closed++);
    expect(screen.getByRole('dialog', { name: 'Edit expense' })).toBeTruthy();
    expect(field(form, 'Category').value).toBe('Electricity');
    expect(field(form, 'Amount (GST included)').value).toBe('2360');
    expect(field(form, 'GST in it (optional)').value).toBe('360');
    fill(form, 'Amount (GST included)', '2478');
    press(form, 'Save expense');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent)).toHaveLength(1);
    expect(writes(sent)[0]).toMatchObject({
      method: 'PUT',
      path: `/api/admin/expense/${stored.id}/`,
      body: { category: 'Electricity', amount: 2478, gst: 360, method: 'BANK', from_register: false },
    });
  });

  it('puts the server’s refusal of the drawer on its checkbox and stays open', async () => {
    const sent = fakeApi({
      ...SHOPS,
      'POST /api/admin/expense/': refusal(
        409,
        'Open a register first: you have no cash drawer open to pay this from',
        {
          reason: 'NO_OPEN_REGISTER',
          issues: [{ path: 'from_register', message: 'You have no register open' }],
        },
      ),
    });
    let closed = 0;
    const form = await open('new', () => closed++);
    fill(form, 'Category', 'Other');
    fill(form, 'Amount (GST included)', '40');
    fill(form, 'Paid by', 'CASH');
    fireEvent.click(within(form).getByRole('checkbox'));
    press(form, 'Record expense');
    expect(await within(form).findByText('You have no register open')).toBeTruthy();
    expect(within(form).getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toHaveLength(1);
    expect(closed).toBe(0);
  });
});

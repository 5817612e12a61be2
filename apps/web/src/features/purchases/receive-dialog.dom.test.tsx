import type { PurchaseOrderDetail } from '@haat/contracts';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, openDialog, press, refusal, SHOPS, writes } from '../../test/forms.ts';
import { receiptAnswer, SUPPLIER_REF } from './purchases.test-data.ts';
import { ReceiveDialog } from './receive-dialog.tsx';

/* Goods received against a purchase order: each line offers what is left to receive at the order's cost, lines
   left at 0 are not sent, and receiving more than ordered is asked about (the server's words) before it is sent. */

const supplier = SUPPLIER_REF;
const orderLine = (id: string, name: string, quantity: number, received: number, cost: number) => ({
  id,
  product_id: `${id.slice(0, -1)}0`,
  variant_id: `${id.slice(0, -1)}1`,
  name,
  variant_label: null,
  sku: null,
  hsn_code: null,
  quantity,
  received_quantity: received,
  unit_cost: cost,
  tax_percentage: 5,
  taxable_amount: quantity * cost,
  tax_amount: quantity * cost * 0.05,
  total: quantity * cost * 1.05,
});
const order: PurchaseOrderDetail = {
  id: '4d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a',
  number: 'PO-0007',
  status: 'SENT',
  supplier,
  expected_on: null,
  taxable_amount: 2700,
  tax_amount: 135,
  total: 2835,
  created_at: '2026-12-01T10:00:00.000Z',
  sent_at: '2026-12-01T10:05:00.000Z',
  note: null,
  lines: [
    orderLine('aaaaaaaa-1111-4111-8111-aaaaaaaaaaa1', 'Assam Tea', 10, 4, 120),
    orderLine('bbbbbbbb-2222-4222-8222-bbbbbbbbbbb1', 'Paper cups', 500, 0, 3),
  ],
  receipts: [],
  bills: [],
  payments: [],
};
const receipt = receiptAnswer('GRN-0003', order);
const OVER =
  'Assam Tea: PO-0007 ordered 10, 4 received so far; receiving 8 is 2 more than ordered. Confirm to receive it anyway.';
const overReceipt = refusal(409, OVER, {
  reason: 'OVER_RECEIPT',
  issues: [{ path: 'lines.0.quantity', message: OVER }],
  details: { line: 0 },
});
const RECEIVE = 'POST /api/admin/goods-receipt/';

const open = (onClose = () => {}) =>
  openDialog(<ReceiveDialog o={order} open onClose={onClose} />, 'Receive goods · PO-0007');

cleanUpEach();

describe('ReceiveDialog (goods receipt against an order)', () => {
  it('offers what is left to receive of each line, at the order’s cost', async () => {
    fakeApi(SHOPS);
    const dialog = await open();
    expect(dialog.textContent).toContain('Ordered 10, received 4 · ₹120.00 each');
    expect(field(dialog, 'Quantity received of Assam Tea').value).toBe('6');
    expect(field(dialog, 'Cost received of Assam Tea').value).toBe('120');
    expect(field(dialog, 'Quantity received of Paper cups').value).toBe('500');
  });

  it('sends only the lines with a quantity, and says so when there are none', async () => {
    const sent = fakeApi({ ...SHOPS, [RECEIVE]: receipt });
    let closed = 0;
    const dialog = await open(() => closed++);
    fill(dialog, 'Quantity received of Assam Tea', '0');
    fill(dialog, 'Quantity received of Paper cups', '');
    press(dialog, 'Receive');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Enter a quantity received on at least one line.',
    );
    expect(writes(sent)).toEqual([]);

    fill(dialog, 'Quantity received of Paper cups', '300');
    fill(dialog, 'Cost received of Paper cups', '₹2.75');
    press(dialog, 'Receive');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent).map((r) => r.body)).toEqual([
      {
        purchase_order_id: order.id,
        lines: [{ purchase_order_line_id: order.lines[1]?.id, quantity: 300, unit_cost: 2.75 }],
      },
    ]);
  });

  it('asks before receiving more than ordered and sends it again confirmed', async () => {
    const sent = fakeApi({
      ...SHOPS,
      [RECEIVE]: (b: unknown) =>
        (b as { confirm_over_receipt?: boolean }).confirm_over_receipt ? receipt : overReceipt,
    });
    let closed = 0;
    const dialog = await open(() => closed++);
    fill(dialog, 'Quantity received of Assam Tea', '8');
    press(dialog, 'Receive');
    const question = await within(dialog).findByRole('alert');
    expect(question.textContent).toContain(OVER);
    expect(closed).toBe(0);
    press(question, 'Receive more than ordered');
    await waitFor(() => expect(closed).toBe(1));
    const bodies = writes(sent).map((r) => r.body as { confirm_over_receipt?: boolean });
    expect(bodies.map((b) => b.confirm_over_receipt)).toEqual([undefined, true]);
    expect(bodies[1]).toMatchObject({ lines: [{ quantity: 8 }, { quantity: 500 }] });
  });

  it('shows the server’s refusal of a line’s cost beside that line, with its message above', async () => {
    const message = 'unit_cost is too large';
    const sent = fakeApi({
      ...SHOPS,
      [RECEIVE]: refusal(400, 'Invalid request', { issues: [{ path: 'lines.0.unit_cost', message }] }),
    });
    const dialog = await open();
    // Assam Tea is left at 0, so Paper cups goes as the first line sent: the refusal is about its cost.
    fill(dialog, 'Quantity received of Assam Tea', '0');
    press(dialog, 'Receive');
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(writes(sent)[0]?.body).toMatchObject({ lines: [{ purchase_order_line_id: order.lines[1]?.id }] });
    const row = field(dialog, 'Cost received of Paper cups').closest('li') as HTMLElement;
    expect(within(row).getByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid request');
  });
});

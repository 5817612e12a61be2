import type { PurchaseProduct } from '@haat/contracts';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom.tsx';
import {
  addFound,
  cleanUpEach,
  field,
  fill,
  openDialog,
  press,
  refusal,
  SHOPS,
  writes,
} from '../../test/forms.ts';
import { receiptAnswer, SUPPLIER } from './purchases.test-data.ts';
import { ReceiveDirectDialog } from './receive-direct-dialog.tsx';

/* Goods that came from a supplier without a purchase order: products found by the search, each added once with its
   cost now, how many and at what cost; the server's refusal of a row's field shown beside that row. */

const supplier = SUPPLIER;
const product = (n: number, name: string, unit_cost: number | null): PurchaseProduct => ({
  product_id: `1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5${n}`,
  variant_id: `9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6${n}`,
  name,
  variant_label: null,
  sku: null,
  unit_cost,
  tax_percentage: 5,
  stock: 10,
});
const tea = product(1, 'Assam Tea', 120);
const cups = product(2, 'Paper cups', null);
const receipt = receiptAnswer('GRN-0004', null);
const RECEIVE = 'POST /api/admin/goods-receipt/';
const routes = { ...SHOPS, 'GET /api/admin/purchase-order/products/': { products: [tea, cups] } };

const open = (onClose = () => {}) =>
  openDialog(<ReceiveDirectDialog s={supplier} open onClose={onClose} />, 'Receive goods without an order');

cleanUpEach();

describe('ReceiveDirectDialog (goods without an order)', () => {
  it('says to add what arrived before anything is sent', async () => {
    const sent = fakeApi({ ...routes, [RECEIVE]: receipt });
    const dialog = await open();
    expect(dialog.textContent).toContain('Shah Traders');
    press(dialog, 'Receive');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Add what arrived: search for a product.',
    );
    expect(writes(sent)).toEqual([]);
  });

  it('adds each product once with its cost now, and sends the rows left (a blank cost left out)', async () => {
    const sent = fakeApi({ ...routes, [RECEIVE]: receipt });
    let closed = 0;
    const dialog = await open(() => closed++);
    await addFound(dialog, 'Assam Tea');
    await addFound(dialog, 'Assam Tea');
    await addFound(dialog, 'Paper cups');
    await addFound(dialog, 'Assam Tea');
    const rows = within(dialog).getByRole('list', { name: 'Goods received' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);
    expect(field(dialog, 'Quantity received of Assam Tea').value).toBe('1');
    expect(field(dialog, 'Cost received of Assam Tea').value).toBe('120');
    expect(field(dialog, 'Cost received of Paper cups').value).toBe('');
    fill(dialog, 'Quantity received of Assam Tea', '12');
    fill(dialog, 'Cost received of Assam Tea', '₹118.50');
    fill(dialog, 'Quantity received of Paper cups', '300');
    press(dialog, 'Remove Assam Tea');
    press(dialog, 'Receive');
    await waitFor(() => expect(closed).toBe(1));
    expect(writes(sent).map((r) => r.body)).toEqual([
      { supplier_id: supplier.id, lines: [{ variant_id: cups.variant_id, quantity: 300 }] },
    ]);
  });

  it('shows the server’s refusal of a row’s quantity beside that row, and its message above', async () => {
    const message = 'quantity must be more than 0';
    fakeApi({
      ...routes,
      [RECEIVE]: refusal(400, 'Invalid request', { issues: [{ path: 'lines.1.quantity', message }] }),
    });
    let closed = 0;
    const dialog = await open(() => closed++);
    await addFound(dialog, 'Assam Tea');
    await addFound(dialog, 'Paper cups');
    fill(dialog, 'Quantity received of Paper cups', '0');
    press(dialog, 'Receive');
    const quantity = field(dialog, 'Quantity received of Paper cups');
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(within(quantity.closest('li') as HTMLElement).getByText(message)).toBeTruthy();
    expect(field(dialog, 'Quantity received of Assam Tea').getAttribute('aria-invalid')).toBe('false');
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid request');
    expect(closed).toBe(0);
  });
});

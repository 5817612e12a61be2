import {
  type PurchaseOrderDetail,
  type PurchaseProduct,
  purchaseOrderBody,
  purchaseTotals,
} from '@haat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from '../../lib/router.tsx';
import { fakeApi, renderInBackOffice } from '../../test/dom.tsx';
import { addFound, cleanUpEach, field, fill, issue, press, SHOPS, writes } from '../../test/forms.ts';
import { PurchaseFormPage } from './purchase-form-page.tsx';
import { SUPPLIER, SUPPLIER_REF } from './purchases.test-data.ts';

/* A new purchase order: a supplier, lines added from the product search, totals worked out as the server will
   (the contracts' purchaseTotals) while typing, and each refusal of the shared schema on the field it names. */

const tea: PurchaseProduct = {
  product_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  variant_id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f',
  name: 'Assam Tea',
  variant_label: '250 g',
  sku: 'TEA-250',
  unit_cost: 120,
  tax_percentage: 5,
  stock: 40,
};
const cups: PurchaseProduct = {
  ...tea,
  product_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  variant_id: '8e7d6c5b-4a3f-4d2e-9f1a-0b9c8d7e6f5a',
  name: 'Paper cups',
  variant_label: null,
  sku: null,
  unit_cost: null,
  tax_percentage: 18,
  stock: 0,
};
const ORDER_ID = '4d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a';
const created = (body: unknown): PurchaseOrderDetail => ({
  id: ORDER_ID,
  number: 'PO-0007',
  status: 'DRAFT',
  supplier: SUPPLIER_REF,
  expected_on: (body as { expected_on: string | null }).expected_on,
  taxable_amount: 0,
  tax_amount: 0,
  total: 0,
  created_at: '2026-12-07T10:00:00.000Z',
  sent_at: null,
  note: null,
  lines: [],
  receipts: [],
  bills: [],
  payments: [],
});

function shopApi() {
  return fakeApi({
    ...SHOPS,
    'GET /api/admin/supplier/': [SUPPLIER],
    'GET /api/admin/purchase-order/products/': { products: [tea, cups] },
    'POST /api/admin/purchase-order/': created,
  });
}
function renderForm() {
  renderInBackOffice(
    <Routes>
      <Route path="/purchases/new" element={<PurchaseFormPage />} />
      <Route path="/purchases/:orderId" element={<p>The order’s page</p>} />
    </Routes>,
    '/purchases/new',
  );
  return screen.findByRole('heading', { name: 'New purchase order' });
}
const add = (name: string) => addFound(document.body, name);
const value = (label: string) => field(document.body, label).value;
const type = (label: string, text: string) => fill(document.body, label, text);

cleanUpEach();

describe('PurchaseFormPage (new purchase order)', () => {
  it('asks for a supplier and a line with the schema’s words, and sends nothing', async () => {
    const sent = shopApi();
    await renderForm();
    press(document.body, 'Create purchase order');
    const refused = purchaseOrderBody.safeParse({ supplier_id: '', lines: [] });
    const lines = issue(refused, 'lines');
    const supplier = issue(refused, 'supplier_id');
    expect(lines).toBe('Add at least one line');
    expect(await screen.findByText(lines)).toBeTruthy();
    expect(screen.getByText(supplier)).toBeTruthy();
    expect(screen.getByLabelText('Supplier').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('adds each product once with its cost and rate, and totals the lines as the server will', async () => {
    shopApi();
    await renderForm();
    await add('Assam Tea');
    await add('Assam Tea');
    await add('Paper cups');
    const lines = screen.getByRole('list', { name: 'Order lines' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(value('Cost of Assam Tea')).toBe('120');
    expect(value('GST rate of Assam Tea')).toBe('5');
    expect(value('Cost of Paper cups')).toBe('');
    type('Quantity of Assam Tea', '10');
    type('Quantity of Paper cups', '500');
    // A third decimal stays as typed (the schema refuses it on sending, naming the field), never cut to 1.25.
    type('Cost of Paper cups', '1.255');
    expect(value('Cost of Paper cups')).toBe('1.255');
    type('Cost of Paper cups', '1.25');
    const t = purchaseTotals([
      { quantity: 10, unitCostPaise: 12_000, taxPercent: 5 },
      { quantity: 500, unitCostPaise: 125, taxPercent: 18 },
    ]);
    expect(t.totalPaise).toBe(199_750);
    expect(screen.getByTestId('po-taxable').textContent).toBe('₹1,825.00');
    expect(screen.getByTestId('po-tax').textContent).toBe('₹172.50');
    expect(screen.getByTestId('po-total').textContent).toBe('₹1,997.50');
    press(document.body, 'Remove Paper cups');
    expect(screen.getByTestId('po-total').textContent).toBe('₹1,260.00');
  });

  it('shows a line’s refused quantity beside that line’s field, and sends nothing', async () => {
    const sent = shopApi();
    await renderForm();
    type('Supplier', SUPPLIER.id);
    await add('Assam Tea');
    type('Quantity of Assam Tea', '0');
    press(document.body, 'Create purchase order');
    const refused = purchaseOrderBody.safeParse({
      supplier_id: SUPPLIER.id,
      lines: [{ variant_id: tea.variant_id, quantity: 0, unit_cost: 120, tax_percentage: 5 }],
    }).error?.issues[0];
    expect(refused?.path).toEqual(['lines', 0, 'quantity']);
    expect(await screen.findByText(refused?.message as string)).toBeTruthy();
    expect(screen.getByLabelText('Quantity of Assam Tea').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('creates the order as the schema reads it and opens its page', async () => {
    const sent = shopApi();
    await renderForm();
    await screen.findByRole('option', { name: 'Shah Traders (Meena Shah)' });
    type('Supplier', SUPPLIER.id);
    type('Expected on', '2026-12-12');
    await add('Assam Tea');
    type('Quantity of Assam Tea', '24');
    type('GST rate of Assam Tea', '12');
    type('Note to the supplier', 'Deliver before noon');
    press(document.body, 'Create purchase order');
    expect(await screen.findByText('The order’s page')).toBeTruthy();
    expect(window.location.pathname).toBe(`/purchases/${ORDER_ID}`);
    const body = writes(sent)[0]?.body;
    expect(body).toEqual({
      supplier_id: SUPPLIER.id,
      expected_on: '2026-12-12',
      note: 'Deliver before noon',
      lines: [{ variant_id: tea.variant_id, quantity: 24, unit_cost: 120, tax_percentage: 12 }],
    });
    await waitFor(() => expect(purchaseOrderBody.safeParse(body).success).toBe(true));
  });
});

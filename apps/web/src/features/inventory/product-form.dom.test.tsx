import { productFormObject } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { ProductForm } from './product-dialog.tsx';

const CATEGORY = { id: '1d2c3b4a-5f6e-4a8b-9c0d-1e2f3a4b5c6d', name: 'Tea', slug: 'tea' };

/** The product API of one shop: its category and units, and a create that answers with what it was sent. */
function shopApi() {
  return fakeApi({
    'GET /api/store/shop/shop/mine/': [
      { ...TEST_SHOP, online_status: 'PUBLISHED', plan: 'basic', has_address: true },
    ],
    'GET /api/admin/category/': [CATEGORY],
    'GET /api/admin/units/': ['pcs', 'kg'],
    'GET /api/admin/supplier/': [],
    'POST /api/admin/product/': (body: unknown) => ({
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      ...(body as object),
    }),
  });
}

const schemaMessage = (field: 'product_price', value: unknown) =>
  productFormObject.shape[field].safeParse(value).error?.issues[0]?.message;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillNewProduct() {
  fill('Product Name', 'Assam Tea 250 g');
  fill('SKU', 'tea-250');
  fill('Cost Price (₹)', '120');
  fill('Selling Price (₹)', '180');
  fill('Stock Qty', '40');
  await screen.findByRole('option', { name: 'Tea' });
  fill('Category', CATEGORY.id);
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('ProductForm', () => {
  it('shows the error the product schema names for a negative selling price, and sends nothing', async () => {
    const sent = shopApi();
    renderInBackOffice(<ProductForm product={null} onSaved={() => {}} onCancel={() => {}} />);
    await fillNewProduct();
    fill('Selling Price (₹)', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Save Product' }));
    const message = schemaMessage('product_price', -5);
    expect(message).toBe('Selling price cannot be negative');
    expect(await screen.findByText(message as string)).toBeTruthy();
    expect(screen.getByLabelText('Selling Price (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("submits the new product to the shop, in the shape the contracts' schema reads", async () => {
    const sent = shopApi();
    const saved: string[] = [];
    renderInBackOffice(
      <ProductForm product={null} onSaved={(p) => saved.push(p.sku ?? '')} onCancel={() => {}} />,
    );
    await fillNewProduct();
    fireEvent.click(screen.getByRole('button', { name: 'Save Product' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/admin/product/');
    // The form sends what was typed (the schema's input); the server reads it with the same schema.
    expect(post?.body).toMatchObject({
      product_name: 'Assam Tea 250 g',
      sku: 'TEA-250',
      original_price: '120',
      product_price: '180',
      discount_price: null,
      product_quantity: '40',
      category_id: CATEGORY.id,
      supplier_id: null,
      images: [],
    });
    const read = productFormObject.safeParse(post?.body);
    expect(read.success).toBe(true);
    expect(read.data).toMatchObject({
      sku: 'TEA-250',
      original_price: 120,
      product_price: 180,
      product_quantity: 40,
      low_stock_threshold: 5,
      tax_percentage: 18,
      hsn_code: null,
    });
    await waitFor(() => expect(saved).toEqual(['TEA-250']));
  });
});

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listDefaults } from '../../lib/list-params.ts';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { HsnWarning } from './hsn-warning.tsx';
import { type InventoryFilters, inventoryParamsSchema } from './inventory-params.ts';
import { StatsTiles } from './stats-tiles.tsx';

const SHOP = {
  'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED', has_address: true }],
};
const stats = (missing_hsn: number) => ({
  total_product: 12,
  in_stock: 10,
  low_stock: 1,
  out_of_stock: 1,
  total_units: 140,
  stock_value: 5400,
  missing_hsn,
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function render(missing: number, filters: Partial<InventoryFilters> = {}) {
  fakeApi({ ...SHOP, 'GET /api/admin/product/stats/': stats(missing) });
  const patches: Partial<InventoryFilters>[] = [];
  const all = { ...listDefaults(inventoryParamsSchema), search: 'chai', ...filters };
  renderInBackOffice(<HsnWarning filters={all} onChange={(p) => patches.push(p)} />);
  return patches;
}

describe('the HSN warning', () => {
  it('counts the products without an HSN code and lists them alone, other filters cleared', async () => {
    const patches = render(3);
    const warning = await screen.findByRole('region', { name: 'Products without an HSN code' });
    expect(warning.textContent).toContain('3 products have no HSN code — GST invoices and GSTR-1 need one.');
    fireEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect(patches).toEqual([
      {
        search: '',
        category: '',
        stock: 'all',
        status: 'ACTIVE',
        updated_from: '',
        updated_to: '',
        missing_hsn: 'true',
      },
    ]);
  });

  it('says one product in the singular, and while they are listed offers the whole list back', async () => {
    const patches = render(1, { missing_hsn: 'true' });
    const warning = await screen.findByRole('region', { name: 'Products without an HSN code' });
    expect(warning.textContent).toContain('1 product has no HSN code');
    expect(warning.textContent).toContain('Open each product and fill in its HSN code.');
    fireEvent.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(patches).toEqual([{ missing_hsn: '' }]);
  });

  it('is not there when every product has a code, once the stats are in', async () => {
    fakeApi({ ...SHOP, 'GET /api/admin/product/stats/': stats(0) });
    renderInBackOffice(
      <>
        <StatsTiles />
        <HsnWarning filters={listDefaults(inventoryParamsSchema)} onChange={() => {}} />
      </>,
    );
    // The tiles read the same stats: once their figure shows, the warning has had its answer too.
    await screen.findByText('12');
    expect(screen.queryByRole('region', { name: 'Products without an HSN code' })).toBeNull();
  });
});

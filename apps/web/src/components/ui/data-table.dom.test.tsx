import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isDisplayed, styleAt } from '../../test/dom.tsx';
import { type Column, DataTable, type TableSort } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';

/* The kit's table: sortable headers that say their order, a selection kept across pages (Select all acts on this
   page only), cards below 640 px built from the same columns, and the caller's empty state when there is nothing. */

interface Order {
  id: string;
  number: string;
  customer: string;
  total: string;
  internal: string;
}
const order = (n: number): Order => ({
  id: `o${n}`,
  number: `ORD-${1000 + n}`,
  customer: `Customer ${n}`,
  total: `₹${n * 100}`,
  internal: `note ${n}`,
});
const columns: Column<Order>[] = [
  { key: 'number', header: 'Order', card: 'title', cell: (o) => o.number, sortable: true },
  { key: 'customer', header: 'Customer', cell: (o) => o.customer, sortable: true },
  { key: 'total', header: 'Total', align: 'right', cell: (o) => o.total },
  { key: 'internal', header: 'Internal note', card: 'hidden', cell: (o) => o.internal },
];

/** Two pages of three orders, sorted and selected by the caller as a list page does. */
function Orders({ rows = [order(1), order(2), order(3)], selected = [] as string[] }) {
  const [sort, setSort] = useState<TableSort>({ key: 'number', direction: 'desc' });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set(selected));
  return (
    <>
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        rowLabel={(o) => o.number}
        sort={sort}
        onSort={(key) =>
          setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }))
        }
        selection={{ selected: picked, onChange: setPicked }}
        actions={(o) => <button type="button">Open {o.number}</button>}
        empty={<EmptyState title="No orders yet" description="Orders appear here when shoppers buy." />}
      />
      <p data-testid="picked">{[...picked].sort().join(',')}</p>
    </>
  );
}
const picked = () => screen.getByTestId('picked').textContent;
const table = () => screen.getByRole('table', { name: 'Orders' });
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(name) });

afterEach(cleanup);

describe('DataTable', () => {
  it('says which column sorts the rows and which way, and asks the caller to sort on a click', () => {
    render(<Orders />);
    expect(header('Order').getAttribute('aria-sort')).toBe('descending');
    expect(header('Customer').getAttribute('aria-sort')).toBe('none');
    expect(header('Total').hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(within(header('Customer')).getByRole('button'));
    expect(header('Customer').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Order').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header('Customer')).getByRole('button'));
    expect(header('Customer').getAttribute('aria-sort')).toBe('descending');
  });

  it('selects rows by name, and Select all acts on this page only, keeping other pages’ picks', () => {
    render(<Orders selected={['o9']} />);
    const all = within(table()).getByRole('checkbox', {
      name: 'Select all rows on this page',
    }) as HTMLInputElement;
    fireEvent.click(within(table()).getByRole('checkbox', { name: 'Select ORD-1002' }));
    expect(picked()).toBe('o2,o9');
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(picked()).toBe('o1,o2,o3,o9');
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    fireEvent.click(all);
    expect(picked()).toBe('o9');
  });

  it('shows cards at 360 px (title, header: value, no hidden column) and the table at 1366 px', async () => {
    render(<Orders />);
    const cards = screen.getByRole('list', { name: 'Orders' });
    const wide = table();
    await styleAt(360);
    expect(isDisplayed(cards)).toBe(true);
    expect(isDisplayed(wide)).toBe(false);
    const first = within(cards).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.textContent).toContain('ORD-1001');
    expect(within(first).getByText('Customer').nextElementSibling?.textContent).toBe('Customer 1');
    expect(within(first).queryByText('note 1')).toBeNull();
    expect(within(first).getByRole('checkbox', { name: 'Select ORD-1001' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Open ORD-1001' })).toBeTruthy();
    await styleAt(1366);
    expect(isDisplayed(cards)).toBe(false);
    expect(isDisplayed(wide)).toBe(true);
    expect(within(wide).getByText('note 1')).toBeTruthy();
  });

  it('shows the caller’s empty state instead of an empty table', () => {
    render(<Orders rows={[]} />);
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByText('Orders appear here when shoppers buy.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

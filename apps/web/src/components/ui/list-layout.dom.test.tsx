import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { isDisplayed, renderAt, styleAt } from '../../test/dom.tsx';
import type { Column } from './data-table.tsx';
import { ListLayout, type ListQueryState } from './list-layout.tsx';

interface Shop {
  id: string;
  name: string;
  city: string;
}
const shops: Shop[] = Array.from({ length: 45 }, (_, i) => ({
  id: `s${i + 1}`,
  name: `Shop ${i + 1}`,
  city: 'Pune',
}));
const columns: Column<Shop>[] = [
  { key: 'name', header: 'Shop', card: 'title', cell: (s) => s.name },
  { key: 'city', header: 'City', cell: (s) => s.city },
];
const loaded: ListQueryState = { data: {}, isPending: false };

/** A list of 45 shops paged by 10, its page in state (a list page keeps it in the address). */
function ShopList({ query = loaded, rows = shops }: { query?: ListQueryState; rows?: Shop[] }) {
  const [page, setPage] = useState(1);
  return (
    <ListLayout
      label="Shop list"
      query={query}
      rows={rows.slice((page - 1) * 10, page * 10)}
      paging={{ page, pageSize: 10, total: rows.length, noun: ['shop', 'shops'], onPage: setPage }}
      table={{ caption: 'Shops', columns, rowKey: (s) => s.id }}
      empty={<p>No shops yet</p>}
      errorText="The shops could not be loaded."
    />
  );
}

afterEach(cleanup);

describe('ListLayout', () => {
  it('shows cards at 360 px and the table at 1366 px, from the same rows', async () => {
    renderAt('/list', <ShopList />);
    const table = screen.getByRole('table');
    const cards = screen.getByRole('list', { name: 'Shops' });
    await styleAt(360);
    expect(isDisplayed(cards)).toBe(true);
    expect(isDisplayed(table)).toBe(false);
    expect(within(cards).getAllByRole('listitem')).toHaveLength(10);
    await styleAt(1366);
    expect(isDisplayed(cards)).toBe(false);
    expect(isDisplayed(table)).toBe(true);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
  });

  it('the pager moves between pages and says which rows show', () => {
    renderAt('/list', <ShopList />);
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 1-10 of 45 shops');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 11-20 of 45 shops');
    expect(within(screen.getByRole('table')).getByText('Shop 11')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 41-45 of 45 shops');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
  });

  it('a list not counted past its page offers the next page while more follow', () => {
    // As the customer search answers a common name: the matches up to this page, and whether more follow.
    function Uncounted() {
      const [page, setPage] = useState(1);
      const more = page < 3;
      const total = more ? page * 10 : 25;
      return (
        <ListLayout
          label="Shop list"
          query={loaded}
          rows={shops.slice((page - 1) * 10, Math.min(page * 10, 25))}
          paging={{ page, pageSize: 10, total, more, noun: ['shop', 'shops'], onPage: setPage }}
          table={{ caption: 'Shops', columns, rowKey: (s) => s.id }}
          empty={<p>No shops yet</p>}
          errorText="The shops could not be loaded."
        />
      );
    }
    renderAt('/list', <Uncounted />);
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 1-10 of more than 10 shops');
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 11-20 of more than 20 shops');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 21-25 of 25 shops');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows the empty state, the error with Try again, and skeletons while loading', () => {
    const { rerender } = renderAt('/list', <ShopList rows={[]} />);
    expect(screen.getByText('No shops yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    let retried = 0;
    const failed: ListQueryState = { isPending: false, isError: true, refetch: () => retried++ };
    rerender(<ShopList rows={[]} query={failed} />);
    expect(screen.getByRole('alert').textContent).toContain('The shops could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);

    rerender(<ShopList rows={[]} query={{ isPending: true }} />);
    expect(screen.queryByText('No shops yet')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/Showing/)).toBeNull();
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPager } from './pager.tsx';
import { Pagination } from './pagination.tsx';

/* The two pagers (the back office's under a server-paged list, the storefront's under a grid) show the same window of
   pages: the first, the last and one either side of the current one, with an ellipsis for each gap. */

/** What the pager's navigation shows, in order: page numbers, '…' for a gap, the current page in brackets. */
function windowShown(nav: HTMLElement) {
  return [...nav.children]
    .filter((el) => el.textContent !== 'Previous' && el.textContent !== 'Next')
    .map((el) => (el.getAttribute('aria-current') === 'page' ? `[${el.textContent}]` : el.textContent));
}

function BackOffice({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <ListPager page={page} pageSize={10} total={total} noun="orders" onPage={setPage} />;
}
function Storefront({ count, start = 1 }: { count: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} pageCount={count} onPage={setPage} />;
}

afterEach(cleanup);

describe('ListPager (back office)', () => {
  it('says which rows show and moves the window of pages with the current one', () => {
    render(<BackOffice total={134} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 1-10 of 134 orders');
    expect(windowShown(nav)).toEqual(['[1]', '2', '…', '14']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(windowShown(nav)).toEqual(['1', '2', '[3]', '4', '…', '14']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 4' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(windowShown(nav)).toEqual(['1', '…', '4', '[5]', '6', '…', '14']);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 41-50 of 134 orders');

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 14' }));
    expect(windowShown(nav)).toEqual(['1', '…', '13', '[14]']);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 131-134 of 134 orders');
    expect(within(nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(windowShown(nav)).toEqual(['1', '…', '12', '[13]', '14']);
  });

  it('writes counts the Indian way and shows one page for an empty list, with both arrows off', () => {
    const { unmount } = render(<BackOffice total={125_000} start={1250} />);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 12,491-12,500 of 1,25,000 orders');
    unmount();
    render(<BackOffice total={0} />);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 0-0 of 0 orders');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(windowShown(nav)).toEqual(['[1]']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(within(nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});

describe('Pagination (storefront)', () => {
  it('is not shown for a single page', () => {
    const { container } = render(<Storefront count={1} />);
    expect(container.textContent).toBe('');
  });

  it('shows the same window as the back office’s pager and moves with Previous and Next', () => {
    render(<Storefront count={7} start={4} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(windowShown(nav)).toEqual(['1', '…', '3', '[4]', '5', '…', '7']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(windowShown(nav)).toEqual(['1', '2', '[3]', '4', '…', '7']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 1' }));
    expect(windowShown(nav)).toEqual(['[1]', '2', '…', '7']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 7' }));
    expect(within(nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DateRange, DateRangeField } from './date-range-field.tsx';
import { FilterBar, FilterSelect } from './filter-bar.tsx';

/* The row of filters above a list: a search box, labelled selects and a date range, and Clear filters only while a
   filter is on. It holds no state; the caller (here a small list of orders) keeps the values. */

type Status = '' | 'PAID' | 'PENDING';
const STATUSES = [
  { value: '', label: 'All' },
  { value: 'PAID', label: 'Paid' },
  { value: 'PENDING', label: 'Pending' },
] as const satisfies readonly { value: Status; label: string }[];
const none: DateRange = { from: '', to: '' };

function OrderFilters() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('');
  const [dates, setDates] = useState<DateRange>(none);
  const active = search !== '' || status !== '' || dates.from !== '' || dates.to !== '';
  return (
    <>
      <FilterBar
        label="Filter orders"
        search={{ value: search, onChange: setSearch, label: 'Search orders', placeholder: 'Name or number' }}
        active={active}
        onClear={() => {
          setSearch('');
          setStatus('');
          setDates(none);
        }}
        actions={<button type="button">Export CSV</button>}
      >
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUSES} />
        <DateRangeField label="Order date" value={dates} onChange={setDates} max="2026-12-31" compact />
      </FilterBar>
      <p data-testid="query">{JSON.stringify({ search, status, ...dates })}</p>
    </>
  );
}
/** The bar: a <search> landmark named by its label. */
const bar = () => screen.getByLabelText('Filter orders', { selector: 'search' });
const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}');
const input = (label: string) => within(bar()).getByLabelText(label) as HTMLInputElement;

afterEach(cleanup);

describe('FilterBar', () => {
  it('is a search region whose controls each carry a visible label, with the caller’s actions', () => {
    render(<OrderFilters />);
    expect(input('Search orders').placeholder).toBe('Name or number');
    expect(within(bar()).getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(within(bar()).getByRole('group', { name: 'Order date' })).toBeTruthy();
    expect(within(bar()).getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('shows Clear filters only while a filter is on, and Clear puts every filter back', () => {
    render(<OrderFilters />);
    expect(within(bar()).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.change(input('Search orders'), { target: { value: 'Ravi' } });
    fireEvent.change(within(bar()).getByRole('combobox', { name: 'Status' }), { target: { value: 'PAID' } });
    fireEvent.change(input('From'), { target: { value: '2026-12-01' } });
    expect(query()).toEqual({ search: 'Ravi', status: 'PAID', from: '2026-12-01', to: '' });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Clear filters' }));
    expect(query()).toEqual({ search: '', status: '', from: '', to: '' });
    expect(input('Search orders').value).toBe('');
    expect(within(bar()).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});

describe('DateRangeField', () => {
  it('keeps To from going before From, and From from going after To or the last day', () => {
    render(<OrderFilters />);
    const from = input('From');
    const to = input('To');
    expect(from.max).toBe('2026-12-31');
    expect(to.max).toBe('2026-12-31');
    fireEvent.change(from, { target: { value: '2026-12-05' } });
    expect(to.min).toBe('2026-12-05');
    fireEvent.change(to, { target: { value: '2026-12-20' } });
    expect(from.max).toBe('2026-12-20');
    expect(query()).toMatchObject({ from: '2026-12-05', to: '2026-12-20' });
  });

  it('marks both days invalid and names the error under the group', () => {
    render(
      <DateRangeField
        label="Period"
        value={{ from: '2026-12-20', to: '2026-12-05' }}
        onChange={() => {}}
        error="from must not be after to"
      />,
    );
    const group = screen.getByRole('group', { name: 'Period' });
    expect(within(group).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(within(group).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    const described = group.getAttribute('aria-describedby') as string;
    expect(document.getElementById(described)?.textContent).toBe('from must not be after to');
  });
});

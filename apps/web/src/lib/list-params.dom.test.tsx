import { ADMIN_ORDER_SORTS, ADMIN_ORDER_STATUS_FILTERS } from '@haat/contracts';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchNow } from '../test/dom.tsx';
import { listParam, useListParams } from './list-params.ts';
import { BrowserRouter } from './router.tsx';

// A list's address as Order Management reads it, from the contracts' own lists of statuses and sorts.
const schema = z.object({
  search: listParam.text(),
  status: listParam.oneOf(ADMIN_ORDER_STATUS_FILTERS, 'all'),
  person: listParam.id(),
  from: listParam.date(),
  sort: listParam.oneOf(ADMIN_ORDER_SORTS, 'date_desc'),
  page: listParam.page(),
});

function listAt(url: string) {
  window.history.replaceState(null, '', url);
  const wrapper = ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>;
  return renderHook(() => useListParams(schema, { pageSize: 10 }), { wrapper });
}

afterEach(cleanup);

describe('useListParams', () => {
  it('reads filters, sort and page from the address, and the query window from the page', () => {
    const id = '3f0c8a52-6c1e-4b8e-9a57-0d2f1b6c7e90';
    const { result } = listAt(
      `/orders?search=asha&status=PENDING&person=${id}&from=2026-11-01&sort=amount_asc&page=3`,
    );
    expect(result.current.values).toEqual({
      search: 'asha',
      status: 'PENDING',
      person: id,
      from: '2026-11-01',
      sort: 'amount_asc',
      page: 3,
    });
    expect(result.current).toMatchObject({ page: 3, limit: 10, offset: 20, active: true });
  });

  it('refuses bad values one by one: each takes its default and the rest still read', () => {
    const { result } = listAt(
      '/orders?status=SHIPPED_TO_MARS&person=42&from=2026-13-45&sort=cheapest&page=-2&search=ok',
    );
    expect(result.current.values).toEqual({
      search: 'ok',
      status: 'all',
      person: '',
      from: '',
      sort: 'date_desc',
      page: 1,
    });
    for (const page of ['0', '2.5', 'two', '']) {
      const { result: r } = listAt(`/orders?page=${page}`);
      expect(r.current.page).toBe(1);
    }
  });

  it('writes changes to the address, leaves defaults out, goes back to page 1 on a filter, and round-trips', () => {
    const { result } = listAt('/orders?page=4&sort=amount_desc&keep=me');
    act(() => result.current.update({ status: 'CANCELLED' }));
    expect(searchNow()).toEqual({ status: 'CANCELLED', sort: 'amount_desc', keep: 'me' });
    act(() => result.current.setPage(2));
    expect(searchNow()).toEqual({ status: 'CANCELLED', sort: 'amount_desc', keep: 'me', page: '2' });
    act(() => result.current.update({ status: 'all', sort: 'date_desc' }));
    expect(searchNow()).toEqual({ keep: 'me' });

    act(() => result.current.update({ search: 'ravi', from: '2026-10-02', sort: 'date_asc' }));
    const written = window.location.search;
    const { result: reread } = listAt(`/orders${written}`);
    expect(reread.current.values).toEqual({ ...result.current.values });
    expect(reread.current.values).toMatchObject({
      search: 'ravi',
      from: '2026-10-02',
      sort: 'date_asc',
      page: 1,
    });
  });

  it('Clear filters puts every filter back and keeps the sort; only filters make the list "active"', () => {
    const { result } = listAt('/orders?search=asha&status=PENDING&sort=amount_asc&page=2');
    expect(result.current.active).toBe(true);
    act(() => result.current.clear());
    expect(searchNow()).toEqual({ sort: 'amount_asc' });
    expect(result.current.active).toBe(false);
    expect(result.current.values.sort).toBe('amount_asc');
  });
});

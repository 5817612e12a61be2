import type { PosStockConflict } from '@haat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice } from '../../test/dom.tsx';
import { cleanUpEach, fill, press, SHOPS, writes } from '../../test/forms.ts';
import { StockConflictsPage } from './index.ts';

/* Stock conflicts (issue 43): the open ones with their counter, receipt and stock; Resolve asks for the counted
   stock (or accept as is), confirms, sends the shared schema's body and reads the list again. */

const conflict = (id: string, over: Partial<PosStockConflict> = {}): PosStockConflict => ({
  id,
  order_id: `o-${id}`,
  order_number: 'I01/26-27/00003',
  receipt_number: 'I01/26-27/00003',
  counter_name: 'Front counter',
  product_id: `p-${id}`,
  variant_id: `v-${id}`,
  name: 'Masala chai 250 g',
  variant_label: null,
  sku: 'CHAI-250',
  quantity_sold: 5,
  stock_after: -3,
  stock_now: -3,
  sold_at: '2026-12-07T10:15:00.000+05:30',
  created_at: '2026-12-07T11:00:00.000Z',
  resolved_at: null,
  resolution: null,
  resolved_by: null,
  note: null,
  ...over,
});
const chai = conflict('c1');
const biscuits = conflict('c2', {
  name: 'Glucose biscuits',
  variant_label: 'Family pack',
  receipt_number: 'I01/26-27/00004',
  quantity_sold: 2,
  stock_after: -1,
  stock_now: -1,
});
const LIST = 'GET /api/admin/pos/conflicts/';
const RESOLVE = `POST /api/admin/pos/conflicts/${chai.id}/resolve/`;

/** The API with the conflicts answered by the `status` asked for (fakeApi keys on the path only). */
function conflictsApi(answer: (status: string) => PosStockConflict[], extra: Record<string, unknown> = {}) {
  let status = 'OPEN';
  const sent = fakeApi({ ...SHOPS, ...extra, [LIST]: () => ({ conflicts: answer(status) }) });
  const fetchApi = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === LIST.slice(4)) status = url.searchParams.get('status') ?? 'OPEN';
    return fetchApi(input, init);
  }) as typeof fetch;
  return sent;
}

/** The list's table (the desktop view) once its rows are in, with `text` in one of them. */
async function tableWith(name: string, text: string | RegExp) {
  const table = await screen.findByRole('table', { name });
  await within(table).findAllByText(text);
  return table;
}

cleanUpEach();

describe('StockConflictsPage', () => {
  it('lists the open conflicts with counter, receipt, units sold and stock', async () => {
    conflictsApi((s) => (s === 'OPEN' ? [chai, biscuits] : []));
    renderInBackOffice(<StockConflictsPage />);
    const list = await tableWith('Stock conflicts to resolve', 'Glucose biscuits · Family pack');
    const row = within(list).getByText('Glucose biscuits · Family pack').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Front counter · I01/26-27/00004');
    expect(row.textContent).toContain('-1');
    expect(within(list).getAllByRole('button', { name: /^Resolve / })).toHaveLength(2);
  });

  it('resolves one with the counted stock after a confirmation, then reads the list again', async () => {
    let resolved = false;
    const sent = conflictsApi((s) => (s === 'OPEN' ? (resolved ? [biscuits] : [chai, biscuits]) : []), {
      [RESOLVE]: () => {
        resolved = true;
        return { conflict: { ...chai, resolution: 'COUNTED', resolved_at: '2026-12-07T12:00:00.000Z' } };
      },
    });
    renderInBackOffice(<StockConflictsPage />);
    press(
      await tableWith('Stock conflicts to resolve', 'Masala chai 250 g'),
      'Resolve Masala chai 250 g (I01/26-27/00003)',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve stock conflict' });
    expect(dialog.textContent).toContain('Masala chai 250 g · sold 5 · stock now -3');
    // Nothing counted: the schema's words, nothing sent.
    press(dialog, 'Review');
    expect(await within(dialog).findByText('Enter the stock you counted')).toBeTruthy();
    fill(dialog, 'Counted stock', '4');
    fill(dialog, 'Note (optional)', ' Recounted after the rush ');
    press(dialog, 'Review');
    expect((await within(dialog).findByText(/becomes 4 \(now -3\)/)).textContent).toContain('adjustment');
    expect(writes(sent)).toEqual([]);
    press(dialog, 'Confirm');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: RESOLVE.slice(5),
        body: { resolution: 'COUNTED', counted_stock: 4, note: 'Recounted after the rush' },
      },
    ]);
    const table = screen.getByRole('table', { name: 'Stock conflicts to resolve' });
    await waitFor(() => expect(within(table).queryByText('Masala chai 250 g')).toBeNull());
    expect(within(table).getByText('Glucose biscuits · Family pack')).toBeTruthy();
  });

  it('accepts as is without a count, and shows who resolved it how under Resolved', async () => {
    const done = conflict('c1', {
      resolution: 'ACCEPTED',
      resolved_by: 'Asha Rao',
      resolved_at: '2026-12-07T12:00:00.000Z',
      note: 'Delivery on its way',
    });
    const sent = conflictsApi((s) => (s === 'OPEN' ? [chai] : [done]), { [RESOLVE]: { conflict: done } });
    renderInBackOffice(<StockConflictsPage />);
    press(await tableWith('Stock conflicts to resolve', 'Masala chai 250 g'), /^Resolve /);
    const dialog = await screen.findByRole('dialog', { name: 'Resolve stock conflict' });
    within(dialog)
      .getByLabelText(/Accept as is/)
      .click();
    expect(within(dialog).queryByLabelText('Counted stock')).toBeNull();
    press(dialog, 'Review');
    expect(await within(dialog).findByText(/stays at -3/)).toBeTruthy();
    press(dialog, 'Confirm');
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toEqual({ resolution: 'ACCEPTED' });
    press(document.body, 'Resolved');
    const list = await tableWith('Resolved stock conflicts', 'Accepted as is');
    expect(list.textContent).toContain('Accepted as is');
    expect(list.textContent).toContain('Asha Rao');
    expect(list.textContent).toContain('“Delivery on its way”');
  });

  it('says so when there is nothing to resolve', async () => {
    conflictsApi(() => []);
    renderInBackOffice(<StockConflictsPage />);
    expect(await screen.findByText('No stock conflicts to resolve')).toBeTruthy();
  });
});

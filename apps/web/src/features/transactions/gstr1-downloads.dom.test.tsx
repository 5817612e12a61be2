import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastLayer } from '../../components/ui/toast-layer.tsx';
import { capturedDownloads, fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { Gstr1Downloads } from './gstr1-downloads.tsx';

const SHOP = {
  'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED', has_address: true }],
};
const FILE = { gstin: '32AAACM1234F1Z5', fp: '122026', b2b: [], hsn: { hsn_b2b: [], hsn_b2c: [] } };
const NO_HSN = "2 lines of the month's documents have no HSN code (issued before one was set)";

const saved = capturedDownloads();
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function render() {
  renderInBackOffice(
    <>
      <Gstr1Downloads month="2026-12" blocked={false} />
      <ToastLayer />
    </>,
  );
}

async function choose(label: string) {
  const menu = await screen.findByRole('button', { name: 'GSTR-1' });
  await waitFor(() => expect(menu.hasAttribute('disabled')).toBe(false));
  fireEvent.click(menu);
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: label }));
}

const fileRequests = (sent: { path: string }[]) => sent.filter((r) => /gstr1\.(json|csv)$/.test(r.path));

describe('GSTR-1 downloads', () => {
  it('lists what to fix before the file and still downloads it when asked', async () => {
    const sent = fakeApi({
      ...SHOP,
      'GET /api/admin/transaction/gstr1/': { file: FILE, problems: [NO_HSN] },
      'GET /api/admin/transaction/gstr1.json': FILE,
    });
    render();
    await choose('GSTR-1 (JSON)');
    const dialog = await screen.findByRole('dialog', {
      name: 'GSTR-1 for December 2026: check before uploading',
    });
    expect(dialog.textContent).toContain(NO_HSN);
    expect(fileRequests(sent)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Download GSTR-1 (JSON) anyway' }));
    await waitFor(() => expect(saved).toEqual(['GSTR1-2026-12.json']));
    expect(fileRequests(sent).map((r) => r.path)).toEqual(['/api/admin/transaction/gstr1.json']);
  });

  it('downloads at once when the month has nothing to fix', async () => {
    const sent = fakeApi({
      ...SHOP,
      'GET /api/admin/transaction/gstr1/': { file: FILE, problems: [] },
      'GET /api/admin/transaction/gstr1.csv': 'section,gstin_of_buyer',
    });
    render();
    await choose('GSTR-1 (CSV)');
    await waitFor(() => expect(saved).toEqual(['GSTR1-2026-12.csv']));
    expect(fileRequests(sent).map((r) => r.path)).toEqual(['/api/admin/transaction/gstr1.csv']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says why a shop without a GSTIN gets no file: the server's message", async () => {
    const message = 'The shop has no GSTIN: add it under Settings, GST, before filing returns.';
    const sent = fakeApi({
      ...SHOP,
      'GET /api/admin/transaction/gstr1/': [
        409,
        { success: false, message, error: { code: 'CONFLICT', details: { reason: 'NO_GSTIN' } } },
      ],
    });
    render();
    await choose('GSTR-1 (JSON)');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fileRequests(sent)).toEqual([]);
    expect(saved).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

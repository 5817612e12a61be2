import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastLayer } from '../../components/ui/toast-layer.tsx';
import { capturedDownloads, fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { Gstr3bButton } from './gstr3b-dialog.tsx';

const SHOP = {
  'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED', has_address: true }],
};
const zero = { iamt: 0, camt: 0, samt: 0, csamt: 0 };
const credit = { iamt: 30, camt: 34.03, samt: 34.02, csamt: 0 };
const FILE = {
  gstin: '32AAACM1234F1Z5',
  ret_period: '122026',
  sup_details: {
    osup_det: { txval: 1150, iamt: 10, camt: 85.5, samt: 85.5, csamt: 0 },
    osup_nil_exmp: { txval: 0, ...zero },
  },
  inter_sup: { unreg_details: [{ pos: '29', txval: 200, iamt: 10 }] },
  itc_elg: {
    itc_avl: [
      { ty: 'IMPG', ...zero },
      { ty: 'IMPS', ...zero },
      { ty: 'ISRC', ...zero },
      { ty: 'ISD', ...zero },
      { ty: 'OTH', ...credit },
    ],
    itc_rev: [
      { ty: 'RUL', ...zero },
      { ty: 'OTH', ...zero },
    ],
    itc_net: credit,
    itc_inelg: [
      { ty: 'RUL', ...zero },
      { ty: 'OTH', ...zero },
    ],
  },
};
const NOT_CLAIMED =
  'Expense of 26-12-2026 to Boxwala Packaging (Packaging): ₹9 GST not claimed, it has no payee GSTIN';
const PREVIEW = {
  ...FILE,
  set_off: {
    rows: [
      { head: 'IGST', tax: 10, from_igst: 10, from_cgst: 0, from_sgst: 0, credit_used: 10, cash: 0 },
      {
        head: 'CGST',
        tax: 85.5,
        from_igst: 20,
        from_cgst: 34.03,
        from_sgst: 0,
        credit_used: 54.03,
        cash: 31.47,
      },
      {
        head: 'SGST',
        tax: 85.5,
        from_igst: 0,
        from_cgst: 0,
        from_sgst: 34.02,
        credit_used: 34.02,
        cash: 51.48,
      },
    ],
    cash_total: 82.95,
    carried_forward: { igst: 0, cgst: 0, sgst: 0 },
  },
  problems: [NOT_CLAIMED],
};

const saved = capturedDownloads();
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

async function open() {
  renderInBackOffice(
    <>
      <Gstr3bButton month="2026-12" blocked={false} />
      <ToastLayer />
    </>,
  );
  const button = await screen.findByRole('button', { name: 'GSTR-3B' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

describe('GSTR-3B dialog', () => {
  it('shows the credit, the cash to pay and what was not claimed, and downloads the JSON', async () => {
    const sent = fakeApi({
      ...SHOP,
      'GET /api/admin/transaction/gstr3b/': PREVIEW,
      'GET /api/admin/transaction/gstr3b.json': FILE,
    });
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'GSTR-3B for December 2026' });
    const net = await screen.findByTestId('gstr3b-itc-net');
    expect(net.textContent).toContain('IGST₹30');
    expect(net.textContent).toContain('CGST₹34.03');
    expect(net.textContent).toContain('SGST₹34.02');
    expect(screen.getByTestId('gstr3b-cash').textContent).toBe('₹82.95');
    expect(dialog.textContent).toContain(NOT_CLAIMED);
    expect(dialog.textContent).toContain('Karnataka (29)');
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(saved).toEqual(['GSTR3B-2026-12.json']));
    expect(sent.filter((r) => r.path.endsWith('gstr3b.json')).length).toBe(1);
  });

  it("says why a shop without a GSTIN gets no dialog: the server's message", async () => {
    const message = 'The shop has no GSTIN: add it under Settings, GST, before filing returns.';
    fakeApi({
      ...SHOP,
      'GET /api/admin/transaction/gstr3b/': [
        409,
        { success: false, message, error: { code: 'CONFLICT', details: { reason: 'NO_GSTIN' } } },
      ],
    });
    await open();
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { type CodSettings, codSettingsBody } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { CodCard } from './cod-card.tsx';

const stored: CodSettings = {
  enabled: true,
  min_order: null,
  max_order: 5000,
  blocked_pins: ['110001'],
  blocked_states: [],
  fee: 0,
  confirm_mode: 'ABOVE',
  confirm_above: 2000,
  confirm_hours: 24,
};

function shopApi() {
  return fakeApi({
    'GET /api/admin/cod-setting/': stored,
    'PUT /api/admin/cod-setting/': (body: unknown) => ({ ...stored, ...(body as object) }),
  });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('CodCard (a settings-card form)', () => {
  it('puts the schema’s message on the field it names and sends nothing', async () => {
    const sent = shopApi();
    renderInBackOffice(<CodCard slug={TEST_SHOP.slug} />);
    const form = await screen.findByRole('form', { name: 'Cash on delivery rules' });
    fireEvent.change(within(form).getByLabelText('Cancel unconfirmed after (hours)'), {
      target: { value: '0' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save COD rules' }));
    const expected = codSettingsBody
      .safeParse({ ...stored, confirm_hours: 0 })
      .error?.issues.find((i) => i.path[0] === 'confirm_hours')?.message;
    expect(expected).toBe('Wait at least 1 hour');
    expect(await within(form).findByText(expected as string)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves the rules as the schema reads them, with Saving... meanwhile', async () => {
    const sent = shopApi();
    renderInBackOffice(<CodCard slug={TEST_SHOP.slug} />);
    const form = await screen.findByRole('form', { name: 'Cash on delivery rules' });
    fireEvent.change(within(form).getByLabelText('COD fee (₹)'), { target: { value: '₹25' } });
    fireEvent.change(within(form).getByLabelText('PIN codes without COD'), {
      target: { value: '110001\n400001\n560001' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save COD rules' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      min_order: null,
      max_order: 5000,
      blocked_pins: ['110001', '400001', '560001'],
      blocked_states: [],
      fee: 25,
      confirm_mode: 'ABOVE',
      confirm_above: 2000,
      confirm_hours: 24,
    });
    expect(codSettingsBody.safeParse(put?.body).success).toBe(true);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save COD rules' })).toBeTruthy());
  });
});

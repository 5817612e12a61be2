import { gstSettingsBody, isValidGstin } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { GstCard } from './gst-card.tsx';

const GOOD = '27AAPFU0939F1ZV';

function shopApi() {
  return fakeApi({
    'GET /api/admin/store-setting/gst/': { gstin: null, legal_name: null, state: 'Maharashtra' },
    'PUT /api/admin/store-setting/gst/': (body: unknown) => ({ ...(body as object), state: 'Maharashtra' }),
  });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('GstCard (a settings-card form)', () => {
  it('refuses a GSTIN whose check digit is wrong with the schema’s message, and sends nothing', async () => {
    const sent = shopApi();
    renderInBackOffice(<GstCard slug={TEST_SHOP.slug} />);
    const form = await screen.findByRole('form', { name: 'GST details' });
    const bad = `${GOOD.slice(0, 14)}W`;
    expect(isValidGstin(bad)).toBe(false);
    fireEvent.change(within(form).getByLabelText('GSTIN'), { target: { value: bad.toLowerCase() } });
    expect((within(form).getByLabelText('GSTIN') as HTMLInputElement).value).toBe(bad);
    fireEvent.click(within(form).getByRole('button', { name: 'Save GST details' }));
    const message = gstSettingsBody.safeParse({ gstin: bad, legal_name: '' }).error?.issues[0]?.message;
    expect(await within(form).findByText(message as string)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves a valid GSTIN with the legal name', async () => {
    const sent = shopApi();
    renderInBackOffice(<GstCard slug={TEST_SHOP.slug} />);
    const form = await screen.findByRole('form', { name: 'GST details' });
    expect(within(form).getByText('Registered in Maharashtra')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('GSTIN'), { target: { value: GOOD } });
    fireEvent.change(within(form).getByLabelText('Legal name (as on the GST certificate)'), {
      target: { value: ' Chai Corner LLP ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save GST details' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      gstin: GOOD,
      legal_name: 'Chai Corner LLP',
    });
  });
});

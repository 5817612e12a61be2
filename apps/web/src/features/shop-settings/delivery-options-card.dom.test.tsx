import { type AdminDeliveryOption, deliveryOptionBody } from '@haat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, issue, press, refusal, writes } from '../../test/forms.ts';
import { DeliveryOptionsCard } from './delivery-options-card.tsx';

/* Checkout's delivery options: each with its price and estimate in words, one recommended, an option added through
   the shared deliveryOptionBody (its words on the field), and a question before one is deleted. */

const option = (id: string, o: Partial<AdminDeliveryOption>): AdminDeliveryOption => ({
  id,
  name: 'Standard',
  estimated_time: '3-5 business days',
  description: '',
  charge: 40,
  free_above: 499,
  honours_free_shipping: true,
  is_recommended: false,
  min_days: 3,
  max_days: 5,
  position: 0,
  active: true,
  created_at: '2026-11-01T10:00:00.000Z',
  ...o,
});
const standard = option('d1', { is_recommended: true });
const express = option('d2', {
  name: 'Express',
  estimated_time: 'Next day',
  charge: 120,
  free_above: null,
  min_days: 1,
  max_days: 1,
  position: 1,
});
const pickup = option('d3', { name: 'Pick up at the shop', charge: 0, free_above: null, position: 2 });
const paused = option('d4', { name: 'Bike courier', active: false, position: 3 });
const base = '/api/admin/delivery-option/';
const echo = (b: unknown) => ({ ...option('d9', {}), ...(b as object) });

async function open(list: AdminDeliveryOption[], more: Record<string, unknown> = {}) {
  const sent = fakeApi({ [`GET ${base}`]: list, [`POST ${base}`]: echo, ...more });
  renderInBackOffice(<DeliveryOptionsCard slug={TEST_SHOP.slug} />);
  return { sent, list: list.length ? await screen.findByRole('list', { name: 'Delivery options' }) : null };
}
const row = (list: HTMLElement, name: string) =>
  within(list).getByText(name, { selector: 'p' }).closest('li') as HTMLElement;

cleanUpEach();

describe('DeliveryOptionsCard', () => {
  it('says there is none yet, for a shop without options', async () => {
    await open([]);
    expect(
      await screen.findByText('No delivery options yet. Add one so shoppers can check out.'),
    ).toBeTruthy();
  });

  it('shows each option’s price and estimate in words, and which one is recommended or not offered', async () => {
    const { list } = await open([standard, express, pickup, paused]);
    const rows = list as HTMLElement;
    expect(row(rows, 'Standard').textContent).toContain('₹40, free above ₹499');
    expect(row(rows, 'Standard').textContent).toContain('Recommended');
    expect(within(row(rows, 'Standard')).queryByRole('button', { name: /Recommend/ })).toBeNull();
    expect(row(rows, 'Express').textContent).toContain('Next day · 1 day');
    expect(row(rows, 'Express').textContent).toContain('₹120');
    expect(row(rows, 'Pick up at the shop').textContent).toContain('FREE');
    expect(row(rows, 'Bike courier').textContent).toContain('Not offered');
    expect(within(row(rows, 'Bike courier')).queryByRole('button', { name: /Recommend/ })).toBeNull();
  });

  it('recommends an option by sending it back whole with is_recommended', async () => {
    const { sent, list } = await open([standard, express], {
      [`PUT ${base}d2/`]: (b: unknown) => ({ ...express, ...(b as object) }),
    });
    press(list as HTMLElement, 'Recommend Express');
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    const put = writes(sent)[0];
    expect(put?.path).toBe(`${base}d2/`);
    expect(put?.body).toMatchObject({ name: 'Express', charge: 120, min_days: 1, is_recommended: true });
    expect(deliveryOptionBody.safeParse(put?.body).success).toBe(true);
  });

  it('adds an option, refusing max days below min days with the schema’s words first', async () => {
    const { sent } = await open([standard]);
    press(document.body, 'Add option');
    const form = await screen.findByRole('form', { name: 'Delivery option' });
    fill(form, 'Name', 'Same day');
    fill(form, 'Estimated time', 'Today by 8 pm');
    fill(form, 'Charge (₹)', '80');
    fill(form, 'Min days', '2');
    fill(form, 'Max days', '1');
    press(form, 'Add option');
    const refused = deliveryOptionBody.safeParse({
      name: 'Same day',
      estimated_time: 'Today by 8 pm',
      charge: 80,
      min_days: 2,
      max_days: 1,
    });
    expect(await within(form).findByText(issue(refused, 'max_days'))).toBeTruthy();
    expect(field(form, 'Max days').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);

    fill(form, 'Min days', '0');
    fill(form, 'Max days', '0');
    press(form, 'Add option');
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toMatchObject({
      name: 'Same day',
      estimated_time: 'Today by 8 pm',
      charge: 80,
      free_above: null,
      min_days: 0,
      max_days: 0,
      active: true,
    });
  });

  it('asks before deleting, and says inside the question when the server refuses', async () => {
    const words = 'Keep at least one delivery option offered';
    const { sent, list } = await open([standard], { [`DELETE ${base}d1/`]: refusal(409, words) });
    press(list as HTMLElement, 'Delete Standard');
    const question = screen.getByRole('dialog', { name: 'Delete delivery option' });
    expect(question.textContent).toContain('Delete Standard? Shoppers will no longer see it.');
    press(question, 'Delete');
    expect((await within(question).findByRole('alert')).textContent).toBe(words);
    expect(writes(sent).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE ${base}d1/`]);
  });
});

import { policyBody, type ShopPolicy } from '@haat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, issue, press, writes } from '../../test/forms.ts';
import { PoliciesCard } from './policies-card.tsx';

/* The shop's policy pages: one tab a page, the template until the shop writes its own, plain text only (the
   shared policyBody's words for HTML), and Reset to template behind a question. */

const page = (kind: ShopPolicy['kind'], title: string, edited = false): ShopPolicy => ({
  kind,
  title,
  body: edited ? `Our own ${title.toLowerCase()}.` : `${title} of Chai Corner (template).`,
  is_template: !edited,
  updated_at: edited ? '2026-12-01T10:00:00.000Z' : null,
});
const policies = [
  page('privacy', 'Privacy policy'),
  page('terms', 'Terms of service'),
  page('refund', 'Refund policy', true),
  page('shipping', 'Shipping policy'),
  page('returns', 'Returns policy'),
];
const base = '/api/admin/store-setting/policies/';
const routes = {
  [`GET ${base}`]: policies,
  [`PUT ${base}privacy/`]: (b: unknown) => ({
    ...page('privacy', 'Privacy policy', true),
    body: (b as { body: string }).body,
    updated_at: '2026-12-07T10:00:00.000Z',
  }),
  [`DELETE ${base}refund/`]: page('refund', 'Refund policy'),
};

async function open() {
  renderInBackOffice(<PoliciesCard slug={TEST_SHOP.slug} />);
  await screen.findByRole('tablist', { name: 'Policy page' });
  return screen.getByRole('form', { name: 'Privacy policy' });
}
const tab = (name: RegExp) => screen.getByRole('tab', { name });

cleanUpEach();

describe('PoliciesCard', () => {
  it('shows one tab a page, the template first, and says which pages are the shop’s own', async () => {
    fakeApi(routes);
    const form = await open();
    expect(screen.getAllByRole('tab')).toHaveLength(5);
    expect(tab(/^Privacy policy$/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/^Refund policy \(edited\)$/)).toBeTruthy();
    expect(form.textContent).toContain('Showing the template');
    expect(field(form, 'Privacy policy text').value).toBe('Privacy policy of Chai Corner (template).');
    expect(within(form).queryByRole('button', { name: 'Reset to template' })).toBeNull();
    const view = within(form).getByRole('link', { name: 'View on your shop' }) as HTMLAnchorElement;
    expect(view.href).toContain(`/store/${TEST_SHOP.slug}/policies/privacy`);
    fireEvent.click(tab(/^Refund policy/));
    const refund = screen.getByRole('form', { name: 'Refund policy' });
    expect(field(refund, 'Refund policy text').value).toBe('Our own refund policy.');
    expect(refund.textContent).toContain('Your own text, saved');
  });

  it('refuses HTML with the schema’s words and sends nothing', async () => {
    const sent = fakeApi(routes);
    const form = await open();
    fill(form, 'Privacy policy text', '<p>We keep your data safe.</p>');
    press(form, 'Save Privacy policy');
    const message = issue(policyBody.safeParse({ body: '<p>We keep your data safe.</p>' }), 'body');
    expect(message).toBe('Use plain text: HTML tags such as <p> are not allowed');
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(field(form, 'Privacy policy text').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('saves the shop’s own text, trimmed as the schema reads it', async () => {
    const sent = fakeApi(routes);
    const form = await open();
    fill(form, 'Privacy policy text', '  ## What we keep\n\nYour name and phone, for your orders.  ');
    press(form, 'Save Privacy policy');
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({
      method: 'PUT',
      path: `${base}privacy/`,
      body: { body: '## What we keep\n\nYour name and phone, for your orders.' },
    });
    const saved = await screen.findByText(/Your own text, saved/);
    expect(saved.closest('form')?.getAttribute('aria-label')).toBe('Privacy policy');
  });

  it('asks before putting the template back, and puts it back only on Reset', async () => {
    const sent = fakeApi(routes);
    await open();
    fireEvent.click(tab(/^Refund policy/));
    const refund = screen.getByRole('form', { name: 'Refund policy' });
    press(refund, 'Reset to template');
    const question = screen.getByRole('dialog', { name: 'Reset the Refund policy?' });
    expect(question.textContent).toContain('Your text is replaced by the template');
    press(question, 'Cancel');
    expect(writes(sent)).toEqual([]);
    press(refund, 'Reset to template');
    press(screen.getByRole('dialog', { name: 'Reset the Refund policy?' }), 'Reset to template');
    await waitFor(() =>
      expect(field(screen.getByRole('form', { name: 'Refund policy' }), 'Refund policy text').value).toBe(
        'Refund policy of Chai Corner (template).',
      ),
    );
    expect(writes(sent).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE ${base}refund/`]);
  });
});

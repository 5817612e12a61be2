import { inviteBody, ROLE_DESCRIPTIONS, type StaffInvite, type StaffList } from '@haat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice } from '../../test/dom.tsx';
import { cleanUpEach, field, fill, press, refusal, SHOPS, writes } from '../../test/forms.ts';
import { StaffCard } from './staff-card.tsx';

/* The owner's Staff card: invite by email with a role (what the role may do said under it), the people with their
   roles, and a question before removing someone. */

const ravi = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const staff: StaffList = {
  members: [
    {
      user_id: '0b7e3f1a-2c4d-4e6f-8a1b-3c5d7e9f1a2b',
      name: 'Asha Rao',
      email: 'asha@example.in',
      role: 'OWNER',
      since: '2026-01-02T00:00:00.000Z',
    },
    {
      user_id: ravi,
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      role: 'CASHIER',
      since: '2026-06-01T00:00:00.000Z',
    },
  ],
  invites: [],
};
const invited = (body: unknown): StaffInvite => ({
  id: 'i1',
  ...(body as { email: string; role: 'PACKER' }),
  created_at: '2026-12-07T10:00:00.000Z',
  expires_at: '2026-12-14T10:00:00.000Z',
});

async function open() {
  renderInBackOffice(<StaffCard />);
  await screen.findByRole('list', { name: 'People' });
  return screen.getByRole('form', { name: 'Invite a person' });
}

cleanUpEach();

describe('StaffCard', () => {
  it('refuses a malformed address with the invite schema’s words and sends nothing', async () => {
    const sent = fakeApi({ ...SHOPS, 'GET /api/admin/staff/': staff });
    const form = await open();
    fill(form, 'Email', 'ravi@example');
    press(form, 'Send invite');
    const message = inviteBody.safeParse({ email: 'ravi@example', role: 'PACKER' }).error?.issues[0]?.message;
    expect(within(form).getByRole('alert').textContent).toBe(message);
    expect(field(form, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('says what the chosen role may do, and sends the address trimmed and in small letters', async () => {
    const sent = fakeApi({
      ...SHOPS,
      'GET /api/admin/staff/': staff,
      'POST /api/admin/staff/invite/': invited,
    });
    const form = await open();
    expect(form.textContent).toContain(`Packer: ${ROLE_DESCRIPTIONS.PACKER}.`);
    fill(form, 'Role', 'MANAGER');
    expect(form.textContent).toContain(`Manager: ${ROLE_DESCRIPTIONS.MANAGER}.`);
    fill(form, 'Email', '  Meena.Shah@Example.IN ');
    press(form, 'Send invite');
    await waitFor(() => expect(field(form, 'Email').value).toBe(''));
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/staff/invite/',
        body: { email: 'meena.shah@example.in', role: 'MANAGER' },
      },
    ]);
    expect(inviteBody.safeParse(writes(sent)[0]?.body).success).toBe(true);
  });

  it('shows the server’s refusal of the address under the form', async () => {
    const words = 'ravi@example.in already works at this shop';
    fakeApi({
      ...SHOPS,
      'GET /api/admin/staff/': staff,
      'POST /api/admin/staff/invite/': refusal(409, 'Conflict', {
        issues: [{ path: 'email', message: words }],
      }),
    });
    const form = await open();
    fill(form, 'Email', 'ravi@example.in');
    press(form, 'Send invite');
    expect((await within(form).findByRole('alert')).textContent).toBe(words);
    expect(field(form, 'Email').value).toBe('ravi@example.in');
  });

  it('lets the owner be, and asks before removing a person, naming them and the shop', async () => {
    const sent = fakeApi({
      ...SHOPS,
      'GET /api/admin/staff/': staff,
      [`DELETE /api/admin/staff/${ravi}/`]: null,
    });
    await open();
    const people = screen.getByRole('list', { name: 'People' });
    const [owner, cashier] = within(people).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(owner).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect((within(cashier).getByLabelText('Role of Ravi Kumar') as HTMLSelectElement).value).toBe('CASHIER');
    press(cashier, 'Remove');
    const question = screen.getByRole('dialog', { name: 'Remove Ravi Kumar?' });
    expect(question.textContent).toContain('Ravi Kumar loses Chai Corner at once; their account stays.');
    press(question, 'Cancel');
    expect(writes(sent)).toEqual([]);
    press(cashier, 'Remove');
    press(screen.getByRole('dialog', { name: 'Remove Ravi Kumar?' }), 'Remove');
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        { method: 'DELETE', path: `/api/admin/staff/${ravi}/`, body: undefined },
      ]),
    );
  });
});

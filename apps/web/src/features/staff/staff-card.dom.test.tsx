import { inviteBody, ROLE_DESCRIPTIONS, type StaffInvite, type StaffList } from '@haat/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInBackOffice, TEST_SHOP } from '../../test/dom.tsx';
import { StaffCard } from './staff-card.tsx';

/* The owner's Staff card: invite by email with a role (what the role may do said under it), the people with their
   roles, and a question before removing someone. */

const SHOP = { 'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED' }] };
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
const writes = (sent: ReturnType<typeof fakeApi>) => sent.filter((r) => r.method !== 'GET');

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('StaffCard', () => {
  it('refuses a malformed address with the invite schema’s words and sends nothing', async () => {
    const sent = fakeApi({ ...SHOP, 'GET /api/admin/staff/': staff });
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ravi@example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    const message = inviteBody.safeParse({ email: 'ravi@example', role: 'PACKER' }).error?.issues[0]?.message;
    expect(within(form).getByRole('alert').textContent).toBe(message);
    expect(within(form).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('says what the chosen role may do, and sends the address trimmed and in small letters', async () => {
    const sent = fakeApi({
      ...SHOP,
      'GET /api/admin/staff/': staff,
      'POST /api/admin/staff/invite/': invited,
    });
    const form = await open();
    expect(form.textContent).toContain(`Packer: ${ROLE_DESCRIPTIONS.PACKER}.`);
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'MANAGER' } });
    expect(form.textContent).toContain(`Manager: ${ROLE_DESCRIPTIONS.MANAGER}.`);
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: '  Meena.Shah@Example.IN ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe(''));
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
    const refusal = 'ravi@example.in already works at this shop';
    fakeApi({
      ...SHOP,
      'GET /api/admin/staff/': staff,
      'POST /api/admin/staff/invite/': [
        409,
        {
          success: false,
          message: 'Conflict',
          error: { code: 'CONFLICT', issues: [{ path: 'email', message: refusal }] },
        },
      ],
    });
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ravi@example.in' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('ravi@example.in');
  });

  it('lets the owner be, and asks before removing a person, naming them and the shop', async () => {
    const sent = fakeApi({
      ...SHOP,
      'GET /api/admin/staff/': staff,
      [`DELETE /api/admin/staff/${ravi}/`]: null,
    });
    await open();
    const people = screen.getByRole('list', { name: 'People' });
    const [owner, cashier] = within(people).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(owner).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect((within(cashier).getByLabelText('Role of Ravi Kumar') as HTMLSelectElement).value).toBe('CASHIER');
    fireEvent.click(within(cashier).getByRole('button', { name: 'Remove' }));
    const question = screen.getByRole('dialog', { name: 'Remove Ravi Kumar?' });
    expect(question.textContent).toContain('Ravi Kumar loses Chai Corner at once; their account stays.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(writes(sent)).toEqual([]);
    fireEvent.click(within(cashier).getByRole('button', { name: 'Remove' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove Ravi Kumar?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        { method: 'DELETE', path: `/api/admin/staff/${ravi}/`, body: undefined },
      ]),
    );
  });
});

import type { StaffRole } from '@haat/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { callAs, lastMail, uniqueEmail } from '../accounts/accounts.test-helpers.ts';

type Vendor = Awaited<ReturnType<typeof demoVendor>>;
export const STAFF_PASSWORD = 'packing-day-7';

/** The invite link mailed to an address (the newest), from the real outbox: its shop and token. */
export async function inviteLink(t: TestApp, to: string) {
  const text = (await lastMail(t, to))?.text ?? '';
  const url = new URL(/(https?:\/\/\S+accept-invite\S+)/.exec(text)?.[1] ?? 'http://x/');
  return { shop: url.searchParams.get('shop') ?? '', token: url.searchParams.get('token') ?? '' };
}

/** The owner invites a new person with a role; they accept by setting a password and are signed in. */
export async function staffMember(t: TestApp, owner: Vendor, shop: { slug: string }, role: StaffRole) {
  const email = uniqueEmail(role.toLowerCase());
  const invited = await owner.call('POST', '/api/admin/staff/invite/', { email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const link = await inviteLink(t, email);
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff-invite/accept/',
    payload: { ...link, first_name: 'Ravi', last_name: role.toLowerCase(), password: STAFF_PASSWORD },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const session = accepted.json().data.session;
  const token = session.access_token as string;
  const call = callAs(t, token, shop.slug);
  return { email, token, userId: session.id as string, session, call };
}

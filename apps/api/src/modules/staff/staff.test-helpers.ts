import type { StaffRole } from '@haat/contracts';
import { schema } from '@haat/db';
import { desc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { uniqueEmail } from '../accounts/accounts.test-helpers.ts';

type Vendor = Awaited<ReturnType<typeof demoVendor>>;
export const STAFF_PASSWORD = 'packing-day-7';

/** The invite link mailed to an address (the newest), from the real outbox: its shop and token. */
export async function inviteLink(t: TestApp, to: string) {
  const [row] = await t.owner
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(sql`${schema.outbox.payload}->>'to' = ${to}`)
    .orderBy(desc(schema.outbox.createdAt))
    .limit(1);
  const text = (row?.payload as { text?: string } | undefined)?.text ?? '';
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
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, slug = shop.slug) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'store-origin': slug },
    });
  return { email, token, userId: session.id as string, session, call };
}

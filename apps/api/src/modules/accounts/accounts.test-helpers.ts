import { schema } from '@haat/db';
import { desc, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';

/** The newest 6-digit code mailed to an address, read from the real outbox. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const [row] = await t.owner
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(sql`${schema.outbox.payload}->>'to' = ${to}`)
    .orderBy(desc(schema.outbox.createdAt))
    .limit(1);
  const text = (row?.payload as { text?: string } | undefined)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let n = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${n++}@example.in`;

export const vendorSignup = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Asha',
  last_name: 'Verma',
  email,
  phone: '9876543210',
  password: 'chai-time-42',
  confirm_password: 'chai-time-42',
  role_name: 'VENDOR',
  terms: true,
  ...extra,
});

/** Lets the next code be requested at once (the 30 s resend wait is real time on the server). */
export async function ageCodes(t: TestApp, seconds = 31) {
  await t.owner.execute(
    sql`update otp_codes set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

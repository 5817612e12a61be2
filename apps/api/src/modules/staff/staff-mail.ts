import { ROLE_DESCRIPTIONS, ROLE_NAMES, type StaffRole } from '@haat/contracts';

import { escapeHtml, layout, para } from '../mail/index.ts';

/** How long an invite link works. */
export const INVITE_DAYS = 7;

/** The invite: who asks, which shop and role, and the one-time link (valid INVITE_DAYS days). */
export function inviteMail(input: { shop: string; role: StaffRole; link: string; inviter: string | null }) {
  const role = ROLE_NAMES[input.role];
  const who = input.inviter ? `${input.inviter} invited you` : 'You are invited';
  const intro = `${who} to help run ${input.shop} on Haat as ${role} (${ROLE_DESCRIPTIONS[input.role].toLowerCase()}).`;
  const after = `The link works once, for ${INVITE_DAYS} days. If you did not expect this, ignore this mail.`;
  return {
    subject: `Join ${input.shop} on Haat as ${role}`,
    text: `${intro}\n\nAccept the invite: ${input.link}\n\n${after}`,
    html: layout(
      'Haat',
      para(intro) +
        `<p style="margin:0 0 14px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#c2410c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">Accept the invite</a></p>` +
        para(after),
    ),
  };
}

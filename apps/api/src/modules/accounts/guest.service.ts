import type { Session } from '@haat/contracts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './accounts.repository.ts';
import {
  codeAnswer,
  enforceCodeLimits,
  mailCode,
  provenCodeHolder,
  type Realm,
  underCodeMailCap,
} from './accounts.service.ts';
import { hashPassword } from './passwords.ts';
import { forgetSessions, issueSession } from './session.service.ts';
import { insertCustomerIfAbsent, lockShopperAccount } from './shopper-accounts.repository.ts';
import { codeHolder, linkToPlatform, rowAfterCode } from './shopper-accounts.service.ts';

/*
 * Guest checkout (issue 40, decision 0031). A guest is a shop's customer row whose email a code proved and that has
 * no password: it signs in with codes only, orders, sees its orders and invoices like any customer of the shop, and
 * becomes one Haat shopper account (decision 0029) when it sets a password. An email that already has an account is
 * never a guest: the code signs that account in at this shop, so its orders stay in one place.
 */

/**
 * Mails a 6-digit sign-in code for a guest checkout at the shop: to the email's row here, or the row of its Haat
 * account at another shop, or to a new unverified guest row with the name given. The same answer for every email,
 * under the same limits as every other code (CODE_ADDRESS_LIMIT per address).
 */
export async function startGuest(
  deps: Deps,
  { realm, email, name, ip }: { realm: Realm; email: string; name: string; ip: string },
) {
  await enforceCodeLimits(deps, realm, email, ip);
  const found = await codeHolder(deps.db, realm, email, 'LOGIN');
  const underMailCap = await underCodeMailCap(deps, realm, email);
  const holder = found ?? (await newGuestRow(deps, realm, email, name));
  if (holder && underMailCap) await mailCode(deps, realm, holder, 'LOGIN');
  return codeAnswer(email);
}

async function newGuestRow(deps: Deps, realm: Realm, email: string, name: string) {
  if (realm.role !== 'CUSTOMER' || !realm.storeId) return null;
  const [first = name, ...rest] = name.trim().split(/\s+/);
  const row = await insertCustomerIfAbsent(deps.db, {
    role: 'CUSTOMER',
    storeId: realm.storeId,
    email,
    firstName: first,
    lastName: rest.join(' '),
  });
  // Another request made it a moment ago.
  return row ?? repo.findUser(deps.db, 'CUSTOMER', realm.storeId, email);
}

/**
 * A guest's code: the session at the shop. A row never verified becomes a guest's (a password chosen in a sign-up
 * that was never verified is dropped: the code proves the email, not who chose it); an email with a verified Haat
 * account gets its own customer row here, linked, and keeps its password.
 */
export async function verifyGuest(
  deps: Deps,
  { realm, email, code, ip }: { realm: Realm; email: string; code: string; ip: string },
): Promise<Session> {
  const holder = await provenCodeHolder(deps, { realm, email, code, purpose: 'LOGIN', ip });
  return deps.db.transaction(async (tx) => {
    let row = await rowAfterCode(tx, realm, holder);
    if (!row.emailVerifiedAt)
      row = (await repo.updateUser(tx, row.id, { emailVerifiedAt: new Date(), passwordHash: null })) ?? row;
    return issueSession(deps, tx, await linkToPlatform(tx, row), false);
  });
}

/**
 * A guest sets a password: their row takes it and becomes (or takes over an unverified) Haat shopper account of the
 * email, so they sign in at every shop with it. Their guest session ends and a new one is answered. A row that has
 * a password already, or an email whose account was verified meanwhile, is refused (409): that account's password
 * is changed only by its owner or a reset.
 */
export async function keepGuestAccount(
  deps: Deps,
  actor: { userId: string; familyId: string },
  password: string,
): Promise<Session> {
  const passwordHash = await hashPassword(password);
  const passwordSet = () =>
    conflict('Your account already has a password. Change it from your profile.', 'PASSWORD_SET');
  const session = await deps.db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, actor.userId);
    if (!user?.emailVerifiedAt || user.role !== 'CUSTOMER') throw notFound('Account not found');
    if (!repo.isGuest(user)) throw passwordSet();
    const account = await lockShopperAccount(tx, user.email);
    if (account?.emailVerifiedAt)
      throw conflict(
        'This email already has a Haat account: sign in with its password, or reset it.',
        'ACCOUNT_EXISTS',
      );
    // Set only while there is none (two taps at once: one wins).
    const withPassword = await repo.setPasswordIfNone(tx, user.id, passwordHash);
    if (!withPassword) throw passwordSet();
    const linked = await linkToPlatform(tx, withPassword);
    await repo.revokeFamily(tx, actor.familyId);
    return issueSession(deps, tx, linked, false);
  });
  forgetSessions(deps, actor.userId);
  return session;
}

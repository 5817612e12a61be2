import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OtpPurpose, Role, Session } from '@haat/contracts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, tooManyRequests, unauthenticated } from '../../lib/errors.ts';
import { countHit, currentHits, enforceLimits } from '../../lib/rate-limit.ts';

import { accountExistsMail, enqueueMail, welcomeMail } from '../mail/index.ts';
import * as repo from './accounts.repository.ts';
import { checkCode, sendCode } from './otp.service.ts';
import { hashPassword } from './passwords.ts';
import { forgetSessions, issueSession } from './session.service.ts';
import {
  checkPassword,
  codeHolder,
  findCodeHolder,
  linkToPlatform,
  rowAfterCode,
  setAccountPassword,
  signedInRow,
  signInAuthority,
  verifiedAccountOf,
} from './shopper-accounts.service.ts';

/** Which accounts an email is looked up among: the platform's, or one shop's customers. */
export interface Realm {
  role: Role;
  storeId: string | null;
  shopName?: string;
}

const realmKey = (r: Realm, email: string) => `${r.role}:${r.storeId ?? '-'}:${email}`;

export interface SignupInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
}

/**
 * Creates an unverified account and mails its code. An email that already has an account gets the same answer
 * (no enumeration): a verified owner is told by mail, an unverified sign-up is refreshed and re-sent its code.
 */
export async function signup(deps: Deps, realm: Realm, input: SignupInput, ip: string) {
  await enforceLimits(deps, [
    { key: `signup:ip:${ip}`, max: deps.config.SIGNUP_ADDRESS_LIMIT, windowSeconds: 3600 },
  ]);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const existing = await repo.findUser(tx, realm.role, realm.storeId, input.email);
    const profile = { firstName: input.first_name, lastName: input.last_name, phone: input.phone };
    // A verified Haat shopper account counts as an account here too: it signs in at every shop (decision 0029).
    const owner = existing?.emailVerifiedAt ? existing : await verifiedAccountOf(tx, realm, input.email);
    if (owner) {
      await enqueueMail(tx, {
        ...accountExistsMail({ to: owner.email, firstName: owner.firstName }),
        storeId: realm.storeId,
      });
      return existing ?? { id: randomUUID(), email: owner.email, role: realm.role };
    }
    const user = existing
      ? await repo.updateUser(tx, existing.id, { ...profile, passwordHash })
      : await repo.insertUser(tx, {
          role: realm.role,
          storeId: realm.storeId,
          email: input.email,
          passwordHash,
          ...profile,
        });
    if (!user) throw new Error('user vanished');
    await sendCode(deps, tx, user, 'VERIFY_EMAIL', realm.shopName).catch((err) => {
      // A repeated sign-up inside the resend wait keeps the code already sent.
      if (!(err instanceof AppError && err.extra.reason === 'RESEND_TOO_SOON')) throw err;
    });
    return user;
  });
  return {
    id: user.id,
    email: user.email,
    role_type: user.role,
    verification_required: true as const,
    resend_after_seconds: 30,
  };
}

/**
 * Sign-in throttling (a lock on the account would let anyone lock its owner out):
 * - per address: 30 attempts in 5 minutes, whatever the accounts;
 * - per account and address: 10 wrong passwords in 15 minutes, then that address waits for that account;
 * - per account: past 10 wrong passwords in 15 minutes from anywhere, every attempt on it is answered after a
 *   growing delay (up to 2 s), never refused, so the owner's correct password from a clean address still signs in.
 */
export const LOGIN_THROTTLE = {
  /** `max` is the default of LOGIN_ADDRESS_LIMIT. */
  perAddress: { max: 30, windowSeconds: 300 },
  failuresPerAccountAddress: 10,
  failureWindowSeconds: 900,
  slowAfterFailures: 10,
  maxDelayMs: 2000,
} as const;

/** How long an attempt on an account with this many recent wrong passwords waits before it is checked. */
export const loginDelayMs = (failures: number) =>
  failures <= LOGIN_THROTTLE.slowAfterFailures
    ? 0
    : Math.min(LOGIN_THROTTLE.maxDelayMs, 250 * 2 ** (failures - LOGIN_THROTTLE.slowAfterFailures - 1));

/** Password sign-in. Unknown email and wrong password answer alike, in about the same time. */
export async function login(
  deps: Deps,
  {
    realm,
    email,
    password,
    remember,
    ip,
  }: { realm: Realm; email: string; password: string; remember: boolean; ip: string },
): Promise<Session> {
  const throttled = deps.config.RATE_LIMITS !== 'off';
  const account = realmKey(realm, email);
  const pairKey = `login-fail:acct-ip:${account}:${ip}`;
  const accountKey = `login-fail:acct:${account}`;
  const window = LOGIN_THROTTLE.failureWindowSeconds;
  if (throttled) {
    await enforceLimits(deps, [
      { key: `login:ip:${ip}`, ...LOGIN_THROTTLE.perAddress, max: deps.config.LOGIN_ADDRESS_LIMIT },
    ]);
    const pair = await currentHits(deps, pairKey, window);
    if (pair.hits >= LOGIN_THROTTLE.failuresPerAccountAddress) {
      throw tooManyRequests(
        'Too many wrong passwords for this account from here. Please wait, or sign in with a code.',
        pair.retryAfter,
        'LOGIN_THROTTLED',
      );
    }
    const delay = loginDelayMs((await currentHits(deps, accountKey, window)).hits);
    if (delay) await sleep(delay);
  }
  const authority = await checkPassword(await signInAuthority(deps.db, realm, email), password);
  if (!authority || authority.kind === 'none') {
    if (throttled) {
      await countHit(deps, pairKey, window);
      await countHit(deps, accountKey, window);
    }
    throw unauthenticated('Invalid email or password', 'INVALID_CREDENTIALS');
  }
  const user = authority.user;
  if (authority.kind === 'row' && user && !user.emailVerifiedAt) {
    await deps.db
      .transaction((tx) => sendCode(deps, tx, user, 'VERIFY_EMAIL', realm.shopName))
      .catch((err) => {
        if (!(err instanceof AppError && err.statusCode === 429)) throw err;
      });
    throw new AppError(403, 'FORBIDDEN', 'Please verify your email to continue. We sent you a code.', {
      reason: 'EMAIL_NOT_VERIFIED',
    });
  }
  return deps.db.transaction(async (tx) =>
    issueSession(deps, tx, await signedInRow(tx, realm, authority), remember),
  );
}

/**
 * Sends a code for verification, OTP sign-in or a password reset; the same answer whether or not the account
 * exists. Asking again within the resend wait keeps the code already sent and answers alike. Per address 20 an
 * hour, per account and address 5 an hour (a 429 that is the same for unknown accounts); an account gets at most
 * 20 code mails an hour from everywhere together (beyond that the answer is the same and no mail goes out).
 */
export async function requestCode(
  deps: Deps,
  { realm, email, purpose, ip }: { realm: Realm; email: string; purpose: OtpPurpose; ip: string },
) {
  await enforceCodeLimits(deps, realm, email, ip);
  const user = await codeHolder(deps.db, realm, email, purpose);
  const eligible =
    user &&
    (purpose === 'VERIFY_EMAIL'
      ? !user.emailVerifiedAt
      : !!user.emailVerifiedAt || purpose === 'RESET_PASSWORD');
  const underMailCap = await underCodeMailCap(deps, realm, email);
  if (user && eligible && underMailCap) await mailCode(deps, realm, user, purpose);
  return codeAnswer(email);
}

/** What every request for a code is answered, whatever the account. */
export const codeAnswer = (email: string) => ({ email, resend_after_seconds: 30, expires_in_minutes: 10 });

/** Codes asked for per address (CODE_ADDRESS_LIMIT an hour) and per account and address (5 an hour). */
export async function enforceCodeLimits(deps: Deps, realm: Realm, email: string, ip: string) {
  await enforceLimits(deps, [
    { key: `otp-send:ip:${ip}`, max: deps.config.CODE_ADDRESS_LIMIT, windowSeconds: 3600 },
    { key: `otp-send:acct-ip:${realmKey(realm, email)}:${ip}`, max: 5, windowSeconds: 3600 },
  ]);
}

/** Counts a code mail for the account (known or not): false past 20 an hour from everywhere together. */
export async function underCodeMailCap(deps: Deps, realm: Realm, email: string) {
  if (deps.config.RATE_LIMITS === 'off') return true;
  return (await countHit(deps, `otp-send:acct:${realmKey(realm, email)}`, 3600)) <= 20;
}

/** Mails a code to a row; asking again within the resend wait keeps the code already sent. */
export async function mailCode(deps: Deps, realm: Realm, user: repo.UserRow, purpose: OtpPurpose) {
  await deps.db
    .transaction((tx) => sendCode(deps, tx, user, purpose, realm.shopName))
    .catch((err) => {
      if (!(err instanceof AppError && err.extra.reason === 'RESEND_TOO_SOON')) throw err;
    });
}

/**
 * The row whose code was right (the shop's own, or the account's first shop's): checked per address and account
 * (a wrong code counts), else the one answer for every wrong, expired or unknown code.
 */
export async function provenCodeHolder(
  deps: Deps,
  args: { realm: Realm; email: string; code: string; purpose: OtpPurpose; ip: string },
) {
  return (await proveCode(deps, args)).holder;
}

/** provenCodeHolder, with what finding the holder read (findCodeHolder). */
async function proveCode(
  deps: Deps,
  {
    realm,
    email,
    code,
    purpose,
    ip,
  }: { realm: Realm; email: string; code: string; purpose: OtpPurpose; ip: string },
) {
  await enforceLimits(deps, [
    { key: `otp-verify:ip:${ip}`, max: 3 * deps.config.CODE_ADDRESS_LIMIT, windowSeconds: 3600 },
  ]);
  const found = await findCodeHolder(deps.db, realm, email, purpose);
  const user = found.holder;
  const result = await checkCode(deps, { account: realmKey(realm, email), ip, user, purpose, code });
  if (!result.ok || !user) throw result.ok ? unauthenticated() : result.error;
  return { ...found, holder: user };
}

/** Verifies an email or signs in with a code; either way the user ends up signed in. */
export async function verifyCode(
  deps: Deps,
  {
    realm,
    email,
    code,
    purpose,
    remember,
    ip,
  }: { realm: Realm; email: string; code: string; purpose: OtpPurpose; remember: boolean; ip: string },
): Promise<Session> {
  if (purpose === 'RESET_PASSWORD')
    throw badRequest('Use reset-password to set a new password with this code.');
  const found = await proveCode(deps, { realm, email, code, purpose, ip });
  return deps.db.transaction(async (tx) => {
    let current = await rowAfterCode(tx, realm, found.holder, found);
    if (!current.emailVerifiedAt) {
      current = (await repo.updateUser(tx, current.id, { emailVerifiedAt: new Date() })) ?? current;
      await enqueueMail(tx, {
        ...welcomeMail({ to: current.email, firstName: current.firstName, shopName: realm.shopName }),
        storeId: current.storeId,
      });
    }
    const signedIn = await linkToPlatform(tx, current);
    const account = found.account?.id === signedIn.shopperAccountId ? found.account : undefined;
    return issueSession(deps, tx, signedIn, remember, undefined, { account });
  });
}

/** Sets a new password with a reset code, ends every other session, and signs the user in. */
export async function resetPassword(
  deps: Deps,
  {
    realm,
    email,
    code,
    password,
    ip,
  }: { realm: Realm; email: string; code: string; password: string; ip: string },
): Promise<Session> {
  const user = await provenCodeHolder(deps, { realm, email, code, purpose: 'RESET_PASSWORD', ip });
  const passwordHash = await hashPassword(password);
  // The new password is the platform account's: every shop's row of it takes it and their sessions end.
  const { signedIn, everyRow } = await deps.db.transaction(async (tx) => {
    const here = await rowAfterCode(tx, realm, user);
    const verified =
      (await repo.updateUser(tx, here.id, { emailVerifiedAt: here.emailVerifiedAt ?? new Date() })) ?? here;
    // A guest's row (no password yet, decision 0031) is linked with the new one.
    const linked = await linkToPlatform(tx, {
      ...verified,
      passwordHash: verified.passwordHash ?? passwordHash,
    });
    const everyRow = await setAccountPassword(tx, linked, passwordHash);
    return { signedIn: { ...linked, passwordHash }, everyRow };
  });
  for (const id of everyRow) {
    await repo.revokeAllForUser(deps.db, id);
    forgetSessions(deps, id);
  }
  return deps.db.transaction((tx) => issueSession(deps, tx, signedIn, false));
}

import { OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, type OtpPurpose } from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { countHit, currentHits } from '../../lib/rate-limit.ts';

import { enqueueMail, otpMail } from '../mail/index.ts';
import type { UserRow } from './accounts.repository.ts';
import * as repo from './accounts.repository.ts';
import { generateOtp, hashOtp, otpMatches } from './otp.ts';

/**
 * Wrong codes are budgeted per account and address (OTP_MAX_TRIES in 10 minutes, then that address waits), so
 * nobody else's guesses spend the owner's tries. A code still dies after this many wrong tries from everywhere
 * together: a net against guessing from thousands of addresses (each guess has a one-in-a-million chance).
 */
export const OTP_WRONG_TRIES_PER_CODE = 100;
export const OTP_FAILURE_WINDOW_SECONDS = 600;

/**
 * Issues a code and queues its mail in the caller's transaction. Throws 429 when the last code of that purpose
 * is younger than the resend wait and still unused (a used one does not hold the next back: a guest who ordered
 * with a code signs in again with a new one at once, decision 0031).
 */
export async function sendCode(deps: Deps, tx: Tx, user: UserRow, purpose: OtpPurpose, shopName?: string) {
  const last = await repo.latestOtp(tx, user.id, purpose);
  if (last && !last.consumedAt) {
    const age = (Date.now() - last.createdAt.getTime()) / 1000;
    if (age < OTP_RESEND_SECONDS) {
      throw tooManyRequests(
        `Please wait ${Math.ceil(OTP_RESEND_SECONDS - age)} seconds before asking for a new code.`,
        OTP_RESEND_SECONDS - age,
        'RESEND_TOO_SOON',
      );
    }
  }
  const code = generateOtp();
  await repo.insertOtp(tx, {
    userId: user.id,
    purpose,
    codeHash: hashOtp(deps.authSecret, user.id, purpose, code),
    expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
  });
  await enqueueMail(tx, {
    ...otpMail({
      to: user.email,
      firstName: user.firstName,
      code,
      purpose,
      minutes: OTP_TTL_MINUTES,
      shopName,
    }),
    storeId: user.storeId,
  });
}

export type CodeCheck = { ok: true } | { ok: false; error: AppError };

/** Every wrong, expired, spent or unknown code gets this one answer, so it tells nothing about the account. */
export const invalidCode = () =>
  new AppError(400, 'VALIDATION_FAILED', 'Invalid or expired code. Please check it, or request a new code.', {
    reason: 'OTP_INVALID',
    issues: [{ path: 'otp', message: 'Invalid or expired code' }],
  });

/**
 * Checks a code for an account (`account` names it whether or not it exists: realm and email) from an address,
 * and records the outcome (a wrong try counts even though the request fails, so it runs in its own transaction
 * and returns the failure instead of throwing inside it). Unknown accounts are answered and budgeted alike.
 */
export async function checkCode(
  deps: Deps,
  {
    account,
    ip,
    user,
    purpose,
    code,
  }: { account: string; ip: string; user: UserRow | null; purpose: OtpPurpose; code: string },
): Promise<CodeCheck> {
  const throttled = deps.config.RATE_LIMITS !== 'off';
  const pairKey = `otp-fail:${purpose}:${account}:${ip}`;
  if (throttled) {
    const pair = await currentHits(deps, pairKey, OTP_FAILURE_WINDOW_SECONDS);
    if (pair.hits >= OTP_MAX_TRIES) {
      return {
        ok: false,
        error: tooManyRequests(
          'Too many wrong codes. Please wait a few minutes and try again.',
          pair.retryAfter,
          'OTP_TOO_MANY_TRIES',
        ),
      };
    }
  }
  const matched =
    !!user &&
    (await deps.db.transaction(async (tx) => {
      const row = await repo.latestOtp(tx, user.id, purpose, true);
      if (!row || row.consumedAt || row.attempts >= OTP_WRONG_TRIES_PER_CODE) return false;
      if (row.expiresAt.getTime() < Date.now()) return false;
      const right = otpMatches(deps.authSecret, user.id, purpose, code, row.codeHash);
      await repo.recordOtpAttempt(tx, row.id, right);
      return right;
    }));
  if (matched) return { ok: true };
  if (throttled) await countHit(deps, pairKey, OTP_FAILURE_WINDOW_SECONDS);
  return { ok: false, error: invalidCode() };
}

import { OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, type OtpPurpose } from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { enqueueMail, otpMail } from '../mail/mail.service.ts';
import type { UserRow } from './accounts.repository.ts';
import * as repo from './accounts.repository.ts';
import { generateOtp, hashOtp, otpMatches } from './otp.ts';

export const DAILY_FAILED_TRIES = 20;

/**
 * Issues a code and queues its mail in the caller's transaction. Throws 429 when the last code of that purpose
 * is younger than the resend wait, or the account spent its failed tries for the day.
 */
export async function sendCode(deps: Deps, tx: Tx, user: UserRow, purpose: OtpPurpose, shopName?: string) {
  const last = await repo.latestOtp(tx, user.id, purpose);
  if (last) {
    const age = (Date.now() - last.createdAt.getTime()) / 1000;
    if (age < OTP_RESEND_SECONDS) {
      throw tooManyRequests(
        `Please wait ${Math.ceil(OTP_RESEND_SECONDS - age)} seconds before asking for a new code.`,
        OTP_RESEND_SECONDS - age,
        'RESEND_TOO_SOON',
      );
    }
  }
  if ((await repo.failedTriesToday(tx, user.id)) >= DAILY_FAILED_TRIES) {
    throw tooManyRequests('Too many wrong codes today. Please try again tomorrow.', 3600, 'OTP_DAILY_LIMIT');
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

/**
 * Checks a code and records the outcome (a wrong try counts even though the request fails, so it runs in its
 * own transaction and returns the failure instead of throwing inside it).
 */
export async function checkCode(
  deps: Deps,
  user: UserRow | null,
  purpose: OtpPurpose,
  code: string,
): Promise<CodeCheck> {
  const invalid = (tries?: number) =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      tries === undefined
        ? 'Invalid code. Please check it and try again.'
        : `Invalid code. ${tries} ${tries === 1 ? 'try' : 'tries'} left.`,
      { reason: 'OTP_INVALID', issues: [{ path: 'otp', message: 'Invalid code' }] },
    );
  if (!user) return { ok: false, error: invalid() };
  return deps.db.transaction(async (tx): Promise<CodeCheck> => {
    if ((await repo.failedTriesToday(tx, user.id)) >= DAILY_FAILED_TRIES) {
      return {
        ok: false,
        error: tooManyRequests(
          'Too many wrong codes today. Please try again tomorrow.',
          3600,
          'OTP_DAILY_LIMIT',
        ),
      };
    }
    const row = await repo.latestOtp(tx, user.id, purpose, true);
    if (!row || row.consumedAt) return { ok: false, error: invalid() };
    if (row.attempts >= OTP_MAX_TRIES) {
      return {
        ok: false,
        error: new AppError(
          400,
          'VALIDATION_FAILED',
          'Too many wrong tries for this code. Please request a new code.',
          { reason: 'OTP_LOCKED' },
        ),
      };
    }
    if (row.expiresAt.getTime() < Date.now()) {
      return {
        ok: false,
        error: new AppError(400, 'VALIDATION_FAILED', 'This code has expired. Please request a new code.', {
          reason: 'OTP_EXPIRED',
        }),
      };
    }
    if (otpMatches(deps.authSecret, user.id, purpose, code, row.codeHash)) {
      await repo.recordOtpAttempt(tx, row.id, true);
      return { ok: true };
    }
    await repo.recordOtpAttempt(tx, row.id, false);
    const left = OTP_MAX_TRIES - row.attempts - 1;
    if (left <= 0) {
      return {
        ok: false,
        error: new AppError(
          400,
          'VALIDATION_FAILED',
          'Too many wrong tries for this code. Please request a new code.',
          { reason: 'OTP_LOCKED' },
        ),
      };
    }
    return { ok: false, error: invalid(left) };
  });
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@haat/contracts';

/** A 6-digit code from the cryptographic random source. */
export const generateOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** Codes are stored as an HMAC bound to the account and purpose, so a leaked table reveals no code. */
export const hashOtp = (secret: Uint8Array, userId: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('base64url');

export function otpMatches(
  secret: Uint8Array,
  userId: string,
  purpose: string,
  code: string,
  storedHash: string,
) {
  const a = Buffer.from(hashOtp(secret, userId, purpose, code));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

import type { OtpPurpose, Role, Session, UserProfile } from '@haat/contracts';
import { ApiError, queryApi } from '../../lib/api.ts';
import { errorReason, type FieldErrors } from '../../lib/form-errors.ts';

/**
 * The account calls. Sign-in calls are silent: a 401 there means "wrong password", not "session expired",
 * so the pages show the server's words themselves instead of the client's catalogue toast.
 */
const USER = '/api/user/auth';
/** The marketplace's own shopper sign-in (decision 0036): the shopper's Haat account at no shop. */
const MARKET = '/api/user/marketplace/auth';

/** Where a sign-in call goes: a shop's customers (store-origin), vendors (neither), or the marketplace's shoppers. */
export interface AuthPlace {
  storeOrigin: string | null;
  marketplace?: boolean;
}
const at = (p: AuthPlace) => (p.marketplace ? MARKET : USER);

export interface SignupResult {
  id: string;
  email: string;
  role_type: Role;
  verification_required: true;
  resend_after_seconds: number;
}
export interface OtpSent {
  email: string;
  resend_after_seconds: number;
  expires_in_minutes: number;
}

const post = <T>(path: string, body: unknown, storeOrigin?: string | null) =>
  queryApi<T>(path, { method: 'POST', body, storeOrigin, silent: true, renew: false });

export const authApi = {
  signup: (body: unknown, p: AuthPlace) => post<SignupResult>(`${at(p)}/signup/`, body, p.storeOrigin),
  login: (body: unknown, p: AuthPlace) => post<Session>(`${at(p)}/login/`, body, p.storeOrigin),
  adminLogin: (body: unknown) => post<Session>('/api/admin/admin-login/', body),
  sendOtp: (body: { email: string; role_name: Role; purpose: OtpPurpose }, p: AuthPlace) =>
    post<OtpSent>(`${at(p)}/send-otp/`, body, p.storeOrigin),
  verifyOtp: (body: unknown, p: AuthPlace) => post<Session>(`${at(p)}/verify-otp/`, body, p.storeOrigin),
  /**
   * Continue as: a session at another shop (or on the marketplace) of the same Haat shopper account, for one here
   * (decisions 0029, 0036).
   */
  switchShop: (refreshToken: string, p: AuthPlace) =>
    post<Session>(
      p.marketplace ? `${MARKET}/continue/` : `${USER}/switch-shop/`,
      { refresh_token: refreshToken },
      p.storeOrigin,
    ),
  /** Guest checkout (decision 0031): a code for the email, the session for the code. */
  guestStart: (body: { email: string; name: string }, storeOrigin: string | null) =>
    post<OtpSent>(`${USER}/guest/`, body, storeOrigin),
  guestVerify: (body: { email: string; otp: string }, storeOrigin: string | null) =>
    post<Session>(`${USER}/guest/verify/`, body, storeOrigin),
  resetPassword: (body: unknown, p: AuthPlace) =>
    post<Session>(`${at(p)}/reset-password/`, body, p.storeOrigin),
  me: (storeOrigin: string | null, signal?: AbortSignal) =>
    queryApi<UserProfile>(`${USER}/me/`, { storeOrigin, signal }),
  updateMe: (body: unknown, storeOrigin: string | null) =>
    queryApi<UserProfile>(`${USER}/me/`, { method: 'PUT', body, storeOrigin, silent: true }),
  changePassword: (body: unknown, storeOrigin: string | null) =>
    queryApi<unknown>(`${USER}/change-password/`, { method: 'POST', body, storeOrigin, silent: true }),
};

export const meKey = (userId: string) => ['accounts', 'me', userId] as const;

/** Seconds still to wait when a code was asked for again too soon (429 RESEND_TOO_SOON), else null. */
export function resendWait(err: unknown): number | null {
  if (!(err instanceof ApiError) || errorReason(err) !== 'RESEND_TOO_SOON') return null;
  return Number(/(\d+) seconds?/.exec(err.message)?.[1]) || 30;
}

/** Shown when a code was asked for again within the resend wait: the earlier code still works. */
export const EARLY_NOTICE =
  'We sent a code to this email a moment ago: use that one, or ask for a new one when the timer ends.';

/**
 * The shared schemas compare the two passwords only once every other field is valid (an object refinement);
 * this shows "Passwords do not match" at the same time as the other messages.
 */
export function withPasswordMatch(errors: FieldErrors | null, password: string, confirm: string) {
  if (!errors || errors.confirm_password || !password || !confirm || password === confirm) return errors;
  return { ...errors, confirm_password: 'Passwords do not match' };
}

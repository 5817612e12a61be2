import type { OtpPurpose, Role, Session, UserProfile } from '@haat/contracts';
import { ApiError, announceFailure, queryApi } from '../../lib/api.ts';

/**
 * The account calls. Sign-in calls are silent: a 401 there means "wrong password", not "session expired",
 * so the pages show the server's words themselves instead of the client's catalogue toast.
 */
const USER = '/api/user/auth';

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
  signup: (body: unknown, storeOrigin?: string | null) =>
    post<SignupResult>(`${USER}/signup/`, body, storeOrigin),
  login: (body: unknown, storeOrigin?: string | null) => post<Session>(`${USER}/login/`, body, storeOrigin),
  adminLogin: (body: unknown) => post<Session>('/api/admin/admin-login/', body),
  sendOtp: (body: { email: string; role_name: Role; purpose: OtpPurpose }, storeOrigin?: string | null) =>
    post<OtpSent>(`${USER}/send-otp/`, body, storeOrigin),
  verifyOtp: (body: unknown, storeOrigin?: string | null) =>
    post<Session>(`${USER}/verify-otp/`, body, storeOrigin),
  resetPassword: (body: unknown, storeOrigin?: string | null) =>
    post<Session>(`${USER}/reset-password/`, body, storeOrigin),
  refresh: (refreshToken: string, storeOrigin?: string | null) =>
    post<Session>(`${USER}/refresh/`, { refresh_token: refreshToken }, storeOrigin),
  logout: (refreshToken: string, storeOrigin?: string | null) =>
    post<unknown>(`${USER}/logout/`, { refresh_token: refreshToken }, storeOrigin),
  me: (storeOrigin: string | null, signal?: AbortSignal) =>
    queryApi<UserProfile>(`${USER}/me/`, { storeOrigin, signal }),
  updateMe: (body: unknown, storeOrigin: string | null) =>
    queryApi<UserProfile>(`${USER}/me/`, { method: 'PUT', body, storeOrigin, silent: true }),
  changePassword: (body: unknown, storeOrigin: string | null) =>
    queryApi<unknown>(`${USER}/change-password/`, { method: 'POST', body, storeOrigin, silent: true }),
};

export const meKey = (userId: string) => ['accounts', 'me', userId] as const;

export type FieldErrors = Record<string, string>;

/** The server's field issues as `{ field: message }`. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(err instanceof ApiError)) return out;
  for (const issue of err.envelope?.error.issues ?? []) {
    const field = issue.path.split('.')[0] ?? '';
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

export const errorReason = (err: unknown) =>
  err instanceof ApiError ? (err.envelope?.error.reason ?? err.envelope?.error.code) : undefined;

/** Seconds still to wait when a code was asked for again too soon (429 RESEND_TOO_SOON), else null. */
export function resendWait(err: unknown): number | null {
  if (!(err instanceof ApiError) || errorReason(err) !== 'RESEND_TOO_SOON') return null;
  return Number(/(\d+) seconds?/.exec(err.message)?.[1]) || 30;
}

/**
 * The text to show beside a form for a failed account call. Network and server faults also get the
 * catalogue's toast; a 401 from a sign-in form is a wrong password, so it never triggers the expiry flow.
 */
export function formFailureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.status === 0 || err.status >= 500) {
    announceFailure(err.status, err.message);
    return err.status === 0
      ? 'We could not reach the server. Please check your connection and try again.'
      : 'Something went wrong on our end. Please try again later.';
  }
  return err.message || 'Something went wrong. Please try again.';
}

/** For calls made while signed in (profile): field issues stay inline, anything else gets the catalogue's toast. */
export function announceSignedInFailure(err: unknown): FieldErrors {
  const fields = serverFieldErrors(err);
  if (Object.keys(fields).length > 0) return fields;
  if (err instanceof ApiError) announceFailure(err.status, err.message);
  return {};
}

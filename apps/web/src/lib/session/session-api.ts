import type { Session } from '@haat/contracts';
import { queryApi } from '../api.ts';

/**
 * The two account calls the session itself makes: renewing the token pair and signing out. Silent (the session
 * decides what a failure means) and never renewed (a 401 here is the answer, not an expired token).
 */
const post = <T>(path: string, body: unknown, storeOrigin?: string | null) =>
  queryApi<T>(path, { method: 'POST', body, storeOrigin, silent: true, renew: false });

export const sessionApi = {
  refresh: (refreshToken: string, storeOrigin?: string | null) =>
    post<Session>('/api/user/auth/refresh/', { refresh_token: refreshToken }, storeOrigin),
  logout: (refreshToken: string, storeOrigin?: string | null) =>
    post<unknown>('/api/user/auth/logout/', { refresh_token: refreshToken }, storeOrigin),
};

import { randomUUID } from 'node:crypto';
import type { Session } from '@haat/contracts';
import type { Executor } from '@haat/db';
import { announce } from '../../lib/cache-bus.ts';
import type { Deps } from '../../lib/deps.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import { memberStores } from '../stores/index.ts';
import type { UserRow } from './accounts.repository.ts';
import * as repo from './accounts.repository.ts';
import type { ShopperAccountRow } from './shopper-accounts.repository.ts';
import { ownView, ownViewOf } from './shopper-accounts.service.ts';
import {
  ACCESS_TOKEN_SECONDS,
  hashToken,
  newRefreshToken,
  REFRESH_PERSISTENT_DAYS,
  REFRESH_SESSION_HOURS,
  signAccessToken,
} from './tokens.ts';

/**
 * How long an instance trusts its last answer on whether a session is open: an access token of a session that
 * was signed out or revoked elsewhere stops working within this time (at once on the instance that revoked it).
 */
export const SESSION_CHECK_MS = 5_000;

const sessionKey = (userId: string, familyId: string) => `${userId}:${familyId}`;

/** Whether the sign-in an access token belongs to is still open (cached per instance for SESSION_CHECK_MS). */
export async function sessionIsLive(deps: Deps, userId: string, familyId: string) {
  const key = sessionKey(userId, familyId);
  const cached = deps.sessionCache.get(key);
  if (cached !== undefined) return cached;
  const live = isUuid(familyId) && (await repo.familyIsLive(deps.db, userId, familyId));
  deps.sessionCache.set(key, live);
  return live;
}

/** Forgets every instance's answers for a user's sessions (after revoking some of them). */
export function forgetSessions(deps: Deps, userId: string) {
  announce(deps, { kind: 'sessions', userId });
}

/** What the caller has already read, so issueSession does not read it again. */
export interface SessionKnown {
  /** The customer's shop. */
  shop?: { id: string; slug: string } | null;
  /** The customer's Haat account (for the names the session shows). */
  account?: ShopperAccountRow | null;
}

/** Signs a user in: a short-lived access token and a new refresh token (a new family unless one is given). */
export async function issueSession(
  deps: Deps,
  exec: Executor,
  user: UserRow,
  remember: boolean,
  familyId: string = randomUUID(),
  known: SessionKnown = {},
): Promise<Session> {
  const refresh = newRefreshToken();
  const lifetimeMs = remember ? REFRESH_PERSISTENT_DAYS * 86_400_000 : REFRESH_SESSION_HOURS * 3_600_000;
  await repo.insertRefreshToken(exec, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refresh),
    persistent: remember,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  const access = await signAccessToken(deps.authSecret, {
    userId: user.id,
    role: user.role,
    storeId: user.storeId,
    familyId,
  });
  // The shops they own, then those they work in (staff), for the back office's first shop and the sign-in record.
  const owned =
    user.role === 'CUSTOMER'
      ? []
      : [
          ...(await repo.listOwnedStores(exec, user.id)),
          ...(await memberStores(exec, user.id)).map(({ id, slug, store_name, online_status }) => ({
            id,
            slug,
            store_name,
            online_status,
          })),
        ];
  const shop =
    known.shop !== undefined
      ? known.shop
      : user.storeId
        ? await repo.findStoreSlug(exec, user.storeId)
        : null;
  const own = known.account !== undefined ? ownViewOf(user, known.account) : await ownView(exec, user);
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: ACCESS_TOKEN_SECONDS,
    role_type: user.role,
    id: user.id,
    first_name: own.firstName,
    last_name: own.lastName,
    email: user.email,
    remember,
    store: shop ? { id: shop.id, slug: shop.slug } : null,
    stores: owned,
    slug: shop?.slug ?? owned[0]?.slug ?? null,
    store_id: shop?.id ?? owned[0]?.id ?? null,
    ...(user.role === 'CUSTOMER' ? { guest: repo.isGuest(user) } : {}),
  };
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family issued. Presenting a
 * spent token means it was copied: the whole family is revoked and the caller must sign in again.
 */
export async function refreshSession(deps: Deps, token: string): Promise<Session> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.findRefreshToken(tx, hashToken(token));
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return { kind: 'invalid' as const };
    if (row.usedAt || !(await repo.markRefreshUsed(tx, row.id))) {
      await repo.revokeFamily(tx, row.familyId);
      return { kind: 'reused' as const, userId: row.userId };
    }
    const user = await repo.findUserById(tx, row.userId);
    if (!user) return { kind: 'invalid' as const };
    return { kind: 'ok' as const, session: await issueSession(deps, tx, user, row.persistent, row.familyId) };
  });
  if (outcome.kind === 'ok') return outcome.session;
  if (outcome.kind === 'reused') forgetSessions(deps, outcome.userId);
  throw unauthenticated(
    outcome.kind === 'reused'
      ? 'This session was used elsewhere and has been signed out for your safety. Please login again.'
      : 'Your session has expired. Please login again.',
    outcome.kind === 'reused' ? 'REFRESH_REUSED' : 'REFRESH_INVALID',
  );
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function logout(deps: Deps, token: string | undefined) {
  if (!token) return;
  const userId = await deps.db.transaction(async (tx) => {
    const row = await repo.findRefreshToken(tx, hashToken(token));
    if (row) await repo.revokeFamily(tx, row.familyId);
    return row?.userId;
  });
  if (userId) forgetSessions(deps, userId);
}

import type { UserProfile } from '@haat/contracts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserRow } from './accounts.repository.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { forgetSessions } from './session.service.ts';
import * as shoppers from './shopper-accounts.repository.ts';
import { ownView, setAccountPassword } from './shopper-accounts.service.ts';

export const toProfile = (u: UserRow): UserProfile => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
  role_type: u.role,
  email_verified: !!u.emailVerifiedAt,
  store_id: u.storeId,
});

export async function getProfile(deps: Deps, userId: string) {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw notFound('Account not found');
  return toProfile(await ownView(deps.db, user));
}

/**
 * A shopper's name and phone are their Haat account's: changed there, and on this shop's row only when the shop
 * already holds them (shared at an order, decision 0032). Vendors and unlinked rows change their own row.
 */
export async function updateProfile(
  deps: Deps,
  userId: string,
  p: { first_name: string; last_name: string; phone: string },
) {
  const values = { firstName: p.first_name, lastName: p.last_name, phone: p.phone };
  const found = await repo.findUserById(deps.db, userId);
  if (!found) throw notFound('Account not found');
  if (found.shopperAccountId) await shoppers.updateShopperAccount(deps.db, found.shopperAccountId, values);
  const keepsOwn = found.role !== 'CUSTOMER' || !!found.sharedAt || !found.shopperAccountId;
  const user = keepsOwn ? await repo.updateUser(deps.db, userId, values) : found;
  if (!user) throw notFound('Account not found');
  return toProfile(await ownView(deps.db, user));
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(
  deps: Deps,
  { userId, familyId }: { userId: string; familyId: string },
  { current, next }: { current: string; next: string },
) {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw notFound('Account not found');
  // A shopper's password is their platform account's (decision 0029): checked there, changed at every shop.
  const account = user.shopperAccountId
    ? await shoppers.findShopperAccountById(deps.db, user.shopperAccountId)
    : null;
  if (!(await verifyPassword(account ? account.passwordHash : user.passwordHash, current))) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Your current password is not correct.', {
      issues: [{ path: 'current_password', message: 'Your current password is not correct.' }],
    });
  }
  const passwordHash = await hashPassword(next);
  const everyRow = await deps.db.transaction((tx) => setAccountPassword(tx, user, passwordHash));
  for (const id of everyRow) {
    await repo.revokeAllForUser(deps.db, id, id === userId ? familyId || undefined : undefined);
    forgetSessions(deps, id);
  }
}

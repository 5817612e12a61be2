import type { UserProfile } from '@haat/contracts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserRow } from './accounts.repository.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { forgetSessions } from './session.service.ts';

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
  return toProfile(user);
}

export async function updateProfile(
  deps: Deps,
  userId: string,
  p: { first_name: string; last_name: string; phone: string },
) {
  const user = await repo.updateUser(deps.db, userId, {
    firstName: p.first_name,
    lastName: p.last_name,
    phone: p.phone,
  });
  if (!user) throw notFound('Account not found');
  return toProfile(user);
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(
  deps: Deps,
  { userId, familyId }: { userId: string; familyId: string },
  { current, next }: { current: string; next: string },
) {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw notFound('Account not found');
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Your current password is not correct.', {
      issues: [{ path: 'current_password', message: 'Your current password is not correct.' }],
    });
  }
  await repo.updateUser(deps.db, userId, { passwordHash: await hashPassword(next) });
  await repo.revokeAllForUser(deps.db, userId, familyId || undefined);
  forgetSessions(deps, userId);
}

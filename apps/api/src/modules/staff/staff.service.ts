import { randomBytes } from 'node:crypto';
import {
  type AcceptInviteBody,
  can,
  type InviteBody,
  ROLE_NAMES,
  roleRefusal,
  type ShopOperation,
  type StaffList,
  type StaffRole,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Actor, shopRoleOf } from '../../plugins/auth.ts';
import * as accounts from '../accounts/index.ts';
import { forgetSessions, hashPassword, hashToken, issueSession } from '../accounts/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { findStoreById, findStoreBySlug, memberStores, type StoreRow } from '../stores/index.ts';

import * as repo from './staff.repository.ts';
import { INVITE_DAYS, inviteMail } from './staff-mail.ts';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const invalidLink = () => notFound('This invite link is invalid or has expired. Ask the shop for a new one.');

/** The shop's people (the owner first) and its open invites. */
export async function staffList(deps: Deps, store: StoreRow): Promise<StaffList> {
  const owner = await repo.ownerOf(deps.db, store.id);
  return withStore(deps.db, store.id, async (tx) => {
    const [members, invites] = [await repo.listMembers(tx), await repo.openInvites(tx)];
    return {
      members: [
        ...(owner
          ? [
              {
                user_id: owner.id,
                name: fullName(owner),
                email: owner.email,
                role: 'OWNER' as const,
                since: owner.since.toISOString(),
              },
            ]
          : []),
        ...members.map((r) => ({
          user_id: r.userId,
          name: fullName(r),
          email: r.email,
          role: r.role,
          since: r.since.toISOString(),
        })),
      ],
      invites: invites.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
      })),
    };
  });
}

const emailTaken = (email: string) =>
  new AppError(409, 'CONFLICT', `${email} is already in this shop.`, {
    reason: 'ALREADY_MEMBER',
    issues: [{ path: 'email', message: `${email} is already in this shop` }],
  });

/** Invites a person by email with a role: a one-time link by mail (a new invite replaces an open one). */
export async function invite({ deps, actor, store }: ShopContext, b: InviteBody, adminUrl: string) {
  const owner = await repo.ownerOf(deps.db, store.id);
  if (owner?.email === b.email) throw emailTaken(b.email);
  const token = randomBytes(32).toString('base64url');
  return withStore(deps.db, store.id, async (tx) => {
    if ((await repo.listMembers(tx)).some((m) => m.email === b.email)) throw emailTaken(b.email);
    await repo.revokeOpenInvite(tx, b.email);
    const row = await repo.insertInvite(tx, {
      storeId: store.id,
      email: b.email,
      role: b.role,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
    });
    const link = `${adminUrl}/accept-invite?shop=${encodeURIComponent(store.slug)}&token=${token}`;
    const inviter = owner && owner.id === actor.userId ? fullName(owner) : null;
    await enqueueMail(tx, {
      ...inviteMail({ shop: store.storeName, role: b.role, link, inviter }),
      to: b.email,
      storeId: store.id,
    });
    await recordAudit(tx, store.id, actor, {
      entity: 'STAFF',
      entityId: row.id,
      action: 'INVITE',
      summary: `Invited ${b.email} as ${ROLE_NAMES[b.role]}`,
      after: { email: b.email, role: b.role },
    });
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    };
  });
}

export const cancelInvite = (deps: Deps, actor: Actor, store: StoreRow, id: string) =>
  withStore(deps.db, store.id, async (tx) => {
    const row = isUuid(id) ? await repo.revokeInvite(tx, id) : null;
    if (!row) throw notFound('Invite not found');
    await recordAudit(tx, store.id, actor, {
      entity: 'STAFF',
      entityId: row.id,
      action: 'REMOVE',
      summary: `Cancelled the invite for ${row.email}`,
      before: { email: row.email, role: row.role },
    });
  });

async function requireMember(tx: Tx, userId: string) {
  const row = isUuid(userId) ? await repo.findMember(tx, userId, true) : null;
  if (!row) throw notFound('This person is not in the shop');
  return row;
}

const nameOf = async (tx: Tx, userId: string) => {
  const u = await accounts.findUserById(tx, userId);
  return u ? `${fullName(u)} (${u.email})` : 'A person';
};

/** Changes a person's role; it applies to their next call. */
export const changeRole = (
  { deps, actor, store }: ShopContext,
  { userId, role }: { userId: string; role: StaffRole },
) =>
  withStore(deps.db, store.id, async (tx) => {
    const m = await requireMember(tx, userId);
    if (m.role !== role) {
      await repo.setRole(tx, userId, role);
      await recordAudit(tx, store.id, actor, {
        entity: 'STAFF',
        entityId: userId,
        action: 'ROLE',
        summary: `${await nameOf(tx, userId)} is now ${ROLE_NAMES[role]}`,
        before: { role: m.role },
        after: { role },
      });
    }
  });

/**
 * Removes a person from the shop. Their next call to it answers 404 (membership is read on every call); when they
 * are in no other shop their sign-ins are ended too.
 */
export async function removeMember(deps: Deps, actor: Actor, store: StoreRow, userId: string) {
  await withStore(deps.db, store.id, async (tx) => {
    const m = await requireMember(tx, userId);
    await repo.removeMember(tx, userId);
    await recordAudit(tx, store.id, actor, {
      entity: 'STAFF',
      entityId: userId,
      action: 'REMOVE',
      summary: `Removed ${await nameOf(tx, userId)}`,
      before: { role: m.role },
    });
  });
  const elsewhere = (await memberStores(deps.db, userId)).length > 0;
  const owns = (await accounts.listOwnedStores(deps.db, userId)).length > 0;
  if (!elsewhere && !owns) {
    await accounts.revokeAllForUser(deps.db, userId);
    forgetSessions(deps, userId);
  }
}

/** What an invite link shows: the shop, the role, the address, and whether to sign in or set a password. */
export async function previewInvite(deps: Deps, q: { shop: string; token: string }) {
  const store = await findStoreBySlug(deps, q.shop.trim().toLowerCase());
  if (!store) throw invalidLink();
  const row = await withStore(deps.db, store.id, (tx) => repo.findOpenInvite(tx, hashToken(q.token)));
  if (!row) throw invalidLink();
  const existing = await accounts.findUser(deps.db, 'VENDOR', null, row.email);
  return {
    store_name: store.storeName,
    slug: store.slug,
    email: row.email,
    role: row.role,
    has_account: !!existing,
  };
}

/**
 * Accepts an invite: a signed-in vendor with the invited address joins the shop; someone without an account sets
 * a name and password (the link proves the address) and is signed in. Someone with an account must sign in first.
 */
export async function acceptInvite(deps: Deps, actor: Actor | null, b: AcceptInviteBody) {
  const store = await findStoreBySlug(deps, b.shop.trim().toLowerCase());
  if (!store) throw invalidLink();
  return withStore(deps.db, store.id, async (tx) => {
    const row = await repo.findOpenInvite(tx, hashToken(b.token), true);
    if (!row) throw invalidLink();
    let user = actor ? await accounts.findUserById(tx, actor.userId) : null;
    if (actor && (actor.role !== 'VENDOR' || user?.email !== row.email)) {
      throw forbidden(
        `This invite is for ${row.email}. Sign in with that address to accept it.`,
        'WRONG_ACCOUNT',
      );
    }
    if (user && store.ownerId === user.id) throw conflict('You own this shop already.', 'ALREADY_MEMBER');
    if (!user) {
      if (await accounts.findUser(tx, 'VENDOR', null, row.email)) {
        throw conflict(
          `${row.email} already has an account: sign in to accept the invite.`,
          'ACCOUNT_EXISTS',
        );
      }
      const missing = (['first_name', 'last_name', 'password'] as const).filter((f) => !b[f]);
      if (missing.length) {
        throw badRequest(
          'Enter your name and a password',
          missing.map((path) => ({ path, message: `${path.replace('_', ' ')} is required` })),
        );
      }
      user = await accounts.insertUser(tx, {
        role: 'VENDOR',
        storeId: null,
        email: row.email,
        firstName: b.first_name ?? '',
        lastName: b.last_name ?? '',
        passwordHash: await hashPassword(b.password ?? ''),
        emailVerifiedAt: new Date(),
      });
    }
    if (!user) throw new Error('user vanished');
    await repo.addMember(tx, {
      storeId: store.id,
      userId: user.id,
      role: row.role,
      invitedBy: row.invitedBy,
    });
    await repo.markAccepted(tx, row.id, user.id);
    await recordAudit(
      tx,
      store.id,
      { userId: user.id, name: fullName(user) },
      {
        entity: 'STAFF',
        entityId: user.id,
        action: 'JOIN',
        summary: `${fullName(user)} (${user.email}) joined as ${ROLE_NAMES[row.role]}`,
        after: { role: row.role },
      },
    );
    const session = actor ? null : await issueSession(deps, tx, user, false);
    return { slug: store.slug, role: row.role, session };
  });
}

/**
 * The shop named by id for a call of the owner's or of staff whose role may do `op` (product images: a Manager
 * adds them too); anyone else gets 404, as for an unknown shop, or 403 naming the role (the operator's too).
 */
export async function requireShopFor(deps: Deps, actor: Actor, storeId: string, op: ShopOperation) {
  const store = isUuid(storeId) ? await findStoreById(deps.db, storeId) : null;
  if (!store) throw notFound('Store not found');
  const role = await shopRoleOf(deps, store, actor);
  if (!role) throw notFound('Store not found');
  if (role !== 'OWNER' && !can(role, op)) throw forbidden(roleRefusal(role, op), 'ROLE_FORBIDDEN');
  return store;
}

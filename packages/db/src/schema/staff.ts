import { STAFF_ROLES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts, updatedAt } from './columns.ts';
import { users } from './platform.ts';

/*
 * Staff accounts (issue 15): the people of a shop besides its owner, with a role each, and the invites that bring
 * them in. Tenant tables under forced row-level security (migrations/0027_staff_accounts.sql); a person's shops
 * across tenants come from the SECURITY DEFINER function member_stores(user).
 */

export const storeMembers = pgTable(
  'store_members',
  {
    storeId: storeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index('store_members_user_idx').on(t.userId)],
);

/** A one-time link mailed to a person: the token is stored hashed; accepted or revoked invites stay as history. */
export const storeInvites = pgTable(
  'store_invites',
  {
    storeId: storeId(),
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('store_invites_token_uq').on(t.storeId, t.tokenHash),
    uniqueIndex('store_invites_open_email_uq')
      .on(t.storeId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

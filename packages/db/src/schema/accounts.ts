import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

/**
 * One-time codes (email verification, OTP sign-in, password reset). Only a hash is stored; a code is bound to
 * its account and purpose, used once, expires, and locks after too many wrong tries.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['VERIFY_EMAIL', 'LOGIN', 'RESET_PASSWORD'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_codes_user_idx').on(t.userId, t.purpose, t.createdAt),
    check('otp_codes_purpose_valid', sql`${t.purpose} in ('VERIFY_EMAIL','LOGIN','RESET_PASSWORD')`),
  ],
);

/**
 * Refresh tokens, rotated on every use. Tokens of one sign-in share a family; presenting a token that was
 * already rotated revokes the whole family (it was stolen or replayed).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Remember me: the session outlives the browser session. */
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * The transactional outbox: mail is written in the same transaction as what caused it and delivered at least
 * once by a worker that claims rows with FOR UPDATE SKIP LOCKED, retrying with back-off.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['mail'] })
      .notNull()
      .default('mail'),
    /** The shop the message is about, if any (for the shop's own mailbox views later). */
    storeId: uuid('store_id'),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'DEAD'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_status_valid', sql`${t.status} in ('PENDING','SENT','DEAD')`),
  ],
);

/** Fixed-window counters for rate limits, shared by every server instance through the database. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

import { type Db, type Executor, schema } from '@haat/db';
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { MailMessage } from './mail.service.ts';

const { outbox } = schema;

/** How long a claimed row is reserved for the worker that claimed it before another may take it. */
export const LEASE_SECONDS = 60;
/** After this many failed attempts a mail is DEAD and no longer retried. */
export const MAX_ATTEMPTS = 10;
const BASE_BACKOFF_SECONDS = 5;
const MAX_BACKOFF_SECONDS = 3600;

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxStatus = OutboxRow['status'];
/** What a mail row's `payload` holds. */
export interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A value the statement fills in: every `token` in the mail becomes `value`, computed by the database in the
 * same statement. For a value the transaction has only just made (a new order's number) and must not wait for.
 * `token` must be plain text that JSON leaves as it is (letters, digits, braces), and `value` must be too.
 */
export interface MailFill {
  token: string;
  value: SQL<string>;
}

/**
 * Queues a mail. Pass the caller's transaction so the mail commits (or rolls back) with whatever caused it;
 * the worker delivers it after commit.
 */
export async function enqueueMail(exec: Executor, msg: MailMessage, fill?: MailFill): Promise<string> {
  const to = msg.to.trim();
  if (!to || /[\r\n]/.test(to)) throw new Error('enqueueMail: invalid recipient');
  const payload: MailPayload = { to, subject: msg.subject, text: msg.text };
  if (msg.html) payload.html = msg.html;
  if (fill && !/^[A-Za-z0-9{}_-]+$/.test(fill.token))
    throw new Error('enqueueMail: the token must be plain text');
  const [row] = await exec
    .insert(outbox)
    .values({
      kind: 'mail',
      storeId: msg.storeId ?? null,
      payload: fill
        ? sql<MailPayload>`replace(${JSON.stringify(payload)}, ${fill.token}, ${fill.value})::jsonb`
        : payload,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/**
 * Claims up to `limit` due PENDING mails and returns them. One statement, hence one transaction: the inner
 * SELECT locks the due rows it picks and skips rows another worker is claiming at that moment
 * (FOR UPDATE SKIP LOCKED); the UPDATE counts the attempt and moves next_attempt_at a lease into the future,
 * so after commit the rows are no longer due for anyone else. A worker that dies mid-delivery leaves its rows
 * to be claimed again when the lease ends (delivery is at least once).
 */
export async function claimDueMail(db: Db, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'PENDING'), eq(outbox.kind, 'mail'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${LEASE_SECONDS}::int * interval '1 second'`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Records a delivery. Only a PENDING row changes (a DEAD or already SENT row stays as it is). */
export async function markSent(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'PENDING')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** Seconds to wait before the next try after `attempts` tries: 5 s · 2^attempts, at most an hour. */
export const backoffSeconds = (attempts: number) =>
  Math.min(BASE_BACKOFF_SECONDS * 2 ** Math.max(attempts, 0), MAX_BACKOFF_SECONDS);

/**
 * Records a failed try. `attempts` is the value the claim returned: it fences the update, so a worker whose
 * lease ran out cannot overwrite a newer claim. The row is retried after a back-off, or DEAD after
 * MAX_ATTEMPTS tries.
 */
export async function markFailed(
  db: Db,
  id: string,
  error: string,
  attempts: number,
): Promise<{ status: OutboxStatus; nextAttemptAt: Date } | null> {
  const dead = attempts >= MAX_ATTEMPTS;
  const [row] = await db
    .update(outbox)
    .set({
      status: dead ? 'DEAD' : 'PENDING',
      lastError: error.slice(0, 2000),
      nextAttemptAt: dead ? sql`now()` : sql`now() + ${backoffSeconds(attempts)}::int * interval '1 second'`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'PENDING'), eq(outbox.attempts, attempts)))
    .returning({ status: outbox.status, nextAttemptAt: outbox.nextAttemptAt });
  return row ?? null;
}

export interface RecentMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  createdAt: Date;
}

/** Latest mails, newest first, optionally for one recipient (case-insensitive): the dev mailbox. */
export async function listRecentMail(db: Db, opts: { to?: string; limit: number }): Promise<RecentMail[]> {
  const to = opts.to?.trim();
  return db
    .select({
      id: outbox.id,
      to: sql<string>`coalesce(${outbox.payload}->>'to', '')`,
      subject: sql<string>`coalesce(${outbox.payload}->>'subject', '')`,
      text: sql<string>`coalesce(${outbox.payload}->>'text', '')`,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), to ? sql`lower(${outbox.payload}->>'to') = lower(${to})` : undefined))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(opts.limit);
}

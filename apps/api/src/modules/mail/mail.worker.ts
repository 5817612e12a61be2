import type { Db } from '@haat/db';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { claimDueMail, LEASE_SECONDS, markFailed, markSent, type OutboxRow } from './outbox.repository.ts';

/** The part of a pino / Fastify logger the worker uses (`app.log` fits). */
export interface MailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerDeps {
  db: Db;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'NODE_ENV'>;
  log: MailLog;
}

export interface MailWorkerOptions {
  /** Pause between polls when the last poll found less than a full batch (ms). Default 1000. */
  intervalMs?: number;
  /** Rows claimed per poll. Default 20. */
  batchSize?: number;
  /** Deliver through this transport instead of one built from SMTP_URL (tests). */
  transport?: Transporter;
}

export interface MailWorker {
  /** Claims due mail once and delivers it; resolves to the number of mails delivered. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for a delivery run in progress. */
  stop(): Promise<void>;
}

const payloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/**
 * SMTP timeouts keep one delivery well inside the claim's lease (LEASE_SECONDS, 60 s), so a slow server cannot make
 * a second worker pick up a row that is still being sent.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** How long after its claim a delivered mail may still be marked SENT: the lease less the SMTP timeouts' margin. */
const RECORD_WITHIN_MS = (LEASE_SECONDS - 15) * 1000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unknown error';

/** How mail leaves: an SMTP transport (nodemailer, loaded with the first mail), the log, or held in the outbox. */
interface Delivery {
  db: Db;
  config: MailWorkerDeps['config'];
  log: MailLog;
  mode: 'smtp' | 'log' | 'hold';
  transport(): Promise<Transporter> | Transporter | null;
  close(): Promise<void>;
}

function deliveryOf(deps: MailWorkerDeps, given: Transporter | undefined): Delivery {
  const { config } = deps;
  // nodemailer (0.6 MB of code) loads with the first mail to send, not with the server (issue 18's cold start).
  let own: Promise<Transporter> | null = null;
  const smtpUrl = given ? undefined : config.SMTP_URL;
  return {
    ...deps,
    mode: given || smtpUrl ? 'smtp' : config.NODE_ENV === 'production' ? 'hold' : 'log',
    transport: () => {
      if (given) return given;
      if (!smtpUrl) return null;
      own ??= import('nodemailer').then((m) => m.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
      return own;
    },
    close: async () => {
      if (own) (await own.catch(() => null))?.close();
    },
  };
}

/** Sends one mail through SMTP, or (no SMTP_URL, not production) writes it to the log for the dev mailbox. */
async function send(d: Delivery, row: OutboxRow, mail: z.infer<typeof payloadSchema>) {
  const smtp = await d.transport();
  if (!smtp) {
    d.log.info(
      { outboxId: row.id, to: mail.to, subject: mail.subject },
      `mail (not sent: SMTP_URL is not set; see /dev/mailbox)\n${mail.text}`,
    );
    return;
  }
  await smtp.sendMail({
    // One Message-ID per outbox row: a mail delivered again after a crash between the SMTP server's
    // acceptance and markSent is the same message, which receivers (and the crash test) recognise.
    messageId: `<${row.id}@outbox.haat>`,
    from: d.config.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
  });
}

/** Records a failed delivery: retried later with a back-off, or DEAD after the last attempt (logged either way). */
async function recordFailure(d: Delivery, row: OutboxRow, to: string | undefined, err: unknown) {
  const error = errorText(err);
  try {
    const next = await markFailed(d.db, row.id, error, row.attempts);
    d.log.warn(
      {
        outboxId: row.id,
        to,
        attempts: row.attempts,
        status: next?.status,
        nextAttemptAt: next?.nextAttemptAt,
        error,
      },
      next?.status === 'DEAD' ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
    );
  } catch (markErr) {
    d.log.error({ outboxId: row.id, error, err: markErr }, 'mail delivery failed and could not be recorded');
  }
}

/**
 * Marks a delivered mail SENT, trying again while its connection drops (a terminated backend, a restart, a
 * failover) until RECORD_WITHIN_MS after the claim, well inside the lease: a mail SMTP accepted is not claimed
 * and delivered a second time because one UPDATE lost its connection. Past that, the row is claimed again
 * after its lease (at least once; the Message-ID lets receivers drop the copy).
 */
async function recordSent(d: Delivery, row: OutboxRow, claimedAt: number): Promise<void> {
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    try {
      await markSent(d.db, row.id);
      return;
    } catch (err) {
      if (Date.now() + wait - claimedAt > RECORD_WITHIN_MS) {
        d.log.error({ outboxId: row.id, err }, 'mail delivered but not marked SENT');
        return;
      }
      d.log.warn({ outboxId: row.id, error: errorText(err) }, 'mail delivered; marking it SENT again');
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** Delivers one claimed row and records the outcome; true when it went out. */
async function deliver(d: Delivery, row: OutboxRow, claimedAt: number): Promise<boolean> {
  const parsed = payloadSchema.safeParse(row.payload);
  try {
    if (!parsed.success) throw new Error('invalid mail payload');
    await send(d, row, parsed.data);
  } catch (err) {
    await recordFailure(d, row, parsed.data?.to, err);
    return false;
  }
  await recordSent(d, row, claimedAt);
  return true;
}

/** Claims a batch of due mail and delivers it all at once (with the SMTP timeouts, inside the lease). */
async function deliverDue(d: Delivery, batchSize: number) {
  if (d.mode === 'hold') return { claimed: 0, delivered: 0 };
  const rows = await claimDueMail(d.db, batchSize);
  const claimedAt = Date.now();
  const results = await Promise.all(rows.map((row) => deliver(d, row, claimedAt)));
  return { claimed: rows.length, delivered: results.filter(Boolean).length };
}

/**
 * Delivers the outbox: polls for due mail and sends it through SMTP_URL. Without SMTP_URL (development, tests)
 * a mail is "delivered" by writing it to the log and marking it SENT; the dev mailbox page shows it. In
 * production without SMTP_URL nothing is delivered and mail waits in the outbox (an OTP in a production log
 * would be readable by anyone with log access).
 */
export function startMailWorker(deps: MailWorkerDeps, opts: MailWorkerOptions = {}): MailWorker {
  const intervalMs = opts.intervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 20;
  const d = deliveryOf(deps, opts.transport);
  if (d.mode === 'hold') {
    deps.log.error({}, 'SMTP_URL is not set: mail is kept in the outbox and not delivered until it is');
  }
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    const forget = () => inFlight.delete(p);
    p.then(forget, forget);
    return p;
  }

  async function tick() {
    timer = undefined;
    let full = false;
    try {
      full = (await track(deliverDue(d, batchSize))).claimed >= batchSize;
    } catch (err) {
      deps.log.error({ err }, 'mail worker run failed');
    }
    schedule(full ? 0 : intervalMs);
  }

  function schedule(ms: number) {
    if (stopped || d.mode === 'hold') return;
    timer = setTimeout(() => {
      tick().catch(() => {});
    }, ms);
    timer.unref();
  }

  schedule(intervalMs);

  return {
    runOnce: async () => (await track(deliverDue(d, batchSize))).delivered,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
      await d.close();
    },
  };
}

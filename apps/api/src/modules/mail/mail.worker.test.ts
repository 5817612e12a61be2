import { schema } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { enqueueMail, otpMail } from './mail.service.ts';
import { type MailLog, type MailWorker, startMailWorker } from './mail.worker.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from './testing/smtp-server.ts';

const { outbox } = schema;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Entry = { level: 'info' | 'warn' | 'error'; obj: object; msg?: string };
let logs: Entry[] = [];
const log: MailLog = {
  info: (obj, msg) => logs.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => logs.push({ level: 'error', obj, msg }),
};

let workers: MailWorker[] = [];
let servers: TestSmtpServer[] = [];
beforeEach(async () => {
  await t.owner.delete(outbox);
  logs = [];
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(servers.map((s) => s.close()));
  workers = [];
  servers = [];
});

const start = (env: Record<string, string>, intervalMs = 3_600_000) => {
  const w = startMailWorker(
    { db: t.appDb, config: loadConfig({ NODE_ENV: 'test', ...env }), log },
    { intervalMs },
  );
  workers.push(w);
  return w;
};
const smtpServer = async (port?: number) => {
  const s = await startSmtpServer(port);
  servers.push(s);
  return s;
};
const rowOf = async (id: string) => (await t.owner.select().from(outbox).where(eq(outbox.id, id)))[0];
const otp = (to: string) =>
  otpMail({ to, firstName: 'Asha', code: '604219', purpose: 'VERIFY_EMAIL', minutes: 10 });

describe('mail worker over SMTP', () => {
  it('delivers a queued mail exactly once and marks it SENT', async () => {
    const smtp = await smtpServer();
    const worker = start({ SMTP_URL: smtp.url, MAIL_FROM: 'Haat <no-reply@haat.test>' });
    const id = await enqueueMail(t.appDb, otp('asha@haat.test'));
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received?.from).toBe('no-reply@haat.test');
    expect(received?.to).toEqual(['asha@haat.test']);
    expect(received?.raw).toContain('Subject: Your Haat verification code');
    expect(received?.raw).toContain('604219');
    expect(received?.raw).toContain('text/html');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a mail PENDING while the server is down and delivers it once the server is back', async () => {
    const port = await freePort();
    const worker = start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const id = await enqueueMail(t.appDb, otp('later@haat.test'));
    expect(await worker.runOnce()).toBe(0);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const warn = logs.find((l) => l.level === 'warn');
    expect(warn?.obj).toMatchObject({ outboxId: id, attempts: 1, status: 'PENDING' });
    expect(JSON.stringify(warn)).not.toContain('604219');
    // Not due yet: nothing happens.
    expect(await worker.runOnce()).toBe(0);

    const smtp = await smtpServer(port);
    await t.owner
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    expect(await worker.runOnce()).toBe(1);
    expect(smtp.messages.map((m) => m.to)).toEqual([['later@haat.test']]);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('polls on its own and stop() waits for the run in progress', async () => {
    const smtp = await smtpServer();
    const worker = start({ SMTP_URL: smtp.url }, 20);
    const id = await enqueueMail(t.appDb, otp('polled@haat.test'));
    await vi.waitFor(async () => expect((await rowOf(id))?.status).toBe('SENT'), {
      timeout: 5000,
      interval: 25,
    });
    await worker.stop();
    const after = await enqueueMail(t.appDb, otp('after-stop@haat.test'));
    await new Promise((r) => setTimeout(r, 100));
    expect((await rowOf(after))?.status).toBe('PENDING');
    expect(smtp.messages).toHaveLength(1);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'records a delivery whose connection dropped right after SMTP accepted it, so it is not sent again',
    async () => {
      // Issue 35's fault suite: the app's connections terminated between the SMTP server's acceptance and
      // markSent left the row PENDING, and the next claim delivered the same mail a second time.
      const smtp = await smtpServer();
      const { createTransport } = await import('nodemailer');
      const real = createTransport({ url: smtp.url });
      const transport = {
        sendMail: async (m: Parameters<typeof real.sendMail>[0]) => {
          const info = await real.sendMail(m);
          // Hold the row so markSent is in flight when its connection is terminated, then let go.
          let release = () => {};
          const held = new Promise<void>((r) => {
            release = r;
          });
          let locked = () => {};
          const isLocked = new Promise<void>((r) => {
            locked = r;
          });
          holder = t.owner.transaction(async (tx) => {
            await tx.execute(sql`select 1 from outbox where id = ${id} for update`);
            locked();
            await held;
          });
          await isLocked;
          setTimeout(async () => {
            await t.owner.execute(
              sql`select pg_terminate_backend(pid) from pg_stat_activity
                  where datname = current_database() and usename = 'haat_app' and wait_event_type = 'Lock'`,
            );
            release();
          }, 150);
          return info;
        },
      } as unknown as Transporter;
      const worker = startMailWorker(
        { db: t.appDb, config: loadConfig({ NODE_ENV: 'test' }), log },
        { intervalMs: 3_600_000, transport },
      );
      workers.push(worker);
      let holder: Promise<void> = Promise.resolve();
      const id = await enqueueMail(t.appDb, otp('dropped@haat.test'));
      expect(await worker.runOnce()).toBe(1);
      await holder;
      expect((await rowOf(id))?.status).toBe('SENT');
      await t.owner.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.messages).toHaveLength(1);
      real.close();
    },
  );

  it('survives a failing database without throwing out of the timer', async () => {
    const broken = startMailWorker(
      {
        db: {
          select: () => {
            throw new Error('db down');
          },
        } as never,
        config: loadConfig({ NODE_ENV: 'test' }),
        log,
      },
      { intervalMs: 10 },
    );
    workers.push(broken);
    await vi.waitFor(() => expect(logs.filter((l) => l.level === 'error').length).toBeGreaterThan(1), {
      timeout: 5000,
    });
    await expect(broken.runOnce()).rejects.toThrow();
  });
});

describe('mail worker without SMTP_URL', () => {
  it('logs the mail (so the code shows in the terminal) and marks it SENT in development', async () => {
    const worker = start({});
    const id = await enqueueMail(t.appDb, otp('dev@haat.test'));
    expect(await worker.runOnce()).toBe(1);
    const info = logs.find((l) => l.level === 'info');
    expect(info?.obj).toMatchObject({ to: 'dev@haat.test', subject: 'Your Haat verification code' });
    expect(info?.msg).toContain('604219');
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('keeps mail in the outbox in production and never logs its body', async () => {
    const worker = start({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) });
    const id = await enqueueMail(t.appDb, otp('prod@haat.test'));
    expect(await worker.runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(logs.some((l) => l.level === 'error')).toBe(true);
    expect(JSON.stringify(logs)).not.toContain('604219');
  });
});

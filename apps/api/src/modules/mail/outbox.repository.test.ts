import { schema } from '@haat/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { enqueueMail } from './mail.service.ts';
import { type MailLog, type MailWorker, startMailWorker } from './mail.worker.ts';
import { backoffSeconds, claimDueMail, MAX_ATTEMPTS, markFailed, markSent } from './outbox.repository.ts';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp-server.ts';

const { outbox } = schema;
const quiet: MailLog = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.owner.delete(outbox);
  smtp.messages.length = 0;
});

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: `Body for ${to}` });
const rowOf = async (id: string) => (await t.owner.select().from(outbox).where(eq(outbox.id, id)))[0];

describe('enqueueMail', () => {
  it('writes a PENDING row with the payload and the shop', async () => {
    const storeId = '11111111-1111-4111-8111-111111111111';
    const id = await enqueueMail(t.appDb, { ...mail('one@haat.test'), html: '<p>hi</p>', storeId });
    expect(await rowOf(id)).toMatchObject({
      kind: 'mail',
      status: 'PENDING',
      attempts: 0,
      storeId,
      payload: {
        to: 'one@haat.test',
        subject: 'Hello one@haat.test',
        text: 'Body for one@haat.test',
        html: '<p>hi</p>',
      },
    });
  });

  it('sends nothing when the enqueuing transaction rolls back', async () => {
    await expect(
      t.appDb.transaction(async (tx) => {
        await enqueueMail(tx, mail('rolled-back@haat.test'));
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await t.owner.select().from(outbox)).toHaveLength(0);
    const worker = startMailWorker(
      { db: t.appDb, config: loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url }), log: quiet },
      { intervalMs: 3_600_000 },
    );
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('claiming', () => {
  it('leases a claimed row so nobody claims it again until the lease ends', async () => {
    const id = await enqueueMail(t.appDb, mail('lease@haat.test'));
    const [claimed] = await claimDueMail(t.appDb, 5);
    expect(claimed).toMatchObject({ id, attempts: 1, status: 'PENDING' });
    expect(claimed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await claimDueMail(t.appDb, 5)).toHaveLength(0);
    expect(await markSent(t.appDb, id)).toBe(true);
    expect(await markSent(t.appDb, id)).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('backs off exponentially, fences stale workers and gives up after the last attempt', async () => {
    expect([1, 2, 3, 9, 10].map(backoffSeconds)).toEqual([10, 20, 40, 2560, 3600]);
    const id = await enqueueMail(t.appDb, mail('flaky@haat.test'));
    await claimDueMail(t.appDb, 1);
    expect(await markFailed(t.appDb, id, 'stale', 0)).toBeNull();
    const failed = await markFailed(t.appDb, id, 'connection refused', 1);
    expect(failed?.status).toBe('PENDING');
    expect(await rowOf(id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'connection refused',
    });
    await t.owner
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    const [last] = await claimDueMail(t.appDb, 1);
    expect(last?.attempts).toBe(MAX_ATTEMPTS);
    expect((await markFailed(t.appDb, id, 'still refused', MAX_ATTEMPTS))?.status).toBe('DEAD');
    await t.owner
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    expect(await claimDueMail(t.appDb, 1)).toHaveLength(0);
  });

  // Needs a second connection holding the lock: registered on PostgreSQL only (PGlite is one connection). CI runs
  // the API tests on PostgreSQL first.
  const onPostgres = process.env.DATABASE_URL ? it : () => undefined;
  onPostgres('skips rows another transaction holds locked', async () => {
    const locked = await enqueueMail(t.appDb, mail('locked@haat.test'));
    const free = await enqueueMail(t.appDb, mail('free@haat.test'));
    await t.owner.transaction(async (tx) => {
      await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, locked)).for('update');
      const claimed = await claimDueMail(t.appDb, 10);
      expect(claimed.map((r) => r.id)).toEqual([free]);
    });
    expect((await claimDueMail(t.appDb, 10)).map((r) => r.id)).toEqual([locked]);
  });
});

describe('two workers at once', () => {
  let workers: MailWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
  });
  const start = (batchSize?: number) => {
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url });
    const w = startMailWorker({ db: t.appDb, config, log: quiet }, { intervalMs: 3_600_000, batchSize });
    workers.push(w);
    return w;
  };
  const enqueueTen = () =>
    Promise.all(Array.from({ length: 10 }, (_, i) => enqueueMail(t.appDb, mail(`c${i}@haat.test`))));
  const expectEachOnce = async (ids: string[], delivered: number) => {
    expect(delivered).toBe(10);
    expect(smtp.messages).toHaveLength(10);
    expect(new Set(smtp.messages.flatMap((m) => m.to)).size).toBe(10);
    const rows = await t.owner.select().from(outbox).where(inArray(outbox.id, ids));
    // attempts 1 everywhere: no row was ever claimed twice.
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(10).fill(['SENT', 1]));
  };

  it('deliver each of 10 mails exactly once in one run each', async () => {
    const ids = await enqueueTen();
    const [a, b] = await Promise.all([start().runOnce(), start().runOnce()]);
    await expectEachOnce(ids, a + b);
  });

  it('deliver each of 10 mails exactly once when draining in small batches', async () => {
    const ids = await enqueueTen();
    const drain = async (w: MailWorker) => {
      let total = 0;
      for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) total += n;
      return total;
    };
    const [a, b] = await Promise.all([drain(start(3)), drain(start(3))]);
    await expectEachOnce(ids, a + b);
  });
});

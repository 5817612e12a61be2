import { schema } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type Config, loadConfig } from '../../config.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { mailRoutes } from './mail.routes.ts';
import { enqueueMail } from './mail.service.ts';

const { outbox } = schema;
type Injector = Pick<TestApp['app'], 'inject'>;

/**
 * The app itself once app.ts registers mailRoutes(deps); until then the same plugin on a bare instance with the
 * app's compilers and error handler.
 */
async function mailboxApp(
  t: TestApp,
  config: Config,
): Promise<{ app: Injector; close: () => Promise<void> }> {
  if (t.app.hasRoute({ method: 'GET', url: '/api/dev/mailbox' }))
    return { app: t.app, close: async () => {} };
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(mailRoutes({ db: t.appDb, config }));
  await app.ready();
  return { app, close: () => app.close() };
}

describe('dev mailbox', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<typeof mailboxApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    m = await mailboxApp(t, loadConfig({ NODE_ENV: 'test' }));
  });
  afterAll(async () => {
    await m?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await t.owner.delete(outbox);
  });

  const queueAt = async (to: string, subject: string, minutesAgo: number, text = 'hello') => {
    const id = await enqueueMail(t.appDb, { to, subject, text });
    await t.owner
      .update(outbox)
      .set({ createdAt: sql`now() - ${minutesAgo}::int * interval '1 minute'` })
      .where(eq(outbox.id, id));
    return id;
  };
  const subjects = async (url: string) => {
    const res = await m.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { subject: string }[]).map((d) => d.subject);
  };

  it('lists mail newest first as JSON, filters by recipient and limits', async () => {
    const id = await queueAt('asha@haat.test', 'A1', 3, 'Your code is 123456');
    await queueAt('ravi@haat.test', 'R1', 2);
    await queueAt('asha@haat.test', 'A2', 1);
    const res = await m.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((d: { subject: string }) => d.subject)).toEqual(['A2', 'R1', 'A1']);
    expect(body.data[2]).toEqual({
      id,
      to: 'asha@haat.test',
      subject: 'A1',
      text: 'Your code is 123456',
      status: 'PENDING',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(await subjects('/api/dev/mailbox?to=Asha@Haat.test')).toEqual(['A2', 'A1']);
    expect(await subjects('/api/dev/mailbox?to=nobody@haat.test')).toEqual([]);
    expect(await subjects('/api/dev/mailbox?limit=1')).toEqual(['A2']);
    expect(await subjects('/api/dev/mailbox?to=')).toEqual(['A2', 'R1', 'A1']);
    const bad = await m.app.inject({ method: 'GET', url: '/api/dev/mailbox?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it('renders an escaped HTML page with the filter form', async () => {
    await queueAt('x@haat.test', '<script>alert(1)</script>', 2, 'a < b & "c"\nYour code: 987654');
    await queueAt('y@haat.test', 'For y', 1);
    const res = await m.app.inject({ method: 'GET', url: '/dev/mailbox?to=x@haat.test' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('Development mailbox — mail is not sent because SMTP_URL is not set');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<pre>a &lt; b &amp; &quot;c&quot;\nYour code: 987654</pre>');
    expect(html).toContain('IST');
    expect(html).toContain('value="x@haat.test"');
    expect(html).not.toContain('For y');
    const hostile = await m.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent('"><b>')}`,
    });
    expect(hostile.body).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect(hostile.body).not.toContain('"><b>');
    expect((await m.app.inject({ method: 'GET', url: '/dev/mailbox' })).body).toContain('For y');
  });
});

describe('dev mailbox in production', () => {
  it('does not exist', async () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) } as const;
    const t = await createTestApp(env);
    const bare = await mailboxApp(t, loadConfig(env));
    try {
      await enqueueMail(t.appDb, { to: 'secret@haat.test', subject: 'Your sign-in code', text: '555111' });
      for (const app of [t.app, bare.app]) {
        for (const url of ['/api/dev/mailbox', '/dev/mailbox', '/dev/mailbox?to=secret@haat.test']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(404);
          expect(res.body).not.toContain('555111');
        }
      }
    } finally {
      await bare.close();
      await t.close();
    }
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../../lib/errors.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { codOrder, whatsAppEvents } from './whatsapp.test-helpers.ts';
import { providerSender } from './whatsapp-sender.ts';

/**
 * The WhatsApp Business API provider path: a real HTTP server on this machine stands in for the provider, so
 * the request the server makes (URL, token, JSON body) and its handling of failures are what production does.
 */
type Seen = {
  method: string;
  url: string;
  auth: string | undefined;
  type: string | undefined;
  body: unknown;
};
let seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = () => {};
let provider: Server;
let providerUrl: string;
let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
const silentLog = { warn: () => {} };

beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body: raw ? JSON.parse(raw) : null,
      });
      answer(req, res);
    });
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1/messages`;
  t = await createTestApp({ WHATSAPP_API_URL: providerUrl, WHATSAPP_API_TOKEN: 'provider-test-token' });
  shops = await demoShops(t.owner);
  vendor = await demoVendor(t, shops.a);
});
afterAll(async () => {
  await t?.close();
  provider.closeAllConnections();
  await new Promise((done) => provider.close(done));
});
beforeEach(() => {
  seen = [];
});

const events = (orderId: string) => whatsAppEvents(t, shops.a.id, orderId);

async function placed() {
  const o = await codOrder(t, vendor, shops.a.slug, 1);
  return { id: o.id, number: o.number, phone: o.phone.replace(/\D/g, '').slice(-10) };
}

describe('with WHATSAPP_API_URL and WHATSAPP_API_TOKEN set', () => {
  it('sends through the provider: POST {to, text} with the Bearer token, and records "sent" on the timeline', async () => {
    answer = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"wamid.HBg1"}');
    const o = await placed();
    const listed = await vendor.call('GET', `/api/admin/order/${o.id}/whatsapp/`);
    expect(listed.json().data.sender).toBe('API');
    expect(seen).toEqual([]);

    const res = await vendor.call('POST', `/api/admin/order/${o.id}/whatsapp/`, {
      kind: 'ORDER_CONFIRMATION',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      kind: 'ORDER_CONFIRMATION',
      via: 'API',
      link: null,
      provider_id: 'wamid.HBg1',
    });
    expect(res.json().message).toBe('Order confirmation message sent on WhatsApp');
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call).toMatchObject({
      method: 'POST',
      url: '/v1/messages',
      auth: 'Bearer provider-test-token',
      type: 'application/json',
    });
    const body = call?.body as { to: string; text: string };
    expect(Object.keys(body).sort()).toEqual(['text', 'to']);
    expect(body.to).toBe(`91${o.phone}`);
    expect(body.text).toContain(o.number);
    expect((await events(o.id)).map((e) => e.note)).toEqual(['WhatsApp message sent: order confirmation']);
  });

  it('reports a provider error as 502 with a clear message and records nothing', async () => {
    answer = (_req, res) =>
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
    const o = await placed();
    const res = await vendor.call('POST', `/api/admin/order/${o.id}/whatsapp/`, { kind: 'PAYMENT_REMINDER' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'WhatsApp could not send the message: the provider answered 500. Try again, or send it from WhatsApp yourself.',
    );
    expect(res.json().error.reason).toBe('WHATSAPP_PROVIDER_FAILED');
    expect(seen).toHaveLength(1);
    expect(await events(o.id)).toEqual([]);
  });

  it('gives up on a provider that does not answer in time, and on one that cannot be reached', async () => {
    answer = () => {}; // never answers
    const slow = providerSender({ url: providerUrl, token: 'x', timeoutMs: 300 }, silentLog);
    const started = Date.now();
    const late = await slow.send({ to: '919876543210', text: 'Hi' }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).statusCode).toBe(502);
    expect((late as AppError).message).toContain('did not answer in 300 ms');

    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const away = providerSender({ url: `http://127.0.0.1:${port}/send`, token: 'x' }, silentLog);
    const refused = await away.send({ to: '919876543210', text: 'Hi' }).catch((e: unknown) => e);
    expect((refused as AppError).statusCode).toBe(502);
    expect((refused as AppError).message).toContain('the provider could not be reached');
  });
});

describe('configuration', () => {
  it('needs the URL and the token together', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(() => loadConfig({ WHATSAPP_API_URL: 'https://wa.example.in/send' })).toThrow(
      /WHATSAPP_API_TOKEN: set WHATSAPP_API_URL and WHATSAPP_API_TOKEN together/,
    );
    expect(loadConfig({}).WHATSAPP_API_URL).toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import type { Deps } from '../../lib/deps.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { gatewayKey, type SecretBox, secretBox } from '../../lib/secret-box.ts';
import { FakeRazorpay } from './fake-razorpay.ts';
import type { GatewayRow } from './gateway.repository.ts';
import type { PaymentProvider } from './provider.ts';
import { razorpayProvider } from './razorpay.ts';

/*
 * A shop's provider from its stored gateway row: the secrets opened with the server's key, the SDK pointed at
 * RAZORPAY_API_URL (LIVE) or at the development test gateway (TEST).
 */

export const webhookPath = (storeId: string) => `/api/store/gateway/razorpay/webhook/${storeId}/`;

let warned = false;
/** The sealer of gateway secrets, or null (production without GATEWAY_SECRET_KEY). */
export function sealer(deps: Pick<Deps, 'config'>): SecretBox | null {
  const key = gatewayKey(deps.config, (m) => {
    if (!warned) console.warn(m);
    warned = true;
  });
  return key ? secretBox(key) : null;
}

export function requireSealer(deps: Pick<Deps, 'config'>) {
  const box = sealer(deps);
  if (!box) {
    throw conflict(
      'Online payments are not set up on this server yet (GATEWAY_SECRET_KEY).',
      'GATEWAY_KEY_MISSING',
    );
  }
  return box;
}

export interface OpenKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The row's secrets in clear; a 409 when they no longer open (the server's key changed). */
export function openKeys(deps: Pick<Deps, 'config'>, row: GatewayRow): OpenKeys {
  const box = requireSealer(deps);
  try {
    return {
      keyId: row.keyId,
      keySecret: box.open(row.keySecretEnc),
      webhookSecret: box.open(row.webhookSecretEnc),
    };
  } catch {
    throw new AppError(
      409,
      'CONFLICT',
      "The payment gateway's keys can no longer be read on this server. Connect the gateway again in Settings.",
      { reason: 'GATEWAY_KEYS_UNREADABLE' },
    );
  }
}

export async function providerFor(deps: Pick<Deps, 'config'>, row: GatewayRow): Promise<PaymentProvider> {
  const keys = openKeys(deps, row);
  const baseUrl = row.mode === 'TEST' ? await testGatewayUrl(deps) : deps.config.RAZORPAY_API_URL;
  return razorpayProvider({ ...keys, baseUrl });
}

let devGateway: Promise<string> | null = null;
/** The test gateway this process runs, if it does. */
let devFake: FakeRazorpay | null = null;
/** This server as the test gateway reaches it (http://127.0.0.1:port), once it listens: its webhooks go there. */
let selfOrigin: string | null = null;
export const setTestGatewayOrigin = (origin: string) => {
  selfOrigin = origin;
};
export const testGatewayOrigin = () => selfOrigin;

/** Stops the test gateway this process runs (its books are lost, as in a restart); the next call starts one. */
export async function stopTestGateway() {
  const fake = devFake;
  devFake = null;
  devGateway = null;
  await fake?.close();
}

/**
 * The development test gateway's URL: a FakeRazorpay on TEST_GATEWAY_PORT, started by the first process that
 * needs it (another worker, or another server on this machine, may already run it: then that one is used).
 */
export function testGatewayUrl(deps: Pick<Deps, 'config'>): Promise<string> {
  if (deps.config.NODE_ENV === 'production') {
    return Promise.reject(notFound('There is no test gateway in production.'));
  }
  devGateway ??= (async () => {
    const port = deps.config.TEST_GATEWAY_PORT;
    const fake = new FakeRazorpay();
    fake.autoSettleRefundsMs = 2000;
    await fake.listen(port).then(
      () => {
        fake.unref();
        devFake = fake;
      },
      (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EADDRINUSE') throw e;
      },
    );
    return `http://127.0.0.1:${port}`;
  })().catch((e) => {
    devGateway = null;
    throw e;
  });
  return devGateway;
}

/** Tells the test gateway about a shop's keys and where its webhooks go (again after a restart of the gateway). */
export async function registerTestAccount(deps: Pick<Deps, 'config'>, keys: OpenKeys, webhookUrl: string) {
  await callTestGateway(deps, '/_fake/accounts', { ...keys, webhookUrl });
}

/**
 * A control call to the test gateway (its answer as JSON): unreachable (the process that ran it stopped), the next
 * call starts one again; any failure is a 409 to try again, never a 500.
 */
export async function callTestGateway<T = unknown>(deps: Pick<Deps, 'config'>, path: string, body?: object) {
  const send = async () =>
    fetch(`${await testGatewayUrl(deps)}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => {
      devGateway = null;
      return null;
    });
  // Once more on no answer: a connection kept alive to a gateway that has just stopped fails on first use (the
  // control calls are idempotent), and the second call starts the gateway again when nobody runs it.
  const r = (await send()) ?? (await send());
  if (r?.status === 404) throw notFound('The test gateway does not know this payment (was it restarted?)');
  if (!r?.ok) throw conflict('The test gateway did not answer. Try again.', 'GATEWAY_UNREACHABLE');
  return (await r.json()) as T;
}

/** New keys for the test gateway: shaped like Razorpay's test keys, random. */
export function testKeys(): OpenKeys {
  const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x');
  return { keyId: `rzp_test_${token(10)}`, keySecret: token(18), webhookSecret: token(18) };
}

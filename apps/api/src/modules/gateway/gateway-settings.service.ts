import type { GatewaySettings, GatewaySettingsBody } from '@haat/contracts';
import { withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './gateway.repository.ts';
import { GatewayError } from './provider.ts';
import { razorpayProvider } from './razorpay.ts';
import { type OpenKeys, registerTestAccount, requireSealer, testGatewayUrl, testKeys } from './registry.ts';

/*
 * The shop's payment gateway in Settings (issue 44): connecting checks the keys with a test call first, then keeps
 * them sealed (registry.ts); what the back office reads back has the key id and never a secret.
 */

export const WEBHOOK_EVENTS = ['payment.captured', 'payment.failed', 'refund.processed'];

export async function gatewaySettings(ctx: ShopContext, webhookUrl: string): Promise<GatewaySettings> {
  const row = await withStore(ctx.deps.db, ctx.store.id, (tx) => repo.findGateway(tx));
  return {
    connected: !!row,
    provider: row?.provider ?? null,
    mode: row?.mode ?? null,
    key_id: row?.keyId ?? null,
    verified_at: row?.verifiedAt.toISOString() ?? null,
    webhook_url: webhookUrl,
    webhook_events: WEBHOOK_EVENTS,
    test_gateway_available: ctx.deps.config.NODE_ENV !== 'production',
  };
}

/** The keys answer a test call at `baseUrl`, else 400 naming the field (nothing is saved). */
async function checkKeys(keys: OpenKeys, baseUrl: string) {
  try {
    await (await razorpayProvider({ ...keys, baseUrl })).checkKeys();
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    if (e.reason === 'AUTH') {
      throw new AppError(400, 'VALIDATION_FAILED', e.message, {
        issues: [{ path: 'key_secret', message: 'Razorpay did not accept this key id and secret' }],
      });
    }
    throw new AppError(409, 'CONFLICT', e.message, { reason: 'GATEWAY_UNREACHABLE' });
  }
}

async function save(ctx: ShopContext, keys: OpenKeys, mode: 'LIVE' | 'TEST', webhookUrl: string) {
  const box = requireSealer(ctx.deps);
  await withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    await repo.saveGateway(tx, {
      storeId: ctx.store.id,
      provider: 'RAZORPAY',
      mode,
      keyId: keys.keyId,
      keySecretEnc: box.seal(keys.keySecret),
      webhookSecretEnc: box.seal(keys.webhookSecret),
      verifiedAt: ctx.now(),
    });
    await recordAudit(tx, ctx.store.id, ctx.actor, {
      entity: 'SETTINGS',
      action: 'UPDATE',
      summary: `Payment gateway connected: Razorpay ${mode === 'TEST' ? 'test gateway' : 'key'} ${keys.keyId}`,
    });
  });
  return gatewaySettings(ctx, webhookUrl);
}

export async function connectGateway(ctx: ShopContext, body: GatewaySettingsBody, webhookUrl: string) {
  requireSealer(ctx.deps);
  const keys = {
    keyId: body.key_id.trim(),
    keySecret: body.key_secret.trim(),
    webhookSecret: body.webhook_secret.trim(),
  };
  await checkKeys(keys, ctx.deps.config.RAZORPAY_API_URL);
  return save(ctx, keys, 'LIVE', webhookUrl);
}

/** Development only: new keys at the built-in test gateway, its webhooks sent to this server. */
export async function connectTestGateway(
  ctx: ShopContext,
  urls: { webhookUrl: string; localWebhookUrl: string },
) {
  if (ctx.deps.config.NODE_ENV === 'production') throw notFound('There is no test gateway in production.');
  const keys = testKeys();
  await registerTestAccount(ctx.deps, keys, urls.localWebhookUrl);
  await checkKeys(keys, await testGatewayUrl(ctx.deps));
  return save(ctx, keys, 'TEST', urls.webhookUrl);
}

export async function disconnectGateway(ctx: ShopContext, webhookUrl: string) {
  await withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    if (!(await repo.removeGateway(tx))) return;
    await recordAudit(tx, ctx.store.id, ctx.actor, {
      entity: 'SETTINGS',
      action: 'UPDATE',
      summary: 'Payment gateway disconnected',
    });
  });
  return gatewaySettings(ctx, webhookUrl);
}

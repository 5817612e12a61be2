import {
  envelope,
  errorEnvelope,
  gatewayMismatch,
  gatewayMismatches,
  gatewayMismatchQuery,
  gatewaySettings,
  gatewaySettingsBody,
  onlinePayment,
  paymentResult,
  paymentReturnBody,
  resolveMismatchBody,
} from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireShopCustomer, requireVendorStore } from '../../plugins/auth.ts';
import { originOf, type StoreRow, storeUrl } from '../stores/index.ts';
import * as settings from './gateway-settings.service.ts';
import * as online from './online-payment.service.ts';
import { listMismatches, resolveMismatch } from './recon-view.ts';
import { webhookPath } from './registry.ts';
import { receiveWebhook } from './webhook.service.ts';

const tags = ['payment gateway'];
const headers = storeOriginHeaders;

/** The webhook URL a merchant pastes in the Razorpay Dashboard: the shop's own address. */
const webhookUrl = (deps: Deps, req: FastifyRequest, store: StoreRow) =>
  new URL(webhookPath(store.id), storeUrl(deps, store, originOf(req))).toString();
/** The same, as this server reaches itself (the development test gateway runs on this machine). */
export const localWebhookUrl = (req: FastifyRequest, storeId: string) =>
  `http://127.0.0.1:${req.socket.localPort}${webhookPath(storeId)}`;
export const testPagePath = (storeId: string, gatewayOrderId: string) =>
  `/dev/test-gateway/${storeId}/${gatewayOrderId}`;

/** The back office's gateway settings (Settings → Payments): the key id shows, secrets never. */
export const adminGatewayRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const reply = { 200: envelope(gatewaySettings), ...errorReplies };
    app.get('/payment-gateway/', {
      schema: {
        tags,
        summary: "The shop's payment gateway (key id, webhook URL; never a secret)",
        headers,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        const ctx = shopContext(deps, req, actor, store);
        return ok(await settings.gatewaySettings(ctx, webhookUrl(deps, req, store)), 'Payment gateway');
      },
    });
    app.put('/payment-gateway/', {
      schema: {
        tags,
        summary: 'Connect Razorpay: the keys are checked with a test call, then kept encrypted',
        headers,
        body: gatewaySettingsBody,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        const ctx = shopContext(deps, req, actor, store);
        const data = await settings.connectGateway(ctx, req.body, webhookUrl(deps, req, store));
        return ok(data, 'Razorpay connected');
      },
    });
    app.post('/payment-gateway/test-gateway/', {
      schema: {
        tags,
        summary: 'Development only: connect the built-in test gateway (404 in production)',
        headers,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        const ctx = shopContext(deps, req, actor, store);
        const urls = {
          webhookUrl: webhookUrl(deps, req, store),
          localWebhookUrl: localWebhookUrl(req, store.id),
        };
        return ok(await settings.connectTestGateway(ctx, urls), 'Test gateway connected');
      },
    });
    app.delete('/payment-gateway/', {
      schema: {
        tags,
        summary: 'Disconnect the payment gateway (online payments stop being offered)',
        headers,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        const ctx = shopContext(deps, req, actor, store);
        return ok(
          await settings.disconnectGateway(ctx, webhookUrl(deps, req, store)),
          'Payment gateway disconnected',
        );
      },
    });
    mismatchRoutes(app, deps);
  };

/** Reconciliation's mismatches: the open or resolved list, and marking one resolved with a note. */
function mismatchRoutes(app: ZodApp, deps: Deps) {
  app.get('/payment-gateway/mismatches/', {
    schema: {
      tags,
      summary: "What the daily reconciliation with the gateway's settlements found wrong (open, or resolved)",
      headers,
      querystring: gatewayMismatchQuery,
      response: { 200: envelope(gatewayMismatches), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      return ok(await listMismatches(ctx, req.query.status), 'Reconciliation mismatches');
    },
  });
  app.post('/payment-gateway/mismatches/:id/resolve/', {
    schema: {
      tags,
      summary: 'Mark a reconciliation mismatch resolved, with what was done about it (audited)',
      headers,
      params: idParam,
      body: resolveMismatchBody,
      response: { 200: envelope(gatewayMismatch), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      return ok(await resolveMismatch(ctx, req.params.id, req.body.note), 'Mismatch resolved');
    },
  });
}

/** The shopper pays a placed order online, and the gateway's webhook. */
export const storeGatewayRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    shopperPaymentRoutes(app, deps);
    await app.register(webhookRoute(deps));
  };

function shopperPaymentRoutes(app: ZodApp, deps: Deps) {
  app.post('/order/:id/pay-online/', {
    schema: {
      tags,
      summary:
        "A gateway order for the placed order's amount (made once, reused on a retry) to open the checkout with",
      headers,
      params: idParam,
      response: { 200: envelope(onlinePayment), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const links = {
        testPage: (gatewayOrderId: string) => testPagePath(store.id, gatewayOrderId),
        localWebhookUrl: localWebhookUrl(req, store.id),
      };
      const data = await online.startOnlinePayment(
        shopContext(deps, req, actor, store),
        req.params.id,
        links,
      );
      return ok(data, data.paid ? 'Already paid' : 'Pay online');
    },
  });
  app.post('/order/:id/payment-return/', {
    schema: {
      tags,
      summary: "The gateway checkout's signed answer: verified, then the payment is read from the gateway",
      headers,
      params: idParam,
      body: paymentReturnBody,
      response: { 200: envelope(paymentResult), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const data = await online.paymentReturn(shopContext(deps, req, actor, store), req.params.id, req.body);
      return ok(data, data.message);
    },
  });
  app.get('/order/:id/payment-status/', {
    schema: {
      tags,
      summary: "The order's online payment: PAID, PENDING or FAILED",
      headers,
      params: idParam,
      response: { 200: envelope(paymentResult), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const data = await online.paymentStatus(shopContext(deps, req, actor, store), req.params.id);
      return ok(data, data.message);
    },
  });
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Razorpay's event body: only what is read is required; the rest passes through (signed as a whole). */
const webhookBody = z.looseObject({
  entity: z.string().max(50).optional(),
  event: z.string().min(1).max(100),
  payload: z.record(z.string(), z.unknown()),
});

/** The webhook in a plugin of its own: its JSON parser keeps the raw body the signature is over. */
const webhookRoute =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (req, body, done) => {
        const raw = String(body);
        rawBodies.set(req, raw);
        try {
          done(null, JSON.parse(raw));
        } catch {
          done(badRequest('The body is not JSON', [{ path: 'body', message: 'The body is not JSON' }]));
        }
      },
    );
    app.post('/gateway/razorpay/webhook/:store_id/', {
      schema: {
        tags,
        summary:
          "Razorpay's webhook for a shop: signed (X-Razorpay-Signature over the raw body), once per event id",
        params: z.object({ store_id: z.uuid({ error: 'store_id must be a valid id' }) }),
        headers: z.object({
          'x-razorpay-signature': z.string().max(200).optional(),
          'x-razorpay-event-id': z.string().max(200).optional(),
        }),
        body: webhookBody,
        response: {
          200: envelope(z.object({ outcome: z.string() })),
          400: errorEnvelope,
          404: errorEnvelope,
          429: errorEnvelope,
        },
      },
      handler: async (req) => {
        const storeId = req.params.store_id;
        await enforceLimits(
          deps,
          [
            { key: `gateway-webhook:${storeId}`, max: 600, windowSeconds: 60 },
            { key: `gateway-webhook-ip:${req.ip}`, max: 1200, windowSeconds: 60 },
          ],
          'Too many webhook deliveries. Please retry later.',
        );
        const data = await receiveWebhook(deps, {
          storeId,
          raw: rawBodies.get(req) ?? JSON.stringify(req.body),
          signature: req.headers['x-razorpay-signature'],
          eventId: req.headers['x-razorpay-event-id'],
        });
        return ok(data, `Webhook: ${data.outcome}`);
      },
    });
  };

import {
  envelope,
  errorEnvelope,
  saleNotifyBody,
  saleNotifyData,
  shopNewsletterBody,
  shopNewsletterData,
  stockAlertBody,
  stockAlertData,
  subscriptionConfirmBody,
  subscriptionConfirmData,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idField, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { optionalActor } from '../../plugins/auth.ts';

import { originOf, requireOpenStore } from '../stores/index.ts';
import { confirmShopSubscription } from './confirmation.service.ts';
import * as engagement from './engagement.service.ts';
import { subscribeToStock } from './stock-alerts.service.ts';

const errors = { ...errorReplies, 429: errorEnvelope };
const headers = storeOriginHeaders;
/** What a signed-out shopper is told after signing up: nothing happens until they open the mailed link. */
export const CHECK_MAIL = 'Check your mail to confirm';

/** Shopper sign-ups of a storefront (store service): Notify Me on sales and stock, and the footer newsletter. */
export const engagementRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    notifyRoutes(app, deps);
    listRoutes(app, deps);
  };

/** Notify Me on an upcoming sale, and when a sold-out product or option is back. */
function notifyRoutes(app: ZodApp, deps: Deps) {
  app.post('/stores/product/store-deals/:dealId/notify/', {
    schema: {
      tags: ['storefront'],
      summary: 'Notify Me: mail this address once when an upcoming sale of the shop starts',
      description:
        "A signed-in customer of the shop with a verified email is subscribed with it: 201 when added, 200 when already on the list. Anyone else gives `email` and gets 202: the address is mailed a one-time link and is on the list once it is opened (double opt-in; the answer is the same whatever the address's state). 409 when the sale has started or ended.",
      headers,
      params: z.object({ dealId: idField('dealId') }),
      body: saleNotifyBody.nullish(),
      response: {
        200: envelope(saleNotifyData),
        201: envelope(saleNotifyData),
        202: envelope(saleNotifyData),
        ...errors,
      },
    },
    handler: async (req, reply) => {
      const store = await requireOpenStore(deps, req);
      await engagement.limitSubscriptions(deps, req, 'sale-notify');
      const actor = await optionalActor(deps, req);
      const origin = originOf(req);
      const data = await engagement.subscribeToSale(
        deps,
        { store, origin, actor },
        { dealId: req.params.dealId, email: req.body?.email },
      );
      if (data.pending) return reply.code(202).send(ok(data, CHECK_MAIL));
      return data.already_subscribed
        ? reply.code(200).send(ok(data, "You're already on the list"))
        : reply.code(201).send(ok(data, "We'll email you when the sale starts"));
    },
  });

  app.post('/stores/product/:id/notify-stock/', {
    schema: {
      tags: ['storefront'],
      summary:
        "Notify me when it's back: mail this address once when the product (or option) has stock again",
      description:
        'For an out-of-stock variant of an active product (`variant_id`, or the product’s only one). A signed-in customer of the shop with a verified email is subscribed with it: 201 when added, 200 when already on the list. Anyone else gives `email` and gets 202: the address is mailed a one-time link and is on the list once it is opened. 409 (reason IN_STOCK) when it can be ordered now.',
      headers,
      params: z.object({ id: idField('id') }),
      body: stockAlertBody.nullish(),
      response: {
        200: envelope(stockAlertData),
        201: envelope(stockAlertData),
        202: envelope(stockAlertData),
        ...errors,
      },
    },
    handler: async (req, reply) => {
      const store = await requireOpenStore(deps, req);
      await engagement.limitSubscriptions(deps, req, 'stock-alert');
      const data = await subscribeToStock(
        deps,
        { store, origin: originOf(req), actor: await optionalActor(deps, req) },
        { productId: req.params.id, variantId: req.body?.variant_id, email: req.body?.email },
      );
      if (data.pending) return reply.code(202).send(ok(data, CHECK_MAIL));
      return data.already_subscribed
        ? reply.code(200).send(ok(data, "You're already on the list"))
        : reply.code(201).send(ok(data, "We'll email you when it's back"));
    },
  });
}

/** The shop's newsletter and the double opt-in link of every shop list. */
function listRoutes(app: ZodApp, deps: Deps) {
  app.post('/newsletter/', {
    schema: {
      tags: ['storefront'],
      summary: "Subscribe an email to the shop's newsletter (the storefront footer)",
      description:
        'Double opt-in: 202, and the address is mailed a one-time link; it is on the list once the link is opened. The answer is the same for a new, pending or subscribed address.',
      headers,
      body: shopNewsletterBody,
      response: { 202: envelope(shopNewsletterData), ...errors },
    },
    handler: async (req, reply) => {
      const store = await requireOpenStore(deps, req);
      await engagement.limitSubscriptions(deps, req, 'shop-newsletter');
      const data = await engagement.subscribeToShopNewsletter(deps, store, originOf(req), req.body.email);
      return reply.code(202).send(ok(data, CHECK_MAIL));
    },
  });

  app.post('/subscription/confirm/', {
    schema: {
      tags: ['storefront'],
      summary: "Open a double opt-in link of the shop's lists (Notify Me or its newsletter)",
      description:
        'The token from the mailed link; it works once, for 7 days. 400 naming `token` when it has expired, was used or was replaced by a newer mail.',
      headers,
      body: subscriptionConfirmBody,
      response: { 200: envelope(subscriptionConfirmData), ...errors },
    },
    handler: async (req) => {
      const store = await requireOpenStore(deps, req);
      const data = await confirmShopSubscription(deps, store, req.body.token);
      return ok(data, data.list === 'NEWSLETTER' ? "You're subscribed" : "You're on the list");
    },
  });
}

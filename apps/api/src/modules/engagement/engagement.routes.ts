import {
  envelope,
  errorEnvelope,
  saleNotifyBody,
  saleNotifyData,
  shopNewsletterBody,
  shopNewsletterData,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { optionalActor } from '../../plugins/auth.ts';
import { requireOpenStore } from '../stores/stores.service.ts';
import * as engagement from './engagement.service.ts';

const errors = { ...errorReplies, 429: errorEnvelope };
const headers = storeOriginHeaders;

/** Shopper sign-ups of a storefront (store service): Notify Me on upcoming sales and the footer newsletter. */
export const engagementRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/stores/product/store-deals/:dealId/notify/', {
      schema: {
        tags: ['storefront'],
        summary: 'Notify Me: mail this address once when an upcoming sale of the shop starts',
        description:
          'A signed-in customer of the shop is subscribed with their account email; otherwise `email` is required. 201 when added, 200 when the address was already on the list, 409 when the sale has started or ended.',
        headers,
        params: z.object({ dealId: z.string().max(100) }),
        body: saleNotifyBody.nullish(),
        response: { 200: envelope(saleNotifyData), 201: envelope(saleNotifyData), ...errors },
      },
      handler: async (req, reply) => {
        const store = await requireOpenStore(deps, req);
        await engagement.limitSubscriptions(deps, req, 'sale-notify');
        const actor = await optionalActor(deps, req);
        const data = await engagement.subscribeToSale(deps, store, actor, req.params.dealId, req.body?.email);
        return data.already_subscribed
          ? reply.code(200).send(ok(data, "You're already on the list"))
          : reply.code(201).send(ok(data, "We'll email you when the sale starts"));
      },
    });

    app.post('/newsletter/', {
      schema: {
        tags: ['storefront'],
        summary: "Subscribe an email to the shop's newsletter (the storefront footer)",
        headers,
        body: shopNewsletterBody,
        response: { 201: envelope(shopNewsletterData), ...errors },
      },
      handler: async (req, reply) => {
        const store = await requireOpenStore(deps, req);
        await engagement.limitSubscriptions(deps, req, 'shop-newsletter');
        const data = await engagement.subscribeToShopNewsletter(deps, store, req.body.email);
        return reply.code(201).send(ok(data, 'Thanks for subscribing!'));
      },
    });
  };

import { deliveryCheck, deliveryCheckQuery, envelope, pinParam, pinPlace } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { optionalActor } from '../../plugins/auth.ts';

import { requireOpenStore } from '../stores/index.ts';
import { checkDelivery, lookupPin } from './pincode.service.ts';

/** PIN codes (issue 40): where a PIN code is, for address forms, and a shop's "Check delivery" on a product page. */
export const pincodeRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/pincode/:pin/', {
      schema: {
        tags: ['checkout'],
        summary: "Where a PIN code is (city and state), from India Post's PIN code directory",
        params: pinParam,
        response: { 200: envelope(pinPlace), ...errorReplies },
      },
      handler: async (req, reply) => {
        const place = lookupPin(req.params.pin);
        // The directory changes only with a new release: browsers may keep an answer (not a 404) for a day.
        reply.header('cache-control', 'public, max-age=86400');
        return ok(place, 'PIN code found');
      },
    });

    app.get('/check-delivery/', {
      schema: {
        tags: ['checkout'],
        summary:
          "Check delivery on a product page: the shop's delivery options, dates and cash on delivery at a PIN code",
        headers: storeOriginHeaders,
        querystring: deliveryCheckQuery,
        response: { 200: envelope(deliveryCheck), ...errorReplies },
      },
      handler: async (req) => {
        const store = await requireOpenStore(deps, req);
        const actor = await optionalActor(deps, req);
        const check = await checkDelivery({ deps, store, actor, now: () => new Date() }, req.query);
        return ok(check, check.delivers ? 'Delivery checked' : 'This shop does not deliver there');
      },
    });
  };

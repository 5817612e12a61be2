import { envelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';

import { requireOpenStore } from '../stores/index.ts';
import { recordVisit } from './visits.service.ts';

/** The storefront's visit beacon (store service; the shop by store-origin or host), for the Conversion Rate. */
export const visitRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/store-visit/', {
      schema: {
        tags: ['stores'],
        summary:
          'Counts one storefront page load for the shop (no cookies; robots by user agent are not counted)',
        headers: storeOriginHeaders,
        body: z.strictObject({}).optional(),
        response: {
          200: envelope(z.object({ counted: z.boolean(), reason: z.enum(['COUNTED', 'BOT', 'OVER_LIMIT']) })),
          ...errorReplies,
        },
      },
      handler: async (req) => {
        const store = await requireOpenStore(deps, req);
        const reason = await recordVisit(deps, store, { userAgent: req.headers['user-agent'], ip: req.ip });
        return ok({ counted: reason === 'COUNTED', reason }, 'Visit noted');
      },
    });
  };

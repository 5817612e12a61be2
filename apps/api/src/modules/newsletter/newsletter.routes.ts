import {
  envelope,
  errorEnvelope,
  newsletterBody,
  subscriptionConfirmBody,
  subscriptionConfirmData,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';

import {
  CHECK_MAIL,
  confirmPlatformNewsletter,
  limitSubscriptions,
  normalise,
  subscribeToPlatformNewsletter,
} from '../engagement/index.ts';
import { originOf } from '../stores/index.ts';

/** The platform newsletter of the landing page footer (user service), with double opt-in. */
export const newsletterRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/newsletter/', {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email to the platform newsletter',
        description:
          'Double opt-in: 202, and the address is mailed a one-time link; it is on the list once the link is opened. The answer is the same for a new, pending or subscribed address.',
        body: newsletterBody,
        response: { 202: envelope(z.object({ email: z.string() })), 400: errorEnvelope, 429: errorEnvelope },
      },
      handler: async (req, reply) => {
        await limitSubscriptions(deps, req, 'newsletter');
        const data = await subscribeToPlatformNewsletter(deps, originOf(req), normalise(req.body.email));
        return reply.code(202).send(ok(data, CHECK_MAIL));
      },
    });

    app.post('/newsletter/confirm/', {
      schema: {
        tags: ['newsletter'],
        summary: 'Open a double opt-in link of the platform newsletter',
        description:
          'The token from the mailed link; it works once, for 7 days. 400 naming `token` otherwise.',
        body: subscriptionConfirmBody,
        response: { 200: envelope(subscriptionConfirmData), 400: errorEnvelope },
      },
      handler: async (req) => ok(await confirmPlatformNewsletter(deps, req.body.token), "You're subscribed"),
    });
  };

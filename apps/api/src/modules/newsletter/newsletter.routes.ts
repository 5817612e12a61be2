import { envelope, errorEnvelope, newsletterBody } from '@haat/contracts';
import { schema } from '@haat/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { conflict } from '../../lib/errors.ts';
import { limitSubscriptions } from '../engagement/engagement.service.ts';

/** The platform newsletter of the landing page footer (user service). */
export const newsletterRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/newsletter/', {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email to the platform newsletter',
        body: newsletterBody,
        response: {
          201: envelope(z.object({ email: z.string() })),
          400: errorEnvelope,
          409: errorEnvelope,
          429: errorEnvelope,
        },
      },
      handler: async (req, reply) => {
        await limitSubscriptions(deps, req, 'newsletter');
        const email = req.body.email.trim().toLowerCase();
        const inserted = await deps.db
          .insert(schema.newsletterSubscriptions)
          .values({ email })
          .onConflictDoNothing()
          .returning({ email: schema.newsletterSubscriptions.email });
        if (!inserted.length) throw conflict('This email is already subscribed', 'ALREADY_SUBSCRIBED');
        return reply.code(201).send(ok({ email }, 'Thanks for subscribing! Watch your inbox for updates.'));
      },
    });
  };

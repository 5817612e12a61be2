import {
  auditPage,
  auditQuery,
  envelope,
  platformShopList,
  platformShopQuery,
  platformStatusBody,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam } from '../../lib/route-schemas.ts';
import { requireActor } from '../../plugins/auth.ts';
import * as platform from './platform.service.ts';

const OPERATOR = ['ADMIN'] as const;

/** The platform operator's console (role ADMIN), under /api/platform: not a shop's back office. */
export const platformRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/shops/', {
      schema: {
        tags: ['platform'],
        summary: 'Every shop: owner, plan, status, created, orders in the last 30 days, last activity',
        querystring: platformShopQuery,
        response: { 200: envelope(platformShopList), ...errorReplies },
      },
      handler: async (req) => {
        await requireActor(deps, req, OPERATOR);
        return ok(await platform.listShops(deps, req.query), 'Shops fetched');
      },
    });

    app.get('/shops/:id/audit/', {
      schema: {
        tags: ['platform'],
        summary: "A shop's audit trail, for the operator (the same filters as the shop's own)",
        params: idParam,
        querystring: auditQuery,
        response: { 200: envelope(auditPage), ...errorReplies },
      },
      handler: async (req) => {
        await requireActor(deps, req, OPERATOR);
        return ok(await platform.shopAudit(deps, req.params.id, req.query), 'Audit trail fetched');
      },
    });

    app.put('/shops/:id/status/', {
      schema: {
        tags: ['platform'],
        summary: 'Suspend a shop (with a reason mailed to its owner), lift it, or put it under maintenance',
        params: idParam,
        body: platformStatusBody,
        response: {
          200: envelope(z.object({ online_status: z.string(), status_note: z.string().nullable() })),
          ...errorReplies,
        },
      },
      handler: async (req) => {
        const actor = await requireActor(deps, req, OPERATOR);
        const saved = await platform.setShopStatus(deps, actor, req.params.id, req.body);
        return ok(
          {
            online_status: saved.online_status,
            status_note: req.body.online_status === 'PUBLISHED' ? null : (req.body.reason ?? null),
          },
          `Shop status set to ${req.body.online_status}`,
        );
      },
    });
  };

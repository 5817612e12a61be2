import {
  acceptInviteBody,
  envelope,
  inviteBody,
  invitePreview,
  inviteQuery,
  roleBody,
  session,
  staffInvite,
  staffList,
  staffRole,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrigin } from '../../lib/admin-origin.ts';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { optionalActor, requireVendorStore } from '../../plugins/auth.ts';
import * as staff from './staff.service.ts';

const done = envelope(z.null());

/** Staff accounts (issue 15): the owner's Staff card in Settings and the invite link, under /api/admin. */
export const staffRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    staffListRoutes(app, deps);
    inviteRoutes(app, deps);
  };

/** The shop's staff and invitations, as the owner manages them. */
function staffListRoutes(app: ZodApp, deps: Deps) {
  app.get('/staff/', {
    schema: {
      tags: ['staff'],
      summary: "The shop's people (the owner first, with roles) and its open invites",
      headers: storeOriginHeaders,
      response: { 200: envelope(staffList), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await staff.staffList(deps, store), 'Staff fetched');
    },
  });

  app.post('/staff/invite/', {
    schema: {
      tags: ['staff'],
      summary: 'Invites a person by email with a role: a one-time link by mail, valid 7 days',
      headers: storeOriginHeaders,
      body: inviteBody,
      response: { 201: envelope(staffInvite), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const data = await staff.invite(shopContext(deps, req, actor, store), req.body, adminOrigin(deps, req));
      return reply.code(201).send(ok(data, `Invite sent to ${req.body.email}`));
    },
  });

  app.delete('/staff/invite/:id/', {
    schema: {
      tags: ['staff'],
      summary: 'Cancels an open invite (its link stops working)',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: done, ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      await staff.cancelInvite(deps, actor, store, req.params.id);
      return ok(null, 'Invite cancelled');
    },
  });

  app.put('/staff/:id/', {
    schema: {
      tags: ['staff'],
      summary: "Changes a person's role (from their next call)",
      headers: storeOriginHeaders,
      params: idParam,
      body: roleBody,
      response: { 200: done, ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      await staff.changeRole(shopContext(deps, req, actor, store), {
        userId: req.params.id,
        role: req.body.role,
      });
      return ok(null, 'Role changed');
    },
  });

  app.delete('/staff/:id/', {
    schema: {
      tags: ['staff'],
      summary: 'Removes a person from the shop: their calls to it stop at once',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: done, ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      await staff.removeMember(deps, actor, store, req.params.id);
      return ok(null, 'Removed from the shop');
    },
  });
}

/** An invitation, as the invited person reads and accepts it. */
function inviteRoutes(app: ZodApp, deps: Deps) {
  app.get('/staff-invite/', {
    schema: {
      tags: ['staff'],
      summary: "An invite link's shop, role and address, and whether the invitee already has an account",
      querystring: inviteQuery,
      response: { 200: envelope(invitePreview), ...errorReplies },
    },
    handler: async (req) => ok(await staff.previewInvite(deps, req.query), 'Invite found'),
  });

  app.post('/staff-invite/accept/', {
    schema: {
      tags: ['staff'],
      summary:
        'Accepts an invite: signed in with the invited address, or by setting a name and password (then signed in)',
      body: acceptInviteBody,
      response: {
        200: envelope(z.object({ slug: z.string(), role: staffRole, session: session.nullable() })),
        ...errorReplies,
      },
    },
    handler: async (req) => {
      const actor = req.headers.authorization ? await optionalActor(deps, req) : null;
      const data = await staff.acceptInvite(deps, actor, req.body);
      return ok(data, 'Welcome to the shop');
    },
  });
}

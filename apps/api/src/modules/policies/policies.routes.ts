import { envelope, policyBody, policyKindParam, shopPolicy } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';

import { requireOpenStore } from '../stores/index.ts';
import * as policies from './policies.service.ts';

const tags = ['policies'];
const headers = storeOriginHeaders;

/** A shop's policy pages as shoppers read them (store service; the shop by store-origin or host). */
export const storePolicyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/store-policy/:kind/', {
      schema: {
        tags,
        summary: "One of the shop's policy pages: privacy, terms, refund, shipping or returns",
        headers,
        params: policyKindParam,
        response: { 200: envelope(shopPolicy), ...errorReplies },
      },
      handler: async (req) => {
        const store = await requireOpenStore(deps, req);
        return ok(await policies.getPolicy(deps, store, req.params.kind), 'Policy fetched');
      },
    });
  };

/** The vendor's policy pages in Settings (admin service, the shop in store-origin). */
export const adminPolicyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/store-setting/policies/', {
      schema: {
        tags,
        summary:
          "The shop's five policy pages, each its own text or the template filled with the shop's facts",
        headers,
        response: { 200: envelope(z.array(shopPolicy)), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await policies.listPolicies(deps, store), 'Policies fetched');
      },
    });

    app.put('/store-setting/policies/:kind/', {
      schema: {
        tags,
        summary: 'Save the shop’s own text of a policy page (plain text; HTML tags are refused)',
        headers,
        params: policyKindParam,
        body: policyBody,
        response: { 200: envelope(shopPolicy), ...errorReplies },
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        return ok(
          await policies.savePolicy(shopContext(deps, req, actor, store), req.params.kind, req.body.body),
          'Policy saved',
        );
      },
    });

    app.delete('/store-setting/policies/:kind/', {
      schema: {
        tags,
        summary: 'Reset a policy page to the template',
        headers,
        params: policyKindParam,
        response: { 200: envelope(shopPolicy), ...errorReplies },
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        return ok(
          await policies.resetPolicy(deps, actor, store, req.params.kind),
          'Policy reset to the template',
        );
      },
    });
  };

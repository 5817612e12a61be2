import {
  envelope,
  posCataloguePage,
  posCatalogueQuery,
  posConflictQuery,
  posConflictResolveBody,
  posCounter,
  posCounterBody,
  posReceiptVoidBody,
  posStockConflict,
} from '@haat/contracts';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';

import { cataloguePage } from './catalogue.service.ts';
import { listConflicts, resolveConflict } from './conflicts.service.ts';
import { getCounter, listCounters, registerCounter, voidReceipt } from './counters.service.ts';

/*
 * The counter offline (issue 43, decision 0034), under /api/admin: counters and their series, the catalogue a
 * counter keeps for selling offline, and the stock conflicts offline sales left for a person to resolve. Who may
 * call which is in plugins/permissions.ts (registering a counter and voiding a number: owner and manager).
 */

const counterReply = { 200: envelope(z.object({ counter: posCounter })), ...errorReplies };

export function counterRoutes(app: ZodApp, deps: Deps) {
  counterListRoutes(app, deps);
  catalogueAndConflictRoutes(app, deps);
}

function counterListRoutes(app: ZodApp, deps: Deps) {
  app.post('/pos/counters/', {
    schema: {
      tags: ['point of sale'],
      summary:
        'Register this device as a counter: its own receipt series for offline sales (I01/26-27/00001)',
      headers: storeOriginHeaders,
      body: posCounterBody,
      response: { 201: envelope(z.object({ counter: posCounter })), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const counter = await registerCounter(shopContext(deps, req, actor, store), req.body.name);
      return reply.code(201).send(ok({ counter }, `Counter ${counter.code} registered`));
    },
  });

  app.get('/pos/counters/', {
    schema: {
      tags: ['point of sale'],
      summary: "The shop's counters, each with its series, next number, offline sales and last sync",
      headers: storeOriginHeaders,
      response: { 200: envelope(z.object({ counters: z.array(posCounter) })), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok({ counters: await listCounters(shopContext(deps, req, actor, store)) }, 'Counters fetched');
    },
  });

  app.get('/pos/counters/:id/', {
    schema: {
      tags: ['point of sale'],
      summary: 'A counter with the next number of its series',
      headers: storeOriginHeaders,
      params: idParam,
      response: counterReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const counter = await getCounter(shopContext(deps, req, actor, store), req.params.id);
      return ok({ counter }, 'Counter fetched');
    },
  });

  app.post('/pos/counters/:id/void/', {
    schema: {
      tags: ['point of sale'],
      summary: "Void the next number of a counter's series (a queued sale that cannot be recorded)",
      headers: storeOriginHeaders,
      params: idParam,
      body: posReceiptVoidBody,
      response: counterReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const counter = await voidReceipt(shopContext(deps, req, actor, store), req.params.id, req.body);
      return ok({ counter }, `Receipt ${req.body.receipt_seq} voided`);
    },
  });
}

function catalogueAndConflictRoutes(app: ZodApp, deps: Deps) {
  app.get('/pos/catalogue/', {
    schema: {
      tags: ['point of sale'],
      summary:
        'The catalogue a counter keeps offline, paged by cursor; with since=, only what changed (and deleted)',
      headers: storeOriginHeaders,
      querystring: posCatalogueQuery,
      response: { 200: envelope(posCataloguePage), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await cataloguePage(shopContext(deps, req, actor, store), req.query), 'Catalogue fetched');
    },
  });

  app.get('/pos/conflicts/', {
    schema: {
      tags: ['point of sale'],
      summary: 'Offline sales that took the stock below zero, to resolve (newest first)',
      headers: storeOriginHeaders,
      querystring: posConflictQuery,
      response: { 200: envelope(z.object({ conflicts: z.array(posStockConflict) })), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const conflicts = await listConflicts(shopContext(deps, req, actor, store), req.query.status);
      return ok({ conflicts }, 'Conflicts fetched');
    },
  });

  app.post('/pos/conflicts/:id/resolve/', {
    schema: {
      tags: ['point of sale'],
      summary: 'Resolve a stock conflict: the stock counted (an adjustment), or accepted as it is',
      headers: storeOriginHeaders,
      params: idParam,
      body: posConflictResolveBody,
      response: { 200: envelope(z.object({ conflict: posStockConflict })), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const conflict = await resolveConflict(shopContext(deps, req, actor, store), req.params.id, req.body);
      return ok({ conflict }, 'Conflict resolved');
    },
  });
}

import {
  envelope,
  orderWhatsApp,
  WHATSAPP_LABELS,
  whatsAppKindBody,
  whatsAppSent,
  whatsAppTemplate,
  whatsAppTemplateBody,
  whatsAppTemplates,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { originOf } from '../stores/index.ts';
import * as whatsapp from './whatsapp.service.ts';
import { whatsAppSender } from './whatsapp-sender.ts';

const tags = ['whatsapp'];
const headers = storeOriginHeaders;

/** WhatsApp messages about orders (admin service): the templates in Settings and the order page's buttons. */
export const whatsAppRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    templateRoutes(app, deps);
    orderMessageRoutes(app, deps);
  };

/** The shop's WhatsApp message templates. */
function templateRoutes(app: ZodApp, deps: Deps) {
  app.get('/whatsapp-template/', {
    schema: {
      tags,
      summary: "The shop's WhatsApp message templates (its own text or the default) for Settings",
      headers,
      response: { 200: envelope(whatsAppTemplates), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      const via = whatsAppSender(deps.config, req.log).via;
      return ok(await whatsapp.listTemplates(deps, store, originOf(req), via), 'WhatsApp templates fetched');
    },
  });

  app.put('/whatsapp-template/', {
    schema: {
      tags,
      summary:
        'Save one WhatsApp template (placeholders such as {customer_name} are checked); empty text restores the default',
      headers,
      body: whatsAppTemplateBody,
      response: { 200: envelope(whatsAppTemplate), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const saved = await whatsapp.saveTemplate(deps, actor, store, req.body.kind, req.body.text);
      return ok(
        saved,
        saved.is_default
          ? `${WHATSAPP_LABELS[saved.kind]} message uses the default text`
          : `${WHATSAPP_LABELS[saved.kind]} message saved`,
      );
    },
  });
}

/** An order's WhatsApp messages: the drafts and sending one. */
function orderMessageRoutes(app: ZodApp, deps: Deps) {
  app.get('/order/:id/whatsapp/', {
    schema: {
      tags,
      summary:
        "The order's WhatsApp messages (confirmation, dispatch, delivery, payment reminder) filled in, with wa.me links",
      headers,
      params: idParam,
      response: { 200: envelope(orderWhatsApp), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      const via = whatsAppSender(deps.config, req.log).via;
      return ok(
        await whatsapp.orderMessages(deps, store, originOf(req), req.params.id, via),
        'WhatsApp messages fetched',
      );
    },
  });

  app.post('/order/:id/whatsapp/', {
    schema: {
      tags,
      summary:
        'Send one WhatsApp message about the order (through the provider when configured, else its wa.me link) and record it on the timeline',
      headers,
      params: idParam,
      body: whatsAppKindBody,
      response: { 200: envelope(whatsAppSent), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const sender = whatsAppSender(deps.config, req.log);
      const sent = await whatsapp.sendMessage(
        shopContext(deps, req, actor, store),
        originOf(req),
        req.params.id,
        req.body.kind,
        sender,
      );
      return ok(
        sent,
        sent.via === 'API'
          ? `${WHATSAPP_LABELS[sent.kind]} message sent on WhatsApp`
          : 'WhatsApp opened with the message',
      );
    },
  });
}

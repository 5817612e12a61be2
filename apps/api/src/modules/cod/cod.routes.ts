import { codConfirmBody, codConfirmLinkBody, codSettings, codSettingsBody, envelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireShopCustomer, requireVendorStore } from '../../plugins/auth.ts';

import { originOf, requireOpenStore, storeUrl } from '../stores/index.ts';
import { confirmByCode, confirmByLink, resendCode } from './cod-confirmation.service.ts';
import { getCodSettings, saveCodSettings } from './cod-rules.ts';

const headers = storeOriginHeaders;
const confirmed = envelope(
  z.object({ order_id: z.string(), order_number: z.string(), confirmed: z.boolean() }),
);
const done = envelope(z.object({ id: z.string() }));

/** The shop's cash-on-delivery rules in the back office (Settings, Payments). */
export const codAdminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['shop settings'];
    app.get('/cod-setting/', {
      schema: {
        tags,
        summary: 'Cash on delivery: limits, blocked PIN codes and states, fee, confirmation',
        headers,
        response: { 200: envelope(codSettings), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await getCodSettings(deps, store), 'Cash on delivery settings fetched');
      },
    });

    app.put('/cod-setting/', {
      schema: {
        tags,
        summary: 'Save the cash-on-delivery rules (all fields; each bad PIN code is named)',
        headers,
        body: codSettingsBody,
        response: { 200: envelope(codSettings), ...errorReplies },
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        return ok(await saveCodSettings(deps, actor, store, req.body), 'Cash on delivery settings saved');
      },
    });
  };

/** The customer confirms a cash-on-delivery order by the mailed code, or by the mailed one-tap link. */
export const codStoreRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['orders'];
    app.post('/store-user/store-order/:id/confirm-cod/', {
      schema: {
        tags,
        summary: 'Confirm a cash-on-delivery order with the 6-digit code from the mail',
        description: 'Single use, 10 minutes, 5 wrong tries; 400 naming `code` otherwise.',
        headers,
        params: idParam,
        body: codConfirmBody,
        response: { 200: done, ...errorReplies },
      },
      handler: async (req) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        await confirmByCode(shopContext(deps, req, actor, store), {
          orderId: req.params.id,
          code: req.body.code,
        });
        return ok({ id: req.params.id }, 'Order confirmed');
      },
    });

    app.post('/store-user/store-order/:id/confirm-cod/resend/', {
      schema: {
        tags,
        summary: 'Mail a new confirmation code and link (at most every 30 seconds)',
        headers,
        params: idParam,
        response: { 200: done, ...errorReplies },
      },
      handler: async (req) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        await resendCode(shopContext(deps, req, actor, store), {
          orderId: req.params.id,
          shopUrl: storeUrl(deps, store, originOf(req)),
        });
        return ok({ id: req.params.id }, 'A new code is on its way');
      },
    });

    app.post('/order/confirm-cod/', {
      schema: {
        tags,
        summary: 'Confirm a cash-on-delivery order with the one-tap link from the mail (no sign-in)',
        headers,
        body: codConfirmLinkBody,
        response: { 200: confirmed, ...errorReplies },
      },
      handler: async (req) => {
        const store = await requireOpenStore(deps, req);
        const data = await confirmByLink(deps, store, req.body.token);
        return ok(data, `Order ${data.order_number} confirmed`);
      },
    });
  };

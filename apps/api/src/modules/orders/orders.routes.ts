import {
  cancelOrderBody,
  cancelReasonText,
  cartData,
  customerOrder,
  envelope,
  orderListQuery,
  returnRequestBody,
  reviewBody,
  reviewItem,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireShopCustomer } from '../../plugins/auth.ts';

import * as orders from './orders.service.ts';
import { requestReturn } from './return-requests.service.ts';
import { writeReview } from './review.service.ts';

const orderReply = { 200: envelope(customerOrder), ...errorReplies };

/** The customer's orders at a shop (02 §7 order/create-order/, order/{id}/success-order/, store-order). */
export const orderRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    customerOrderReadRoutes(app, deps);
    customerOrderActionRoutes(app, deps);
    reviewRoutes(app, deps);
  };

/** The customer's orders: the placed order's page, the list, one order. */
function customerOrderReadRoutes(app: ZodApp, deps: Deps) {
  app.get('/order/:id/success-order/', {
    schema: {
      tags: ['orders'],
      summary: 'A placed order, for the success page',
      headers: storeOriginHeaders,
      params: idParam,
      response: orderReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await orders.getOrder(deps, actor, store, req.params.id), 'Order fetched');
    },
  });

  app.get('/store-user/store-order/user/', {
    schema: {
      tags: ['orders'],
      summary: "The customer's orders, newest first; the next page's cursor is in X-Next-Cursor",
      headers: storeOriginHeaders,
      querystring: orderListQuery,
      response: { 200: envelope(z.array(customerOrder)), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const page = await orders.listOrders(deps, actor, store, req.query);
      if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
      return ok(page.orders, 'Orders fetched');
    },
  });

  app.get('/store-user/store-order/:id/', {
    schema: {
      tags: ['orders'],
      summary: 'One of the customer’s orders with its timeline',
      headers: storeOriginHeaders,
      params: idParam,
      response: orderReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await orders.getOrder(deps, actor, store, req.params.id), 'Order fetched');
    },
  });
}

/** What the customer does with an order: cancel it, buy again, ask for a return. */
function customerOrderActionRoutes(app: ZodApp, deps: Deps) {
  app.post('/store-user/store-order/:id/cancel/', {
    schema: {
      tags: ['orders'],
      summary:
        'Cancel an order while pending or processing, with a reason (a choice and words) the shop sees: stock goes back, a mail goes out',
      headers: storeOriginHeaders,
      params: idParam,
      body: cancelOrderBody,
      response: orderReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(
        await orders.cancelOrder(shopContext(deps, req, actor, store), {
          orderId: req.params.id,
          reason: cancelReasonText(req.body),
        }),
        'Order cancelled',
      );
    },
  });

  app.post('/store-user/store-order/:id/buy-again/', {
    schema: {
      tags: ['orders'],
      summary: "Add an order's products to the cart again at today's prices",
      headers: storeOriginHeaders,
      params: idParam,
      response: {
        200: envelope(
          z.object({
            cart: cartData,
            added: z.number().int(),
            /** The units put back in the cart (`added` counts the order's lines). */
            units: z.number().int(),
            skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
          }),
        ),
        ...errorReplies,
      },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const data = await orders.buyAgain(deps, actor, store, req.params.id);
      return ok(
        data,
        data.units
          ? `Added ${data.units} item${data.units === 1 ? '' : 's'} to your cart`
          : 'Nothing could be added',
      );
    },
  });

  app.post('/store-user/store-order/:id/return/', {
    schema: {
      tags: ['orders'],
      summary:
        'Ask to return or exchange units of a delivered order (some lines and quantities, or all of it), with a reason; confirmed by mail',
      headers: storeOriginHeaders,
      params: idParam,
      body: returnRequestBody,
      response: orderReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(
        await requestReturn(shopContext(deps, req, actor, store), {
          orderId: req.params.id,
          reason: req.body.reason,
          kind: req.body.kind,
          items: req.body.items,
        }),
        req.body.kind === 'EXCHANGE' ? 'Exchange requested' : 'Return requested',
      );
    },
  });
}

/** A review of a product the customer received. */
function reviewRoutes(app: ZodApp, deps: Deps) {
  app.post('/stores/product/:id/product-reviews/', {
    schema: {
      tags: ['orders'],
      summary: 'Review a product from a delivered order (a verified purchase)',
      headers: storeOriginHeaders,
      params: idParam,
      body: reviewBody,
      response: { 201: envelope(reviewItem), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const review = await writeReview(shopContext(deps, req, actor, store), req.params.id, req.body);
      return reply.code(201).send(ok(review, 'Thanks for your review!'));
    },
  });
}

/** The vendor's Order Management lives in its own module file; app.ts registers it from here. */
export { adminOrderRoutes } from './admin-orders.routes.ts';

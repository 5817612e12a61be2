import {
  cancelOrderBody,
  cartData,
  customerOrder,
  envelope,
  errorEnvelope,
  orderListQuery,
  placedOrder,
  placeOrderBody,
  returnRequestBody,
  reviewBody,
  reviewItem,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrigin } from '../../lib/admin-origin.ts';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { errorReplies, idParam, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { shopGate } from '../../lib/shop-gate.ts';
import { requireShopCustomer } from '../../plugins/auth.ts';

import { customerInvoiceRoutes } from '../payments/index.ts';
import { originOf, storeUrl } from '../stores/index.ts';

import * as orders from './orders.service.ts';
import { placeOrder } from './place-order.service.ts';
import { writeReview } from './review.service.ts';

const orderReply = { 200: envelope(customerOrder), ...errorReplies };
const KEY = /^[\w-]{8,100}$/;

/** The customer's orders at a shop (02 §7 order/create-order/, order/{id}/success-order/, store-order). */
export const orderRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(customerInvoiceRoutes(deps));
    // A shop's orders hold at most a few of this process's database connections (lib/shop-gate.ts, issue 37).
    const placing = shopGate({ limit: 4, queue: 200, waitMs: 10_000, what: 'orders' });

    app.post('/order/create-order/', {
      schema: {
        tags: ['orders'],
        summary:
          'Place an order from selected cart lines (Idempotency-Key required; a retry returns the first order)',
        headers: storeOriginHeaders.extend({ 'idempotency-key': z.string().max(200).optional() }),
        body: placeOrderBody,
        response: {
          200: envelope(placedOrder),
          201: envelope(placedOrder),
          ...errorReplies,
          429: errorEnvelope,
        },
      },
      handler: async (req, reply) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        const key = req.headers['idempotency-key'];
        if (!key || !KEY.test(key)) {
          const message =
            'Send an Idempotency-Key header (8 to 100 letters, digits, - or _) with each new order';
          throw badRequest(message, [{ path: 'Idempotency-Key', message }]);
        }
        const shopUrl = storeUrl(deps, store, originOf(req));
        const result = await placing.run(store.id, () =>
          placeOrder(shopContext(deps, req, actor, store), {
            body: req.body,
            key,
            links: { adminOrigin: adminOrigin(deps, req), shopUrl },
          }),
        );
        const data = { order_id: result.order.id, order: result.order };
        return reply
          .code(result.created ? 201 : 200)
          .send(ok(data, result.created ? 'Order placed successfully!' : 'Order already placed'));
      },
    });

    app.get('/order/:id/success-order/', {
      schema: {
        tags: ['orders'],
        summary: 'A placed order, for the success page',
        storeOriginHeaders,
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
        storeOriginHeaders,
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
        storeOriginHeaders,
        params: idParam,
        response: orderReply,
      },
      handler: async (req) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        return ok(await orders.getOrder(deps, actor, store, req.params.id), 'Order fetched');
      },
    });

    app.post('/store-user/store-order/:id/cancel/', {
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order while pending or processing: stock goes back, a mail goes out',
        storeOriginHeaders,
        params: idParam,
        body: cancelOrderBody,
        response: orderReply,
      },
      handler: async (req) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        return ok(
          await orders.cancelOrder(deps, actor, store, req.params.id, req.body.reason),
          'Order cancelled',
        );
      },
    });

    app.post('/store-user/store-order/:id/buy-again/', {
      schema: {
        tags: ['orders'],
        summary: "Add an order's products to the cart again at today's prices",
        storeOriginHeaders,
        params: idParam,
        response: {
          200: envelope(
            z.object({
              cart: cartData,
              added: z.number().int(),
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
          data.added
            ? `Added ${data.added} item${data.added === 1 ? '' : 's'} to your cart`
            : 'Nothing could be added',
        );
      },
    });

    app.post('/store-user/store-order/:id/return/', {
      schema: {
        tags: ['orders'],
        summary: 'Ask to return a delivered order, with a reason for the shop',
        storeOriginHeaders,
        params: idParam,
        body: returnRequestBody,
        response: orderReply,
      },
      handler: async (req) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        return ok(
          await orders.requestReturn(deps, actor, store, req.params.id, req.body.reason),
          'Return requested',
        );
      },
    });

    app.post('/stores/product/:id/product-reviews/', {
      schema: {
        tags: ['orders'],
        summary: 'Review a product from a delivered order (a verified purchase)',
        storeOriginHeaders,
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
  };

/** The vendor's Order Management lives in its own module file; app.ts registers it from here. */
export { adminOrderRoutes } from './admin-orders.routes.ts';

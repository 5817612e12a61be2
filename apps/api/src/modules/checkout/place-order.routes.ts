import { envelope, errorEnvelope, placedOrder, placeOrderBody } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrigin } from '../../lib/admin-origin.ts';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { shopGate } from '../../lib/shop-gate.ts';
import { requireShopCustomer } from '../../plugins/auth.ts';
import { originOf, storeUrl } from '../stores/index.ts';
import { placeOrder } from './place-order.service.ts';

const KEY = /^[\w-]{8,100}$/;

/** Placing an order from the cart (02 §7 order/create-order/); the customer's orders after that are orders'. */
export const placeOrderRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
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
  };

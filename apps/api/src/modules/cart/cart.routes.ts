import { cartAddBody, cartData, cartUpdateBody, couponBody, envelope, errorEnvelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { requireActor } from '../../plugins/auth.ts';
import { requireOpenStore } from '../stores/stores.service.ts';
import * as cart from './cart.service.ts';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const headers = z.object({ 'store-origin': z.string().max(100).optional() });
const lineParam = z.object({ id: z.string().max(100) });
const reply = { 200: envelope(cartData), ...errors };

/** The customer's server cart at the shop in store-origin (01 §7 store-user/store-cart). */
export const cartRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const who = async (req: Parameters<typeof requireActor>[1]) => {
      const store = await requireOpenStore(deps, req);
      return { store, actor: await requireActor(deps, req, ['CUSTOMER']) };
    };

    app.get('/store-user/store-cart/', {
      schema: {
        tags: ['cart'],
        summary: 'The cart with its summary (selected lines, coupon, shipping, GST included)',
        headers,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await cart.getCart(deps, actor, store), 'Cart fetched');
      },
    });

    app.post('/store-user/store-cart/', {
      schema: {
        tags: ['cart'],
        summary: 'Add a product; an existing line grows; never beyond stock (409)',
        headers,
        body: cartAddBody,
        response: { 201: envelope(cartData), ...errors },
      },
      handler: async (req, res) => {
        const { store, actor } = await who(req);
        const data = await cart.addToCart(
          deps,
          actor,
          store,
          req.body.product_id,
          req.body.quantity,
          req.body.is_selected,
        );
        return res.code(201).send(ok(data, 'Added to cart'));
      },
    });

    app.patch('/store-user/store-cart/:id/', {
      schema: {
        tags: ['cart'],
        summary: 'Change a line: quantity (within stock) or selection',
        headers,
        params: lineParam,
        body: cartUpdateBody,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await cart.updateCartLine(deps, actor, store, req.params.id, req.body), 'Cart updated');
      },
    });

    app.delete('/store-user/store-cart/:id/', {
      schema: { tags: ['cart'], summary: 'Remove a line', headers, params: lineParam, response: reply },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await cart.removeCartLine(deps, actor, store, req.params.id), 'Removed from cart');
      },
    });

    app.post('/store-user/store-cart/coupon/', {
      schema: {
        tags: ['cart'],
        summary: "Apply one of the shop's coupon codes",
        headers,
        body: couponBody,
        response: reply,
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await cart.applyCoupon(deps, actor, store, req.body.code), 'Coupon applied');
      },
    });

    app.delete('/store-user/store-cart/coupon/', {
      schema: { tags: ['cart'], summary: 'Remove the applied coupon', headers, response: reply },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await cart.removeCoupon(deps, actor, store), 'Coupon removed');
      },
    });
  };

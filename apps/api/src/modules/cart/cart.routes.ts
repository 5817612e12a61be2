import { cartAddBody, cartData, cartUpdateBody, couponBody, envelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireShopCustomer } from '../../plugins/auth.ts';
import * as cart from './cart.service.ts';

const lineParam = idParam;
const reply = { 200: envelope(cartData), ...errorReplies };

/** The customer's server cart at the shop in store-origin (01 §7 store-user/store-cart). */
export const cartRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    cartLineRoutes(app, deps);
    couponRoutes(app, deps);
  };

/** The cart and its lines. */
function cartLineRoutes(app: ZodApp, deps: Deps) {
  app.get('/store-user/store-cart/', {
    schema: {
      tags: ['cart'],
      summary: 'The cart with its summary (selected lines, coupon, shipping, GST included)',
      headers: storeOriginHeaders,
      response: reply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await cart.getCart(deps, actor, store), 'Cart fetched');
    },
  });

  app.post('/store-user/store-cart/', {
    schema: {
      tags: ['cart'],
      summary: 'Add a product; an existing line grows; never beyond stock (409)',
      headers: storeOriginHeaders,
      body: cartAddBody,
      response: { 201: envelope(cartData), ...errorReplies },
    },
    handler: async (req, res) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      const data = await cart.addToCart(
        shopContext(deps, req, actor, store),
        req.body,
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
      headers: storeOriginHeaders,
      params: lineParam,
      body: cartUpdateBody,
      response: reply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(
        await cart.updateCartLine(shopContext(deps, req, actor, store), req.params.id, req.body),
        'Cart updated',
      );
    },
  });

  app.delete('/store-user/store-cart/:id/', {
    schema: {
      tags: ['cart'],
      summary: 'Remove a line',
      headers: storeOriginHeaders,
      params: lineParam,
      response: reply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await cart.removeCartLine(deps, actor, store, req.params.id), 'Removed from cart');
    },
  });
}

/** The coupon applied to the cart. */
function couponRoutes(app: ZodApp, deps: Deps) {
  app.post('/store-user/store-cart/coupon/', {
    schema: {
      tags: ['cart'],
      summary: "Apply one of the shop's coupon codes",
      headers: storeOriginHeaders,
      body: couponBody,
      response: reply,
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await cart.applyCoupon(deps, actor, store, req.body.code), 'Coupon applied');
    },
  });

  app.delete('/store-user/store-cart/coupon/', {
    schema: { tags: ['cart'], summary: 'Remove the applied coupon', storeOriginHeaders, response: reply },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await cart.removeCoupon(deps, actor, store), 'Coupon removed');
    },
  });
}

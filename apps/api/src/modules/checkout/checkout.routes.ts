import {
  address,
  addressBody,
  checkoutData,
  checkoutHold,
  deliveryOption,
  envelope,
  userContact,
  userContactBody,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { optionalActor, requireShopCustomer } from '../../plugins/auth.ts';

import { requireOpenStore } from '../stores/index.ts';
import * as checkout from './checkout.service.ts';
import { holdCheckout } from './checkout-hold.service.ts';
import { otherShopAddressRoutes } from './other-shop-addresses.ts';

/** Addresses, contact, delivery options and the checkout screen's data (01 §7, 02 §7; store service). */
export const checkoutRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    addressRoutes(app, deps);
    otherShopAddressRoutes(app, deps);
    contactAndCheckoutRoutes(app, deps);
  };

/** The customer's address book. */
function addressRoutes(app: ZodApp, deps: Deps) {
  app.get('/address/', {
    schema: {
      tags: ['checkout'],
      summary: "The customer's delivery addresses at this shop, default first",
      headers: storeOriginHeaders,
      querystring: z.object({ address_type: z.literal('CUSTOMER_ADDRESS').optional() }),
      response: { 200: envelope(z.array(address)), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await checkout.listAddresses(deps, actor, store), 'Addresses fetched');
    },
  });

  app.post('/address/', {
    schema: {
      tags: ['checkout'],
      summary: 'Add a delivery address (the first, or one marked default, becomes the default)',
      headers: storeOriginHeaders,
      body: addressBody,
      response: { 201: envelope(address), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return reply
        .code(201)
        .send(ok(await checkout.createAddress(deps, actor, store, req.body), 'Address saved'));
    },
  });

  app.put('/address/:id/', {
    schema: {
      tags: ['checkout'],
      summary: 'Change an address',
      headers: storeOriginHeaders,
      params: idParam,
      body: addressBody,
      response: { 200: envelope(address), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(
        await checkout.updateAddress(shopContext(deps, req, actor, store), {
          id: req.params.id,
          body: req.body,
        }),
        'Address updated',
      );
    },
  });

  app.delete('/address/:id/', {
    schema: {
      tags: ['checkout'],
      summary: 'Delete an address (the newest remaining one becomes the default)',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(z.object({ id: z.string() })), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await checkout.deleteAddress(deps, actor, store, req.params.id), 'Address deleted');
    },
  });
}

/** The customer's contact, the delivery options for the cart and the checkout data. */
function contactAndCheckoutRoutes(app: ZodApp, deps: Deps) {
  app.get('/store-user/user-contact/', {
    schema: {
      tags: ['checkout'],
      summary: "The customer's contact for delivery (email, phone)",
      headers: storeOriginHeaders,
      response: { 200: envelope(userContact), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await checkout.getContact(deps, actor, store), 'Contact fetched');
    },
  });

  app.put('/store-user/user-contact/', {
    schema: {
      tags: ['checkout'],
      summary: "Change the customer's phone number for delivery",
      headers: storeOriginHeaders,
      body: userContactBody,
      response: { 200: envelope(userContact), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await checkout.updateContact(deps, actor, store, req.body.phone_number), 'Contact updated');
    },
  });

  app.get('/get-store-delivery-options/', {
    schema: {
      tags: ['checkout'],
      summary: "The shop's delivery options, priced for the signed-in customer's cart",
      headers: storeOriginHeaders,
      response: { 200: envelope(z.object({ delivery_options: z.array(deliveryOption) })), ...errorReplies },
    },
    handler: async (req) => {
      const store = await requireOpenStore(deps, req);
      const actor = await optionalActor(deps, req);
      const options = await checkout.listDeliveryOptions(deps, actor, store);
      return ok({ delivery_options: options }, 'Delivery options fetched');
    },
  });

  app.get('/store-user/user-checkout/', {
    schema: {
      tags: ['checkout'],
      summary:
        'Checkout data: selected cart lines, totals, addresses, delivery options, contact, payment methods',
      headers: storeOriginHeaders,
      response: { 200: envelope(checkoutData), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await checkout.checkoutData(deps, actor, store), 'Checkout data fetched');
    },
  });

  app.post('/store-user/checkout-hold/', {
    schema: {
      tags: ['checkout'],
      summary:
        "Start checkout: hold the selected cart lines' units for 10 minutes (409 HELD when other shoppers hold them)",
      headers: storeOriginHeaders,
      response: { 200: envelope(checkoutHold), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await holdCheckout(shopContext(deps, req, actor, store)), 'Your items are held');
    },
  });
}

import {
  address,
  addressBody,
  checkoutData,
  deliveryOption,
  envelope,
  errorEnvelope,
  userContact,
  userContactBody,
} from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { optionalActor, requireActor } from '../../plugins/auth.ts';
import { requireOpenStore } from '../stores/stores.service.ts';
import * as checkout from './checkout.service.ts';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const headers = z.object({ 'store-origin': z.string().max(100).optional() });
const idParam = z.object({ id: z.string().max(100) });

/** Addresses, contact, delivery options and the checkout screen's data (01 §7, 02 §7; store service). */
export const checkoutRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const who = async (req: FastifyRequest) => {
      const store = await requireOpenStore(deps, req);
      return { store, actor: await requireActor(deps, req, ['CUSTOMER']) };
    };

    app.get('/address/', {
      schema: {
        tags: ['checkout'],
        summary: "The customer's delivery addresses at this shop, default first",
        headers,
        querystring: z.object({ address_type: z.literal('CUSTOMER_ADDRESS').optional() }),
        response: { 200: envelope(z.array(address)), ...errors },
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await checkout.listAddresses(deps, actor, store), 'Addresses fetched');
      },
    });

    app.post('/address/', {
      schema: {
        tags: ['checkout'],
        summary: 'Add a delivery address (the first, or one marked default, becomes the default)',
        headers,
        body: addressBody,
        response: { 201: envelope(address), ...errors },
      },
      handler: async (req, reply) => {
        const { store, actor } = await who(req);
        return reply
          .code(201)
          .send(ok(await checkout.createAddress(deps, actor, store, req.body), 'Address saved'));
      },
    });

    app.put('/address/:id/', {
      schema: {
        tags: ['checkout'],
        summary: 'Change an address',
        headers,
        params: idParam,
        body: addressBody,
        response: { 200: envelope(address), ...errors },
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(
          await checkout.updateAddress(deps, actor, store, req.params.id, req.body),
          'Address updated',
        );
      },
    });

    app.delete('/address/:id/', {
      schema: {
        tags: ['checkout'],
        summary: 'Delete an address (the newest remaining one becomes the default)',
        headers,
        params: idParam,
        response: { 200: envelope(z.object({ id: z.string() })), ...errors },
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await checkout.deleteAddress(deps, actor, store, req.params.id), 'Address deleted');
      },
    });

    app.get('/store-user/user-contact/', {
      schema: {
        tags: ['checkout'],
        summary: "The customer's contact for delivery (email, phone)",
        headers,
        response: { 200: envelope(userContact), ...errors },
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await checkout.getContact(deps, actor, store), 'Contact fetched');
      },
    });

    app.put('/store-user/user-contact/', {
      schema: {
        tags: ['checkout'],
        summary: "Change the customer's phone number for delivery",
        headers,
        body: userContactBody,
        response: { 200: envelope(userContact), ...errors },
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await checkout.updateContact(deps, actor, store, req.body.phone_number), 'Contact updated');
      },
    });

    app.get('/get-store-delivery-options/', {
      schema: {
        tags: ['checkout'],
        summary: "The shop's delivery options, priced for the signed-in customer's cart",
        headers,
        response: { 200: envelope(z.object({ delivery_options: z.array(deliveryOption) })), ...errors },
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
        headers,
        response: { 200: envelope(checkoutData), ...errors },
      },
      handler: async (req) => {
        const { store, actor } = await who(req);
        return ok(await checkout.checkoutData(deps, actor, store), 'Checkout data fetched');
      },
    });
  };

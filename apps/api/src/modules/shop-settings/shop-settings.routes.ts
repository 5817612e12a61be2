import {
  adminCoupon,
  adminDeliveryOption,
  couponFormBody,
  deliveryOptionBody,
  envelope,
  shopAddress,
  shopAddressBody,
  shopContacts,
  shopContactsBody,
  shopSettings,
  shopSettingsBody,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import * as coupons from './coupons.service.ts';
import * as delivery from './delivery-options.service.ts';
import * as settings from './store-settings.service.ts';

const errors = errorReplies;
const headers = storeOriginHeaders;
const removed = envelope(z.object({ id: z.string() }));
const tags = ['shop settings'];

/**
 * The back office's shop settings (admin service, issue 7): delivery options, coupons, payments and policies,
 * contacts and address of the shop named by store-origin, which the signed-in vendor must own.
 */
export const shopSettingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    deliveryOptionRoutes(app, deps);
    couponRoutes(app, deps);
    storeDetailsRoutes(app, deps);
    storeAddressRoutes(app, deps);
  };

/** The shop's delivery options. */
function deliveryOptionRoutes(app: ZodApp, deps: Deps) {
  app.get('/delivery-option/', {
    schema: {
      tags,
      summary: "The shop's delivery options, inactive ones too, in checkout order",
      headers,
      response: { 200: envelope(z.array(adminDeliveryOption)), ...errors },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await delivery.listOptions(deps, store), 'Delivery options fetched');
    },
  });

  app.post('/delivery-option/', {
    schema: {
      tags,
      summary: 'Add a delivery option (recommending it clears the others)',
      headers,
      body: deliveryOptionBody,
      response: { 201: envelope(adminDeliveryOption), ...errors },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const option = await delivery.createOption(deps, actor, store, req.body);
      return reply.code(201).send(ok(option, 'Delivery option added'));
    },
  });

  app.put('/delivery-option/:id/', {
    schema: {
      tags,
      summary: 'Change a delivery option (the last active one cannot be turned off: 409)',
      headers,
      params: idParam,
      body: deliveryOptionBody,
      response: { 200: envelope(adminDeliveryOption), ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(
        await delivery.updateOption(shopContext(deps, req, actor, store), req.params.id, req.body),
        'Delivery option saved',
      );
    },
  });

  app.delete('/delivery-option/:id/', {
    schema: {
      tags,
      summary: 'Delete a delivery option (past orders keep their copy; never the last active one: 409)',
      headers,
      params: idParam,
      response: { 200: removed, ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await delivery.deleteOption(deps, actor, store, req.params.id), 'Delivery option deleted');
    },
  });
}

/** The shop's coupons. */
function couponRoutes(app: ZodApp, deps: Deps) {
  app.get('/coupon/', {
    schema: {
      tags,
      summary:
        "The shop's coupons with uses so far and their state (Active, Scheduled, Expired, Used up, Paused)",
      headers,
      response: { 200: envelope(z.array(adminCoupon)), ...errors },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await coupons.listCoupons(deps, store), 'Coupons fetched');
    },
  });

  app.post('/coupon/', {
    schema: {
      tags,
      summary: 'Add a coupon (a code the shop already has: 409)',
      headers,
      body: couponFormBody,
      response: { 201: envelope(adminCoupon), ...errors },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const coupon = await coupons.createCoupon(deps, actor, store, req.body);
      return reply.code(201).send(ok(coupon, 'Coupon added'));
    },
  });

  app.put('/coupon/:id/', {
    schema: {
      tags,
      summary: 'Change a coupon (the usage limit cannot go below the uses so far)',
      headers,
      params: idParam,
      body: couponFormBody,
      response: { 200: envelope(adminCoupon), ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(
        await coupons.updateCoupon(shopContext(deps, req, actor, store), req.params.id, req.body),
        'Coupon saved',
      );
    },
  });

  app.delete('/coupon/:id/', {
    schema: {
      tags,
      summary: 'Delete a coupon (carts drop it; orders keep the code they used)',
      headers,
      params: idParam,
      response: { 200: removed, ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await coupons.deleteCoupon(deps, actor, store, req.params.id), 'Coupon deleted');
    },
  });
}

/** The shop's settings and contacts. */
function storeDetailsRoutes(app: ZodApp, deps: Deps) {
  app.get('/store-setting/', {
    schema: {
      tags,
      summary: 'Payments (COD, UPI) and policies (returns, warranty, checkout notes)',
      headers,
      response: { 200: envelope(shopSettings), ...errors },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await settings.getSettings(deps, store), 'Settings fetched');
    },
  });

  app.put('/store-setting/', {
    schema: {
      tags,
      summary: 'Save payments and policies (fields left out are kept; UPI needs a UPI id)',
      headers,
      body: shopSettingsBody,
      response: { 200: envelope(shopSettings), ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await settings.saveSettings(deps, actor, store, req.body), 'Settings saved');
    },
  });

  app.get('/store-contact/', {
    schema: {
      tags,
      summary: "The shop's phone numbers (Primary, WhatsApp, Support, Orders)",
      headers,
      response: { 200: envelope(shopContacts), ...errors },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await settings.getContacts(deps, store), 'Contacts fetched');
    },
  });

  app.put('/store-contact/', {
    schema: {
      tags,
      summary: "Replace the shop's phone numbers (one per kind, a Primary one required)",
      headers,
      body: shopContactsBody,
      response: { 200: envelope(shopContacts), ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await settings.saveContacts(deps, actor, store, req.body), 'Contacts saved');
    },
  });
}

/** The shop's address. */
function storeAddressRoutes(app: ZodApp, deps: Deps) {
  app.get('/store-address/', {
    schema: {
      tags,
      summary: "The shop's address",
      headers,
      response: { 200: envelope(shopAddress), ...errors },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await settings.getAddress(deps, store), 'Address fetched');
    },
  });

  app.put('/store-address/', {
    schema: {
      tags,
      summary: "Save the shop's address (India: state from the list, 6-digit PIN)",
      headers,
      body: shopAddressBody,
      response: { 200: envelope(shopAddress), ...errors },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await settings.saveAddress(deps, actor, store, req.body), 'Address saved');
    },
  });
}

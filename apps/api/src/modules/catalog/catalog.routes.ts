import {
  dealItem,
  envelope,
  errorEnvelope,
  productCard,
  productCategory,
  productListQuery,
  shopOptions,
  storeHome,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import type { ZodApp } from '../../lib/route-schemas.ts';
import { optionalActor } from '../../plugins/auth.ts';

import { isOpen, originOf, requireOpenStore, requireStore, unavailable } from '../stores/index.ts';
import * as catalog from './catalog.service.ts';

/** The reply serializer a shopper's busiest reads share. */
type Serializer = ReturnType<typeof compiledSerializer>;

const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const storeOriginHeader = z.object({
  'store-origin': z.string().max(100).optional().describe('The shop slug; otherwise the host names the shop'),
});

/** Public storefront catalogue calls of the store service (01 §7), scoped to the shop in the store-origin header or host. */
export const catalogRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Hot public reads: replies written by a compiled serializer (issue 18; strictly checked outside production).
    const serializerCompiler = compiledSerializer(deps.config.NODE_ENV !== 'production');
    homeAndListingRoutes(app, deps, serializerCompiler);
    listingExtrasRoutes(app, deps, serializerCompiler);
  };

/** The shop's home bundle and its product listing. */
function homeAndListingRoutes(app: ZodApp, deps: Deps, serializerCompiler: Serializer) {
  app.get('/stores/home/', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: 'The storefront home: shop, sections in order, featured products, live deals, upcoming sales',
      headers: storeOriginHeader,
      response: { 200: envelope(storeHome), ...errors },
    },
    handler: async (req) => {
      const store = await requireStore(deps, req);
      if (!isOpen(store.onlineStatus)) {
        // Owner mode: the shop's owner sees their unpublished shop with its real data.
        const actor = await optionalActor(deps, req);
        if (!actor || (actor.userId !== store.ownerId && actor.role !== 'ADMIN'))
          throw unavailable(store.onlineStatus);
      }
      return ok(await catalog.loadStoreHome(deps, store, originOf(req)), 'Store home fetched');
    },
  });

  app.get('/stores/product', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: 'Products of the shop: search, category, price range, rating, sort and paging on the server',
      description: 'data is the list; the total for paging is in the X-Total-Count header.',
      headers: storeOriginHeader,
      querystring: productListQuery,
      response: { 200: envelope(z.array(productCard)), ...errors },
    },
    handler: async (req, reply) => {
      const store = await requireOpenStore(deps, req);
      const { results, total } = await catalog.listProducts(deps, store, req.query);
      reply.header('x-total-count', String(total));
      return ok(results, 'Products fetched');
    },
  });
}

/** What the listing's screens add: the deals, the filter options, the categories. */
function listingExtrasRoutes(app: ZodApp, deps: Deps, serializerCompiler: Serializer) {
  app.get('/stores/product/store-deals', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: 'Deals running now in the shop, ending soonest first',
      headers: storeOriginHeader,
      response: { 200: envelope(z.array(dealItem)), ...errors },
    },
    handler: async (req) => {
      const store = await requireOpenStore(deps, req);
      return ok(await catalog.listDeals(deps, store), 'Deals fetched');
    },
  });

  app.get('/stores/product/product-options/', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: "The options (sizes, colours, packs) the shop's products come in, for the listing's filters",
      headers: storeOriginHeader,
      response: { 200: envelope(shopOptions), ...errors },
    },
    handler: async (req) => {
      const store = await requireOpenStore(deps, req);
      return ok(await catalog.listShopOptions(deps, store), 'Options fetched');
    },
  });

  app.get('/stores/product/get-store-product-category/', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: "The shop's product categories with their sub-categories",
      headers: storeOriginHeader,
      response: { 200: envelope(z.array(productCategory)), ...errors },
    },
    handler: async (req) => {
      const store = await requireOpenStore(deps, req);
      return ok(await catalog.listProductCategories(deps, store), 'Categories fetched');
    },
  });
}

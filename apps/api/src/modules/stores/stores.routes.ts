import {
  envelope,
  errorEnvelope,
  hostInfo,
  marketplaceProductData,
  marketplaceProductQuery,
  pageQuery,
  storeCategory,
  storeCitiesData,
  storeContact,
  storeDetail,
  storeListData,
  storeListQuery,
  storeLocation,
} from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import type { ZodApp } from '../../lib/route-schemas.ts';
import { describeHost } from './describe-host.ts';
import { searchProducts } from './marketplace.service.ts';
import * as stores from './stores.service.ts';

const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const slugParam = z.object({ slug: z.string().min(1).max(100) });

/** Store directory calls of the store service (01 §7): marketplace, lookup, details, categories. */
export const storesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    directoryRoutes(app, deps);
    shopPageRoutes(app, deps);
  };

/** The marketplace's directory of shops: search, cities, products across shops. */
function directoryRoutes(app: ZodApp, deps: Deps) {
  app.get('/get-store/', {
    schema: {
      tags: ['stores'],
      summary: 'Marketplace: open shops, searched and filtered on the server',
      querystring: storeListQuery,
      response: { 200: envelope(storeListData), ...errors },
    },
    handler: async (req) => {
      const { category, ...rest } = req.query;
      const data = await stores.listStores(deps, stores.originOf(req), {
        ...rest,
        category: category === 'All' ? undefined : category,
      });
      return ok(data, data.count ? 'Stores fetched' : 'No Shops Found');
    },
  });

  app.get('/get-store/cities/', {
    schema: {
      tags: ['stores'],
      summary: 'Marketplace: the cities that have open shops, with how many each (for the city filter)',
      response: { 200: envelope(storeCitiesData), ...errors },
    },
    handler: async () => ok(await stores.listStoreCities(deps), 'Cities fetched'),
  });

  app.get('/get-store/products/', {
    // The marketplace's search, the main domain's busiest read: its reply written by a compiled serializer (as the
    // storefront's; checked against the zod schema outside production).
    serializerCompiler: compiledSerializer(deps.config.NODE_ENV !== 'production'),
    schema: {
      tags: ['stores'],
      summary:
        'Marketplace: active products of every open shop, searched (typos forgiven), filtered, sorted and paged',
      querystring: marketplaceProductQuery,
      response: { 200: envelope(marketplaceProductData), ...errors },
    },
    handler: async (req) => {
      const data = await searchProducts(deps, stores.originOf(req), req.query);
      return ok(data, data.count ? 'Products fetched' : 'No Products Found');
    },
  });
}

/** An open shop by its slug as its pages read it; 404 when unknown, 403 with its status when not open. */
async function describeOpenShop(deps: Deps, req: FastifyRequest, slug: string) {
  const row = await stores.findStoreBySlug(deps, slug.toLowerCase());
  if (!row) throw notFound('Store not found');
  if (!stores.isOpen(row.onlineStatus)) throw stores.unavailable(row.onlineStatus);
  return stores.describeStore(deps, row, stores.originOf(req), await stores.loadAddressBook(deps, row.id));
}

/** One shop as its pages read it: by slug, its details, its categories, the host's shop. */
function shopPageRoutes(app: ZodApp, deps: Deps) {
  app.get('/store/:slug/', {
    schema: {
      tags: ['stores'],
      summary: 'A shop by slug; 403 with its status when it is not open, 404 when unknown',
      params: slugParam,
      response: { 200: envelope(storeDetail), ...errors },
    },
    handler: async (req) => ok(await describeOpenShop(deps, req, req.params.slug), 'Store fetched'),
  });

  app.get('/shop/shop/:slug/get-store-details/', {
    schema: {
      tags: ['stores'],
      summary: 'Name, description, address and contacts of an open shop',
      params: slugParam,
      response: {
        200: envelope(
          z.object({
            store_name: z.string(),
            description: z.string().nullable(),
            location: storeLocation.nullable(),
            contacts: z.array(storeContact),
          }),
        ),
        ...errors,
      },
    },
    handler: async (req) => {
      const d = await describeOpenShop(deps, req, req.params.slug);
      return ok(
        {
          store_name: d.store_name,
          description: d.description,
          location: d.location,
          contacts: d.contacts,
        },
        'Store details fetched',
      );
    },
  });

  app.get('/shop/category/', {
    schema: {
      tags: ['stores'],
      summary: 'Shop (business) categories',
      querystring: pageQuery,
      response: { 200: envelope(z.array(storeCategory)), ...errors },
    },
    handler: async (req) =>
      ok(await stores.listStoreCategories(deps, req.query.limit, req.query.offset), 'Categories fetched'),
  });

  app.get('/host/', {
    schema: {
      tags: ['stores'],
      summary:
        'What the Host header (and a page path) names: face and shop (the page normally gets this injected)',
      querystring: z.object({ path: z.string().max(2000).default('/') }),
      response: { 200: envelope(hostInfo), ...errors },
    },
    handler: async (req) => ok(await describeHost(deps, req, req.query.path), 'Host resolved'),
  });
}

import {
  envelope,
  errorEnvelope,
  productCard,
  productDetail,
  reviewAnalytics,
  reviewItem,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import type { ZodApp } from '../../lib/route-schemas.ts';

import { requireOpenStore } from '../stores/index.ts';
import * as products from './product.service.ts';

/** The reply serializer a shopper's busiest reads share. */
type Serializer = ReturnType<typeof compiledSerializer>;

const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const storeOriginHeader = z.object({ 'store-origin': z.string().max(100).optional() });
const idParam = z.object({ id: z.string().max(100) });

/** A product's page calls (01 §7): the product, its reviews and their analytics, similar products. */
export const productRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Hot public reads: replies written by a compiled serializer (issue 18; strictly checked outside production).
    const serializerCompiler = compiledSerializer(deps.config.NODE_ENV !== 'production');
    productPageRoutes(app, deps, serializerCompiler);
    reviewFiguresAndSimilarRoutes(app, deps, serializerCompiler);
  };

/** The product page and its reviews. */
function productPageRoutes(app: ZodApp, deps: Deps, serializerCompiler: Serializer) {
  app.get('/stores/product/:id', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary:
        "A product of the shop with its live deal and the shop's offers; another shop's product is 404",
      headers: storeOriginHeader,
      params: idParam,
      response: { 200: envelope(productDetail), ...errors },
    },
    handler: async (req) =>
      ok(
        await products.getProduct(deps, await requireOpenStore(deps, req), req.params.id),
        'Product fetched',
      ),
  });

  app.get('/stores/product/:id/product-reviews/', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: "A product's reviews, newest first; the total is in X-Total-Count",
      headers: storeOriginHeader,
      params: idParam,
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(50).default(10),
        offset: z.coerce.number().int().min(0).max(100_000).default(0),
      }),
      response: { 200: envelope(z.array(reviewItem)), ...errors },
    },
    handler: async (req, reply) => {
      const store = await requireOpenStore(deps, req);
      const { results, total } = await products.listReviews(deps, store, {
        id: req.params.id,
        limit: req.query.limit,
        offset: req.query.offset,
      });
      reply.header('x-total-count', String(total));
      return ok(results, 'Reviews fetched');
    },
  });
}

/** A product's review figures and similar products. */
function reviewFiguresAndSimilarRoutes(app: ZodApp, deps: Deps, serializerCompiler: Serializer) {
  app.get('/stores/product/:id/product-reviews-analytic/', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: "A product's rating: average, total and the share of each star",
      headers: storeOriginHeader,
      params: idParam,
      response: { 200: envelope(reviewAnalytics), ...errors },
    },
    handler: async (req) =>
      ok(
        await products.reviewAnalytics(deps, await requireOpenStore(deps, req), req.params.id),
        'Review analytics fetched',
      ),
  });

  app.get('/stores/product/:id/similar-product/', {
    serializerCompiler,
    schema: {
      tags: ['storefront'],
      summary: 'Products of the same category, closest names first',
      headers: storeOriginHeader,
      params: idParam,
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) }),
      response: { 200: envelope(z.array(productCard)), ...errors },
    },
    handler: async (req) =>
      ok(
        await products.listSimilar(deps, await requireOpenStore(deps, req), req.params.id, req.query.limit),
        'Similar products fetched',
      ),
  });
}

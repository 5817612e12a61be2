import { renderDemoImage } from '@haat/db/seed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Demo images are generated, not downloaded: a deterministic SVG per kind, seed and label (so never stale). */
export const mediaRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get('/demo/:kind/:file', {
    schema: {
      hide: true,
      params: z.object({
        kind: z.enum(['product', 'store', 'banner']),
        file: z.string().regex(/^[^/]{1,120}\.svg$/),
      }),
      querystring: z.object({ t: z.string().max(80).default('') }),
    },
    handler: async (req, reply) => {
      const seed = req.params.file.slice(0, -4);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(renderDemoImage(req.params.kind, seed, req.query.t));
    },
  });
};

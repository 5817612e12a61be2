import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import { envelope, errorEnvelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireActor } from '../../plugins/auth.ts';

import { requireOwnedStore } from '../onboarding/index.ts';
import { requireShopFor } from '../staff/index.ts';

import { MAX_UPLOAD_BYTES, storeImage, tooLarge, UPLOAD_KINDS } from './uploads.service.ts';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  413: errorEnvelope,
};

/** Image uploads for a vendor's own shop (logo, banner, product photos) and serving them back. */
export const uploadRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

    app.post('/api/store/upload/', {
      schema: {
        tags: ['onboarding'],
        summary:
          'Upload an image (multipart field "file"; logo up to 5 MB, banner, product and expense receipt photos up to 10 MB) for a shop; it is checked and re-encoded',
        querystring: z.object({
          store_id: z.uuid(),
          kind: z.enum(Object.keys(UPLOAD_KINDS) as [keyof typeof UPLOAD_KINDS]),
        }),
        response: { 201: envelope(z.object({ url: z.string() })), ...errors },
      },
      handler: async (req, reply) => {
        const actor = await requireActor(deps, req, ['VENDOR', 'ADMIN']);
        const { kind } = req.query;
        const store =
          kind === 'product' || kind === 'receipt'
            ? await requireShopFor(
                deps,
                actor,
                req.query.store_id,
                kind === 'product' ? 'products.edit' : 'expenses',
              )
            : await requireOwnedStore(deps, actor, req.query.store_id);
        if (!req.isMultipart())
          throw new AppError(
            400,
            'VALIDATION_FAILED',
            'Send the image as multipart/form-data in the field "file"',
          );
        const file = await req.file();
        if (!file)
          throw new AppError(400, 'VALIDATION_FAILED', 'Choose an image to upload', {
            issues: [{ path: 'file', message: 'Required' }],
          });
        const bytes = await file.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(400, 'VALIDATION_FAILED', tooLarge(req.query.kind), {
              issues: [{ path: 'file', message: tooLarge(req.query.kind) }],
            });
          throw err;
        });
        const url = await storeImage(deps.config.UPLOAD_DIR, store.id, req.query.kind, bytes);
        return reply.code(201).send(ok({ url }, 'Image uploaded'));
      },
    });

    app.get('/media/uploads/:storeId/:file', {
      schema: {
        hide: true,
        params: z.object({ storeId: z.uuid(), file: z.string().regex(/^[a-z]+-[0-9a-f-]{36}\.webp$/) }),
      },
      handler: async (req, reply) => {
        const path = join(resolve(deps.config.UPLOAD_DIR), req.params.storeId, req.params.file);
        if (!existsSync(path)) throw notFound('Image not found');
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(createReadStream(path));
      },
    });
  };

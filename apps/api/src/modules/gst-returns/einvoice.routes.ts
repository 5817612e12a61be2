import { einvoiceFile, einvoiceQuery, envelope, irnBody, taxDocumentSummary } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { einvoiceOf, enterIrn } from './einvoice.service.ts';

/** The e-invoice of a B2B invoice and the IRN it got (issue 39), under /api/admin beside the GST returns. */
export const einvoiceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/transaction/einvoice.json', {
      schema: {
        tags: ['transactions'],
        summary: "A B2B invoice's e-invoice in the IRP's format INV-01 version 1.1, to upload for its IRN",
        headers: storeOriginHeaders,
        querystring: einvoiceQuery,
        response: { 200: einvoiceFile, ...errorReplies },
      },
      handler: async (req, reply) => {
        const { store } = await requireVendorStore(deps, req);
        const { number, file } = await einvoiceOf({ deps, store }, req.query.document_id);
        const name = `${store.slug}-einvoice-${number.replaceAll('/', '-')}.json`;
        reply.header('content-disposition', `attachment; filename="${name}"`);
        return file;
      },
    });

    app.put('/transaction/document/:id/irn/', {
      schema: {
        tags: ['transactions'],
        summary: 'Enter the IRN, acknowledgement and signed QR the IRP returned for a B2B invoice (once)',
        headers: storeOriginHeaders,
        params: idParam,
        body: irnBody,
        response: { 200: envelope(taxDocumentSummary), ...errorReplies },
      },
      handler: async (req) => {
        const { store, actor } = await requireVendorStore(deps, req);
        const ctx = shopContext(deps, req, actor, store);
        const data = await enterIrn(ctx, { documentId: req.params.id, body: req.body });
        return ok(data, `IRN entered on invoice ${data.number}`);
      },
    });
  };

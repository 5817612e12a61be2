import { calendarMonth, envelope, gstr1File, gstr1Preview, gstr3bFile, gstr3bPreview } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, fileReplies, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { gstr1, gstr3b } from './gst-returns.service.ts';
import { gstr1Csv } from './gstr1-csv.ts';

const monthQuery = z.object({ month: calendarMonth() });
const attachment = (slug: string, name: string) => `attachment; filename="${slug}-${name}"`;

/** GST returns of a month (issue 39), under /api/admin beside the transactions' GST summary. */
export const gstReturnRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    gstr1Routes(app, deps);
    gstr3bRoutes(app, deps);
  };

/** GSTR-1: the month read with what to fix, the portal's JSON file and the accountant's CSV. */
function gstr1Routes(app: ZodApp, deps: Deps) {
  app.get('/transaction/gstr1/', {
    schema: {
      tags: ['transactions'],
      summary: "GSTR-1 of a month in the GST portal's format, with what to fix before uploading it",
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: { 200: envelope(gstr1Preview), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await gstr1({ deps, store }, req.query.month), 'GSTR-1 prepared');
    },
  });

  app.get('/transaction/gstr1.json', {
    schema: {
      tags: ['transactions'],
      summary: "GSTR-1 of a month as the JSON file the GST portal's offline tool uploads",
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: { 200: gstr1File, ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { file } = await gstr1({ deps, store }, req.query.month);
      reply.header('content-disposition', attachment(store.slug, `GSTR1-${file.fp}.json`));
      return file;
    },
  });

  app.get('/transaction/gstr1.csv', {
    schema: {
      tags: ['transactions'],
      summary: "GSTR-1's tables of a month as CSV for the accountant",
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: fileReplies('text/csv', 'GSTR-1 as CSV'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { file } = await gstr1({ deps, store }, req.query.month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(store.slug, `GSTR1-${file.fp}.csv`))
        .send(gstr1Csv(file));
    },
  });
}

/** GSTR-3B: the month with its input tax credit and set-off, and the portal's JSON file. */
function gstr3bRoutes(app: ZodApp, deps: Deps) {
  app.get('/transaction/gstr3b/', {
    schema: {
      tags: ['transactions'],
      summary:
        'GSTR-3B of a month: outward supplies (3.1, 3.2), input tax credit from supplier bills and expenses (4), the tax set off against it and the cash to pay, and what was not claimed',
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: { 200: envelope(gstr3bPreview), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      const { preview } = await gstr3b({ deps, store }, req.query.month);
      return ok(preview, 'GSTR-3B prepared');
    },
  });

  app.get('/transaction/gstr3b.json', {
    schema: {
      tags: ['transactions'],
      summary: "GSTR-3B of a month as the JSON file the GST portal's offline tool uploads",
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: { 200: gstr3bFile, ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { file } = await gstr3b({ deps, store }, req.query.month);
      reply.header('content-disposition', attachment(store.slug, `GSTR3B-${file.ret_period}.json`));
      return file;
    },
  });
}

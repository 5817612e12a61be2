import {
  calendarDate,
  dateRange,
  envelope,
  gstSettings,
  gstSettingsBody,
  refundBody,
  transactionDetails,
  transactionPage,
  transactionQuery,
  transactionStats,
} from '@haat/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { sendCsvStream } from '../../lib/csv.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireShopCustomer, requireVendorStore } from '../../plugins/auth.ts';
import * as gst from './gst-settings.service.ts';
import { gstSummary, gstSummaryCsv } from './gst-summary.ts';
import * as payments from './payments.service.ts';
import { COLUMNS, transactionRows, transactionsFor } from './payments-csv.ts';
import { refund } from './refund.service.ts';

const pdfReply = fileReplies('application/pdf', 'The document');
const statsQuery = z
  .object({
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
  })
  .superRefine(dateRange());

const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name.replaceAll('/', '-')}.pdf"`)
    .send(pdf);

/** Transaction Management and documents (02 §7 admin `/transaction/...`), under /api/admin. */
export const adminPaymentRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    transactionListRoutes(app, deps);
    gstSummaryRoutes(app, deps);
    transactionRoutes(app, deps);
    invoiceAndGstSettingRoutes(app, deps);
  };

/** Transaction Management's list, its figures and its CSV. */
function transactionListRoutes(app: ZodApp, deps: Deps) {
  // The busiest back-office list: its reply is written by a compiled serializer (strictly checked against the
  // zod schema outside production).
  app.get('/transaction/', {
    serializerCompiler: compiledSerializer(deps.config.NODE_ENV !== 'production'),
    schema: {
      tags: ['transactions'],
      summary:
        'A page of payments (search, status, payment mode, date range, sort) with the count of matches',
      headers: storeOriginHeaders,
      querystring: transactionQuery,
      response: { 200: envelope(transactionPage), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await payments.listTransactions(deps, store, req.query), 'Transactions fetched');
    },
  });

  app.get('/transaction/transaction-stats/', {
    schema: {
      tags: ['transactions'],
      summary: 'The 4 stat cards for a date range: revenue net of refunds, transactions, pending, failed',
      headers: storeOriginHeaders,
      querystring: statsQuery,
      response: { 200: envelope(transactionStats), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await payments.transactionStats(deps, store, req.query), 'Transaction stats fetched');
    },
  });

  app.get('/transaction/export.csv', {
    schema: {
      tags: ['transactions'],
      summary: 'The filtered payments as CSV, every match, streamed as it is read',
      headers: storeOriginHeaders,
      querystring: transactionQuery,
      response: fileReplies('text/csv', 'The payments as CSV'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const day = new Date().toISOString().slice(0, 10);
      const rows = transactionRows(transactionsFor(deps, store, req.query));
      return sendCsvStream(reply, `${store.slug}-transactions-${day}.csv`, rows, COLUMNS);
    },
  });
}

/** The month's GST summary, on screen and as CSV. */
function gstSummaryRoutes(app: ZodApp, deps: Deps) {
  const monthQuery = z.object({
    month: z
      .string({ error: 'month is required (YYYY-MM)' })
      .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
  });

  app.get('/transaction/gst-summary/', {
    schema: {
      tags: ['transactions'],
      summary: 'GSTR-1-friendly summary of a month: taxable value and tax by rate and by place of supply',
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: { 200: envelope(z.any()), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await gstSummary(deps, store, req.query.month), 'GST summary fetched');
    },
  });

  app.get('/transaction/gst-summary.csv', {
    schema: {
      tags: ['transactions'],
      summary: "The month's GST summary as CSV",
      headers: storeOriginHeaders,
      querystring: monthQuery,
      response: fileReplies('text/csv', 'The GST summary as CSV'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const summary = await gstSummary(deps, store, req.query.month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${store.slug}-gst-${req.query.month}.csv"`)
        .send(gstSummaryCsv(summary));
    },
  });
}

/** One transaction: the invoice search, the detail, a refund. */
function transactionRoutes(app: ZodApp, deps: Deps) {
  app.get('/transaction/get-invoice/', {
    schema: {
      tags: ['transactions'],
      summary: "A transaction's tax invoice (or bill of supply) as PDF; a credit note by document_id",
      headers: storeOriginHeaders,
      querystring: z.object({
        transaction_id: z.string().max(100).optional(),
        document_id: z.string().max(100).optional(),
      }),
      response: pdfReply,
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { number, pdf } = await payments.documentPdf(deps, store, {
        paymentId: req.query.transaction_id,
        documentId: req.query.document_id,
      });
      return sendPdf(reply, number, pdf);
    },
  });

  app.get('/transaction/:id/', {
    schema: {
      tags: ['transactions'],
      summary: 'A payment with its order, documents, refunds, timeline and customer',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(transactionDetails), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await payments.getTransaction(deps, store, req.params.id), 'Transaction fetched');
    },
  });

  app.post('/transaction/:id/refund/', {
    schema: {
      tags: ['transactions'],
      summary: 'Record a refund (amount, reason, how, lines back to stock); issues a credit note; capped',
      headers: storeOriginHeaders,
      params: idParam,
      body: refundBody,
      response: { 200: envelope(transactionDetails), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const data = await refund(deps, actor, store, req.params.id, req.body);
      return ok(data, 'Refund recorded');
    },
  });
}

/** An order's invoice PDF and the shop's GST settings. */
function invoiceAndGstSettingRoutes(app: ZodApp, deps: Deps) {
  app.get('/order/:id/invoice.pdf', {
    schema: {
      tags: ['admin orders'],
      summary: "An order's tax invoice (issued when it ships) as PDF",
      headers: storeOriginHeaders,
      params: idParam,
      response: pdfReply,
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { number, pdf } = await payments.orderInvoicePdf(deps, store, req.params.id);
      return sendPdf(reply, number, pdf);
    },
  });

  app.get('/store-setting/gst/', {
    schema: {
      tags: ['shop settings'],
      summary: "The shop's GST registration: GSTIN, legal name, and the state of its address",
      headers: storeOriginHeaders,
      response: { 200: envelope(gstSettings), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await gst.getGst(deps, store), 'GST details fetched');
    },
  });

  app.put('/store-setting/gst/', {
    schema: {
      tags: ['shop settings'],
      summary: 'Set the GSTIN (checked with its check digit and the state) and the legal name; empty clears',
      headers: storeOriginHeaders,
      body: gstSettingsBody,
      response: { 200: envelope(gstSettings), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await gst.setGst(deps, actor, store, req.body), 'GST details saved');
    },
  });
}

/** The customer's own invoice from Your Orders (store service). */
export const customerInvoiceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/store-user/store-order/:id/invoice/', {
      schema: {
        tags: ['orders'],
        summary: "The customer's invoice of one of their orders, once it has shipped (PDF)",
        headers: storeOriginHeaders,
        params: idParam,
        response: pdfReply,
      },
      handler: async (req, reply) => {
        const { store, actor } = await requireShopCustomer(deps, req);
        const { number, pdf } = await payments.orderInvoicePdf(deps, store, req.params.id, actor.userId);
        return sendPdf(reply, number, pdf);
      },
    });
  };

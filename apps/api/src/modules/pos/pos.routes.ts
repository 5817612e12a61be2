import { randomUUID } from 'node:crypto';
import {
  envelope,
  posBarcodeParams,
  posCheckoutBody,
  posCustomer,
  posCustomerQuery,
  posProduct,
  posProductQuery,
  posReceiptMailBody,
  posSale,
} from '@haat/contracts';
import { withStore } from '@haat/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';

import { enqueueMail } from '../mail/index.ts';
import { orderInvoicePdf } from '../payments/index.ts';

import { counterRoutes } from './counters.routes.ts';
import * as pos from './pos.service.ts';
import { receiptMail } from './pos-mails.ts';
import { returnRoutes } from './returns.routes.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const saleReply = { 200: envelope(posSale), 201: envelope(posSale), ...errorReplies };
const counterInfo = z.object({
  shop_name: z.string(),
  upi_id: z.string().nullable(),
  gst_registered: z.boolean(),
  gstin: z.string().nullable(),
  legal_name: z.string().nullable(),
  address: z.array(z.string()),
  phone: z.string().nullable(),
});

/** The point of sale (02 §2 Point-of-sale checkout, §7 `order/pos-checkout/`; issue 14), under /api/admin. */
export const posRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    lookupRoutes(app, deps);
    customerAndUpiRoutes(app, deps);
    saleRoutes(app, deps);
    saleDocumentRoutes(app, deps);
    returnRoutes(app, deps);
    counterRoutes(app, deps);
  };

/** What the counter looks up: its screen, products, a barcode. */
function lookupRoutes(app: ZodApp, deps: Deps) {
  app.get('/pos/counter/', {
    schema: {
      tags: ['point of sale'],
      summary: "The counter's shop: UPI id, GST registration, the receipt's header",
      headers: storeOriginHeaders,
      response: { 200: envelope(counterInfo), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await pos.counter(deps, store), 'Counter fetched');
    },
  });

  app.get('/pos/products/', {
    schema: {
      tags: ['point of sale'],
      summary: 'Products and variants to sell, by name, SKU or barcode (best sellers without a search)',
      headers: storeOriginHeaders,
      querystring: posProductQuery,
      response: { 200: envelope(z.object({ products: z.array(posProduct) })), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok({ products: await pos.searchProducts(deps, store, req.query) }, 'Products fetched');
    },
  });

  app.get('/pos/barcode/:code/', {
    schema: {
      tags: ['point of sale'],
      summary: 'The product or variant a scanned barcode names (404 "Product not found with this barcode")',
      headers: storeOriginHeaders,
      params: posBarcodeParams,
      response: { 200: envelope(z.object({ product: posProduct })), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok({ product: await pos.productByBarcode(deps, store, req.params.code) }, 'Product found');
    },
  });
}

/** The counter's customer look-up and the UPI code to pay by. */
function customerAndUpiRoutes(app: ZodApp, deps: Deps) {
  app.get('/pos/customer/', {
    schema: {
      tags: ['point of sale'],
      summary: 'A returning customer of this shop by phone (null when new)',
      headers: storeOriginHeaders,
      querystring: posCustomerQuery,
      response: { 200: envelope(z.object({ customer: posCustomer.nullable() })), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      const customer = await pos.findCustomer(deps, store, req.query.phone);
      return ok({ customer }, customer ? 'Returning customer' : 'New customer');
    },
  });

  app.get('/pos/upi/', {
    schema: {
      tags: ['point of sale'],
      summary: "An exact-amount UPI request to the shop's UPI id, with its QR code as SVG",
      headers: storeOriginHeaders,
      querystring: z.object({
        amount: z.coerce
          .number({ error: 'amount must be a number' })
          .positive('amount must be more than 0')
          .max(10_000_000, 'amount is too large'),
      }),
      response: {
        200: envelope(
          z.object({ upi_id: z.string(), upi_link: z.string(), qr_svg: z.string(), amount: z.number() }),
        ),
        ...errorReplies,
      },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await pos.upiRequest(deps, store, req.query.amount), 'UPI request ready');
    },
  });
}

/** The counter sale: placing it and reading it back. */
function saleRoutes(app: ZodApp, deps: Deps) {
  app.post('/order/pos-checkout/', {
    schema: {
      tags: ['point of sale'],
      summary:
        'Bill a customer at the counter: re-priced, stock taken, order (POS, DELIVERED), payment, invoice and ' +
        'stock ledger in one transaction; an Idempotency-Key makes a retry return the first sale',
      headers: storeOriginHeaders.extend({ 'idempotency-key': z.string().max(200).optional() }),
      body: posCheckoutBody,
      response: saleReply,
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const sent = req.headers['idempotency-key'];
      if (sent !== undefined && !KEY.test(sent)) {
        const message = 'Idempotency-Key must be 8 to 100 letters, digits, - or _';
        throw badRequest(message, [{ path: 'Idempotency-Key', message }]);
      }
      // A client written to the spec sends no key: its sale is simply not deduplicated.
      const result = await pos.posCheckout(shopContext(deps, req, actor, store), {
        body: req.body,
        key: sent ?? randomUUID(),
      });
      return reply
        .code(result.created ? 201 : 200)
        .send(ok(result.sale, result.created ? 'Order placed successfully' : 'This sale was already made'));
    },
  });

  app.get('/order/pos-checkout/:id/', {
    schema: {
      tags: ['point of sale'],
      summary: 'A counter sale as its receipt shows it (reprint)',
      headers: storeOriginHeaders,
      params: idParam,
      response: saleReply,
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      if (!isUuid(req.params.id)) throw notFound('Sale not found');
      return ok(await pos.getSale(deps, store, req.params.id), 'Sale fetched');
    },
  });
}

/** A counter sale's invoice and its receipt by mail. */
function saleDocumentRoutes(app: ZodApp, deps: Deps) {
  app.get('/order/pos-checkout/:id/invoice.pdf', {
    schema: {
      tags: ['point of sale'],
      summary: "A counter sale's tax invoice (or bill of supply) as PDF",
      headers: storeOriginHeaders,
      params: idParam,
      response: fileReplies('application/pdf', 'The invoice'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      if (!isUuid(req.params.id)) throw notFound('Sale not found');
      await pos.getSale(deps, store, req.params.id);
      const { number, pdf } = await orderInvoicePdf(deps, store, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${number.replaceAll('/', '-')}.pdf"`)
        .send(pdf);
    },
  });

  app.post('/order/pos-checkout/:id/receipt-mail/', {
    schema: {
      tags: ['point of sale'],
      summary: 'Mail the receipt of a counter sale to the customer',
      headers: storeOriginHeaders,
      params: idParam,
      body: posReceiptMailBody,
      response: { 200: envelope(z.object({ email: z.string() })), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      if (!isUuid(req.params.id)) throw notFound('Sale not found');
      const sale = await pos.getSale(deps, store, req.params.id);
      const mail = receiptMail({ to: req.body.email, storeId: store.id, sale });
      await withStore(deps.db, store.id, (tx) => enqueueMail(tx, mail));
      return ok({ email: req.body.email }, `Receipt sent to ${req.body.email}`);
    },
  });
}

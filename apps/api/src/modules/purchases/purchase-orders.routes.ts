import {
  envelope,
  purchaseOrderBody,
  purchaseOrderDetail,
  purchaseOrderPage,
  purchaseOrderQuery,
  purchaseOrderSent,
  purchaseProduct,
  purchaseProductQuery,
} from '@haat/contracts';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { orderPdf } from './purchase-documents.service.ts';
import { cancelOrder, sendOrder } from './purchase-order-status.service.ts';
import * as orders from './purchase-orders.service.ts';

const tags = ['purchases'];
const detailReply = {
  200: envelope(purchaseOrderDetail),
  201: envelope(purchaseOrderDetail),
  ...errorReplies,
};

/** Purchase orders to suppliers (issue 38), under /api/admin: list, create, read, edit a draft, products to order. */
export function purchaseOrderRoutes(app: ZodApp, deps: Deps) {
  app.get('/purchase-order/', {
    schema: {
      tags,
      summary: "The shop's purchase orders, newest first, by status and supplier",
      headers: storeOriginHeaders,
      querystring: purchaseOrderQuery,
      response: { 200: envelope(purchaseOrderPage), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(
        await orders.listOrders(shopContext(deps, req, actor, store), req.query),
        'Purchase orders fetched',
      );
    },
  });

  app.post('/purchase-order/', {
    schema: {
      tags,
      summary:
        'A new purchase order (DRAFT, PO-1001...): lines by variant or product, cost without GST, GST rate',
      headers: storeOriginHeaders,
      body: purchaseOrderBody,
      response: detailReply,
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const order = await orders.createOrder(shopContext(deps, req, actor, store), req.body);
      return reply.code(201).send(ok(order, `Purchase order ${order.number} created`));
    },
  });

  app.get('/purchase-order/:id/', {
    schema: {
      tags,
      summary: 'A purchase order with its lines, goods receipts and bills',
      headers: storeOriginHeaders,
      params: idParam,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(
        await orders.getOrder(shopContext(deps, req, actor, store), req.params.id),
        'Purchase order fetched',
      );
    },
  });

  app.put('/purchase-order/:id/', {
    schema: {
      tags,
      summary: 'Edit a draft purchase order (409 once sent)',
      headers: storeOriginHeaders,
      params: idParam,
      body: purchaseOrderBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      const order = await orders.updateOrder(ctx, { id: req.params.id, body: req.body });
      return ok(order, `Purchase order ${order.number} saved`);
    },
  });
  statusRoutes(app, deps);
}

/** Products to order; sending (WhatsApp text and link), cancelling and the PDF. */
function statusRoutes(app: ZodApp, deps: Deps) {
  app.get('/purchase-order/products/', {
    schema: {
      tags,
      summary: 'Products and variants to order, by name or SKU, with their cost and stock now',
      headers: storeOriginHeaders,
      querystring: purchaseProductQuery,
      response: { 200: envelope(z.object({ products: z.array(purchaseProduct) })), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const products = await orders.searchProducts(shopContext(deps, req, actor, store), req.query);
      return ok({ products }, 'Products fetched');
    },
  });

  app.post('/purchase-order/:id/send/', {
    schema: {
      tags,
      summary:
        "Mark a purchase order SENT; answers its WhatsApp text and a wa.me link to the supplier's phone",
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(purchaseOrderSent), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const sent = await sendOrder(shopContext(deps, req, actor, store), req.params.id);
      return ok(sent, `Purchase order ${sent.order.number} sent`);
    },
  });

  app.post('/purchase-order/:id/cancel/', {
    schema: {
      tags,
      summary: 'Cancel a purchase order before anything was received against it',
      headers: storeOriginHeaders,
      params: idParam,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const order = await cancelOrder(shopContext(deps, req, actor, store), req.params.id);
      return ok(order, `Purchase order ${order.number} cancelled`);
    },
  });

  app.get('/purchase-order/:id/pdf', {
    schema: {
      tags,
      summary: 'A purchase order as PDF: shop and supplier with GSTINs, lines with HSN and GST, totals',
      headers: storeOriginHeaders,
      params: idParam,
      response: fileReplies('application/pdf', 'The purchase order'),
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const { number, pdf } = await orderPdf(shopContext(deps, req, actor, store), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .send(pdf);
    },
  });
}

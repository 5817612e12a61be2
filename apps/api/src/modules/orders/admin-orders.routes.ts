import {
  adminOrderDetails,
  adminOrderList,
  adminOrderQuery,
  adminOrderStatusBody,
  bulkStatusBody,
  bulkStatusResult,
  can,
  customerPrepaymentBody,
  editOrderBody,
  envelope,
  packingSlipQuery,
  recordPaymentBody,
  returnDecisionBody,
  shippingBody,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';

import * as admin from './admin-orders.service.ts';
import { setPrepayment } from './customer-record.service.ts';
import type { Invoicing } from './order-changes.service.ts';
import * as changes from './order-changes.service.ts';
import { ordersCsv } from './orders-csv.ts';
import { packingSlipsPdf } from './packing-slip.ts';

const detailReply = { 200: envelope(z.object({ order_details: adminOrderDetails })), ...errorReplies };
/** The most orders one export carries; narrow the filters for more. */
const EXPORT_CAP = 50_000;

/** The vendor's Order Management and order detail (02 §7 admin `order/`, `order/{id}/`, and the actions). */
export const adminOrderRoutes =
  (deps: Deps, invoicing: Invoicing): FastifyPluginAsyncZod =>
  async (app) => {
    orderListRoutes(app, deps);
    orderDetailRoutes(app, deps, invoicing);
    orderStatusRoutes(app, deps, invoicing);
    customerAndReturnRoutes(app, deps, invoicing);
  };

/** Order Management's list and what it exports: CSV and packing slips. */
function orderListRoutes(app: ZodApp, deps: Deps) {
  // The busiest back-office list: its reply is written by a compiled serializer (strictly checked against the
  // zod schema outside production).
  app.get('/order/', {
    serializerCompiler: compiledSerializer(deps.config.NODE_ENV !== 'production'),
    schema: {
      tags: ['admin orders'],
      summary:
        'Order Management: a page of orders (search, filters, date range, sort), its count and 7 stats',
      headers: storeOriginHeaders,
      querystring: adminOrderQuery,
      response: { 200: envelope(adminOrderList), ...errorReplies },
    },
    handler: async (req) => {
      const { store, role } = await requireVendorStore(deps, req);
      const list = await admin.listOrders(deps, store, req.query);
      // Revenue is a sales figure: a role without them (Cashier, Packer) gets the counts only (issue 42).
      const seen = can(role, 'money')
        ? list
        : { ...list, order_stats: { ...list.order_stats, total_revenue: null } };
      return ok(seen, 'Orders fetched');
    },
  });

  app.get('/order/export.csv', {
    schema: {
      tags: ['admin orders'],
      summary: 'The filtered order list as CSV (every match, up to 50,000)',
      headers: storeOriginHeaders,
      querystring: adminOrderQuery,
      response: fileReplies('text/csv', 'The orders as CSV'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const rows = await admin.ordersFor(deps, store, req.query, EXPORT_CAP);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${store.slug}-orders-${day}.csv"`)
        .send(ordersCsv(rows));
    },
  });

  app.get('/order/packing-slips.pdf', {
    schema: {
      tags: ['admin orders'],
      summary: 'Packing slips (PDF, one page per order) for the given order ids',
      headers: storeOriginHeaders,
      querystring: packingSlipQuery,
      response: fileReplies('application/pdf', 'The packing slips'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { shop, orders } = await admin.detailsFor(deps, store, req.query.ids);
      if (!orders.length) throw notFound('Order not found');
      const pdf = await packingSlipsPdf(shop, orders);
      const name = orders.length === 1 ? orders[0]?.order_number : `${orders.length}-orders`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="packing-slip-${name}.pdf"`)
        .send(pdf);
    },
  });
}

/** One order: bulk moves, the detail and Edit Order. */
function orderDetailRoutes(app: ZodApp, deps: Deps, invoicing: Invoicing) {
  app.post('/order/bulk-status/', {
    schema: {
      tags: ['admin orders'],
      summary:
        'Move several orders to one status; each obeys the rules, the answer says which moved and why not',
      headers: storeOriginHeaders,
      body: bulkStatusBody,
      response: { 200: envelope(bulkStatusResult), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const result = await changes.bulkStatus(shopContext(deps, req, actor, store), req.body, invoicing);
      const n = result.moved.length;
      return ok(
        result,
        `${n} order${n === 1 ? '' : 's'} updated to ${req.body.status}${result.skipped.length ? `, ${result.skipped.length} not` : ''}`,
      );
    },
  });

  app.get('/order/:id/', {
    schema: {
      tags: ['admin orders'],
      summary: 'One order with items, payment, shipment, customer, timeline and the next allowed statuses',
      headers: storeOriginHeaders,
      params: idParam,
      response: detailReply,
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok({ order_details: await admin.getOrder(deps, store, req.params.id) }, 'Order fetched');
    },
  });

  app.put('/order/:id/', {
    schema: {
      tags: ['admin orders'],
      summary: 'Edit Order: shipping address, phone and a note to the customer, while not yet shipped',
      headers: storeOriginHeaders,
      params: idParam,
      body: editOrderBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const details = await changes.editOrder(shopContext(deps, req, actor, store), {
        orderId: req.params.id,
        edit: req.body,
      });
      return ok({ order_details: details }, 'Order updated');
    },
  });
}

/** An order's status, shipment and payment. */
function orderStatusRoutes(app: ZodApp, deps: Deps, invoicing: Invoicing) {
  app.put('/order/:id/status/', {
    schema: {
      tags: ['admin orders'],
      summary: 'Move an order along: confirm, process, ship (carrier and tracking), deliver, cancel, return',
      headers: storeOriginHeaders,
      params: idParam,
      body: adminOrderStatusBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const details = await changes.setStatus(
        shopContext(deps, req, actor, store),
        { orderId: req.params.id, change: req.body },
        invoicing,
      );
      return ok({ order_details: details }, `Order status updated to ${req.body.status}`);
    },
  });

  app.put('/order/:id/shipping/', {
    schema: {
      tags: ['admin orders'],
      summary: 'Set or correct the carrier, tracking number and tracking link',
      headers: storeOriginHeaders,
      params: idParam,
      body: shippingBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const details = await changes.updateShipping(shopContext(deps, req, actor, store), {
        orderId: req.params.id,
        shipping: req.body,
      });
      return ok({ order_details: details }, 'Shipping details saved');
    },
  });

  app.post('/order/:id/payment/', {
    schema: {
      tags: ['admin orders'],
      summary: 'Record a UPI payment as received, with the UTR from the bank app',
      headers: storeOriginHeaders,
      params: idParam,
      body: recordPaymentBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const details = await changes.recordPayment(shopContext(deps, req, actor, store), {
        orderId: req.params.id,
        payment: req.body,
      });
      return ok({ order_details: details }, 'Payment recorded');
    },
  });
}

/** The customer's prepayment flag and the return decision. */
function customerAndReturnRoutes(app: ZodApp, deps: Deps, invoicing: Invoicing) {
  app.put('/order/:id/customer-prepayment/', {
    schema: {
      tags: ['admin orders'],
      summary: "Require the order's customer to prepay by UPI (no cash on delivery at this shop), or undo it",
      headers: storeOriginHeaders,
      params: idParam,
      body: customerPrepaymentBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const details = await setPrepayment(shopContext(deps, req, actor, store), {
        orderId: req.params.id,
        change: req.body,
      });
      return ok(
        { order_details: details },
        req.body.require_prepayment ? 'Customer must prepay by UPI' : 'Cash on delivery allowed again',
      );
    },
  });

  app.post('/order/:id/return/', {
    schema: {
      tags: ['admin orders'],
      summary: "Accept (order RETURNED, stock back) or decline a customer's return request",
      headers: storeOriginHeaders,
      params: idParam,
      body: returnDecisionBody,
      response: detailReply,
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const details = await changes.decideReturn(
        shopContext(deps, req, actor, store),
        { orderId: req.params.id, decision: req.body },
        invoicing,
      );
      return ok(
        { order_details: details },
        req.body.decision === 'ACCEPT' ? 'Return accepted' : 'Return declined',
      );
    },
  });
}

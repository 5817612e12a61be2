import {
  creditLimitBody,
  customerDetail,
  customerPage,
  customerQuery,
  customerReminder,
  envelope,
  khataPaymentBody,
  khataPaymentResult,
  khataStatementQuery,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

import * as customers from './customers.service.ts';
import { receivePayment } from './khata.service.ts';
import { statement } from './statement.service.ts';

const tags = ['customers'];

/** The shop's customers and their khata (issue 38), under /api/admin. */
export const customerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    bookRoutes(app, deps);
    khataRoutes(app, deps);
  };

function bookRoutes(app: ZodApp, deps: Deps) {
  app.get('/customer/', {
    schema: {
      tags,
      summary:
        "A page of the shop's customers (counter and online, matched by phone), searched by name or phone",
      headers: storeOriginHeaders,
      querystring: customerQuery,
      response: { 200: envelope(customerPage), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const data = await customers.listCustomers(shopContext(deps, req, actor, store), req.query);
      return ok(data, 'Customers fetched');
    },
  });

  app.get('/customer/:id/', {
    schema: {
      tags,
      summary: 'A customer with their orders, lifetime value, last visit and khata',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(customerDetail), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const data = await customers.getCustomer(shopContext(deps, req, actor, store), req.params.id);
      return ok(data, 'Customer fetched');
    },
  });

  app.put('/customer/:id/credit-limit/', {
    schema: {
      tags,
      summary: "Set a customer's credit limit in rupees (null or 0: no sales on credit)",
      headers: storeOriginHeaders,
      params: idParam,
      body: creditLimitBody,
      response: { 200: envelope(customerDetail), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const data = await customers.setCreditLimit(shopContext(deps, req, actor, store), {
        id: req.params.id,
        creditLimit: req.body.credit_limit,
      });
      return ok(data, 'Credit limit saved');
    },
  });
}

function khataRoutes(app: ZodApp, deps: Deps) {
  app.post('/customer/:id/payment/', {
    schema: {
      tags,
      summary:
        'Record money received on a khata (oldest credit sales settled first; above the balance only as an advance)',
      headers: storeOriginHeaders,
      params: idParam,
      body: khataPaymentBody,
      response: { 200: envelope(khataPaymentResult), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      const data = await receivePayment(ctx, { customerId: req.params.id, body: req.body });
      return ok(data, 'Payment recorded');
    },
  });

  app.get('/customer/:id/statement.pdf', {
    schema: {
      tags,
      summary: "A customer's khata statement for a period (opening balance, entries, closing balance) as PDF",
      headers: storeOriginHeaders,
      params: idParam,
      querystring: khataStatementQuery,
      response: fileReplies('application/pdf', 'The statement'),
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      const { pdf, name } = await statement(ctx, { id: req.params.id, query: req.query });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name.replace(/[^\w .-]/g, '')}.pdf"`)
        .send(pdf);
    },
  });

  app.get('/customer/:id/reminder/', {
    schema: {
      tags,
      summary: "A reminder of what is due: the text, the shop's UPI payment link and a WhatsApp (wa.me) link",
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(customerReminder), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const data = await customers.reminder(shopContext(deps, req, actor, store), req.params.id);
      return ok(data, 'Reminder ready');
    },
  });
}

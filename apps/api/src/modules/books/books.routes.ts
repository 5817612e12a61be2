import {
  envelope,
  expense,
  expenseBody,
  expensePage,
  expenseQuery,
  profitLoss,
  profitLossQuery,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import * as expenses from './expenses.service.ts';
import { profitAndLoss } from './profit-loss.service.ts';
import { profitLossCsv } from './profit-loss-csv.ts';

const headers = storeOriginHeaders;
const tags = ['books'];

/** The shop's books (issue 38): expenses (operation `expenses`) and the profit and loss (operation `profit`). */
export const booksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    expenseListRoutes(app, deps);
    expenseChangeRoutes(app, deps);
    profitRoutes(app, deps);
  };

const contextOf = async (deps: Deps, req: Parameters<typeof requireVendorStore>[1]) => {
  const { store, actor } = await requireVendorStore(deps, req);
  return shopContext(deps, req, actor, store);
};

function expenseListRoutes(app: ZodApp, deps: Deps) {
  app.get('/expense/', {
    schema: {
      tags,
      summary:
        "A page of the shop's expenses (a month, a category), their total and GST, and the category list",
      headers,
      querystring: expenseQuery,
      response: { 200: envelope(expensePage), ...errorReplies },
    },
    handler: async (req) =>
      ok(await expenses.listExpenses(await contextOf(deps, req), req.query), 'Expenses fetched'),
  });

  app.post('/expense/', {
    schema: {
      tags,
      summary:
        'Record an expense (amount with GST, the GST in it, a receipt image); from_register: paid from your open register (409 without one)',
      headers,
      body: expenseBody,
      response: { 201: envelope(expense), ...errorReplies },
    },
    handler: async (req, reply) => {
      const saved = await expenses.createExpense(await contextOf(deps, req), req.body);
      return reply.code(201).send(ok(saved, 'Expense recorded'));
    },
  });
}

function expenseChangeRoutes(app: ZodApp, deps: Deps) {
  app.put('/expense/:id/', {
    schema: {
      tags,
      summary: 'Change an expense (one paid from a closed register keeps its amount, method and drawer)',
      headers,
      params: idParam,
      body: expenseBody,
      response: { 200: envelope(expense), ...errorReplies },
    },
    handler: async (req) =>
      ok(await expenses.updateExpense(await contextOf(deps, req), req.params.id, req.body), 'Expense saved'),
  });

  app.delete('/expense/:id/', {
    schema: {
      tags,
      summary: 'Delete an expense (recorded in the audit trail)',
      headers,
      params: idParam,
      response: { 200: envelope(z.object({ id: z.string() })), ...errorReplies },
    },
    handler: async (req) =>
      ok(await expenses.deleteExpense(await contextOf(deps, req), req.params.id), 'Expense deleted'),
  });
}

function profitRoutes(app: ZodApp, deps: Deps) {
  app.get('/profit-loss/', {
    schema: {
      tags,
      summary:
        'Profit and loss of a period (from, to: days in India time; default this month): net sales as the dashboard counts them, cost of goods sold, gross margin, expenses by category, net profit; 12 months for the chart; the stock at cost',
      headers,
      querystring: profitLossQuery,
      response: { 200: envelope(profitLoss), ...errorReplies },
    },
    handler: async (req) =>
      ok(await profitAndLoss(await contextOf(deps, req), req.query), 'Profit and loss fetched'),
  });

  app.get('/profit-loss/export.csv', {
    schema: {
      tags,
      summary: 'The profit and loss of a period as CSV (the same figures as the JSON)',
      headers,
      querystring: profitLossQuery,
      response: fileReplies('text/csv', 'The profit and loss as CSV'),
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(deps, req);
      const p = await profitAndLoss(ctx, req.query);
      const name = `${ctx.store.slug}-profit-loss-${p.from}-to-${p.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(profitLossCsv(p));
    },
  });
}

import {
  envelope,
  goodsReceipt,
  goodsReceiptBody,
  receiptQuery,
  statementQuery,
  supplierBalance,
  supplierBill,
  supplierBillBody,
  supplierPayment,
  supplierPaymentBody,
  supplierQuery,
  supplierStatement,
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
import { supplierStatementPdf } from './purchase-documents.service.ts';
import * as receipts from './receipts.service.ts';
import * as accounts from './supplier-accounts.service.ts';

const tags = ['purchases'];

/** Goods receipts (GRN-1001...): stock in at the received cost, against a purchase order or from a supplier. */
export function receiptRoutes(app: ZodApp, deps: Deps) {
  app.get('/goods-receipt/', {
    schema: {
      tags,
      summary: 'Goods receipts, newest first, of a supplier, a purchase order or with a line of a product',
      headers: storeOriginHeaders,
      querystring: receiptQuery,
      response: { 200: envelope(z.array(goodsReceipt)), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(
        await receipts.listReceipts(shopContext(deps, req, actor, store), req.query),
        'Receipts fetched',
      );
    },
  });

  app.post('/goods-receipt/', {
    schema: {
      tags,
      summary:
        'Receive goods: stock added with a PURCHASE ledger row, the weighted average cost updated, the order ' +
        'lines and status raised; more than ordered only with confirm_over_receipt (else 409 naming the line)',
      headers: storeOriginHeaders,
      body: goodsReceiptBody,
      response: { 201: envelope(goodsReceipt), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const receipt = await receipts.receiveGoods(shopContext(deps, req, actor, store), req.body);
      return reply.code(201).send(ok(receipt, `Goods received: ${receipt.number}`));
    },
  });

  app.get('/goods-receipt/:id/', {
    schema: {
      tags,
      summary: 'A goods receipt with its lines and the average cost before and after each',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(goodsReceipt), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(
        await receipts.getReceipt(shopContext(deps, req, actor, store), req.params.id),
        'Receipt fetched',
      );
    },
  });
}

/** Supplier bills and payments to suppliers. */
export function billAndPaymentRoutes(app: ZodApp, deps: Deps) {
  app.get('/supplier-bill/', {
    schema: {
      tags,
      summary: 'Supplier bills, newest first',
      headers: storeOriginHeaders,
      querystring: supplierQuery,
      response: { 200: envelope(z.array(supplierBill)), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const bills = await accounts.listBills(shopContext(deps, req, actor, store), req.query.supplier_id);
      return ok(bills, 'Bills fetched');
    },
  });
  app.post('/supplier-bill/', {
    schema: {
      tags,
      summary: "Record a supplier's bill (its number once per supplier, any case; 409 when already recorded)",
      headers: storeOriginHeaders,
      body: supplierBillBody,
      response: { 201: envelope(supplierBill), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const bill = await accounts.addBill(shopContext(deps, req, actor, store), req.body);
      return reply.code(201).send(ok(bill, `Bill ${bill.bill_number} recorded`));
    },
  });
  app.get('/supplier-payment/', {
    schema: {
      tags,
      summary: 'Payments to suppliers, newest first',
      headers: storeOriginHeaders,
      querystring: supplierQuery,
      response: { 200: envelope(z.array(supplierPayment)), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const payments = await accounts.listPayments(
        shopContext(deps, req, actor, store),
        req.query.supplier_id,
      );
      return ok(payments, 'Payments fetched');
    },
  });
  app.post('/supplier-payment/', {
    schema: {
      tags,
      summary:
        'Pay a supplier (CASH, UPI, BANK; cash may come from the open register); above the balance only with ' +
        'confirm_advance (else 409 saying the balance)',
      headers: storeOriginHeaders,
      body: supplierPaymentBody,
      response: {
        201: envelope(z.object({ payment: supplierPayment, balance: z.number() })),
        ...errorReplies,
      },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const paid = await accounts.recordPayment(shopContext(deps, req, actor, store), req.body);
      return reply.code(201).send(ok(paid, 'Payment recorded'));
    },
  });
}

/** Each supplier's balance and statement (JSON and PDF). */
export function supplierAccountRoutes(app: ZodApp, deps: Deps) {
  app.get('/supplier-account/', {
    schema: {
      tags,
      summary: 'Every supplier with what was billed, paid and is owed',
      headers: storeOriginHeaders,
      response: { 200: envelope(z.array(supplierBalance)), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      return ok(await accounts.balances(shopContext(deps, req, actor, store)), 'Balances fetched');
    },
  });
  app.get('/supplier-account/:id/statement/', {
    schema: {
      tags,
      summary:
        "A supplier's statement for a period: opening balance, bills and payments with the running balance",
      headers: storeOriginHeaders,
      params: idParam,
      querystring: statementQuery,
      response: { 200: envelope(supplierStatement), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      return ok(
        await accounts.statement(ctx, { supplierId: req.params.id, query: req.query }),
        'Statement fetched',
      );
    },
  });
  app.get('/supplier-account/:id/statement.pdf', {
    schema: {
      tags,
      summary: "A supplier's statement for a period as PDF",
      headers: storeOriginHeaders,
      params: idParam,
      querystring: statementQuery,
      response: fileReplies('application/pdf', 'The statement'),
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const ctx = shopContext(deps, req, actor, store);
      const { name, pdf } = await supplierStatementPdf(ctx, { supplierId: req.params.id, query: req.query });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}.pdf"`)
        .send(pdf);
    },
  });
}

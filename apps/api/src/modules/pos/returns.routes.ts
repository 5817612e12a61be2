import { randomUUID } from 'node:crypto';
import {
  counterReturn,
  counterReturnBody,
  envelope,
  recentSale,
  returnableSale,
  returnableSalesQuery,
  saleNumberParams,
  type TaxDocumentSnapshot,
} from '@haat/contracts';
import { withStore } from '@haat/db';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';

import { taxDocumentPdf } from '../payments/index.ts';
import * as repo from './returns.repository.ts';
import * as returns from './returns.service.ts';
import { returnView } from './returns-view.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const returnReply = { 200: envelope(counterReturn), 201: envelope(counterReturn), ...errorReplies };

/** Returns at the counter (issue 38), under /api/admin: find the sale, return from it, the slip and credit note. */
export function returnRoutes(app: ZodApp, deps: Deps) {
  app.get('/pos/sale/:number/returnable/', {
    schema: {
      tags: ['point of sale'],
      summary: 'A counter sale by its receipt number, with what of each line can still be returned',
      headers: storeOriginHeaders,
      params: saleNumberParams,
      response: { 200: envelope(returnableSale), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await returns.returnableSale(deps, store, req.params.number), 'Sale found');
    },
  });

  app.get('/pos/returnable-sales/', {
    schema: {
      tags: ['point of sale'],
      summary: "A customer's recent counter sales by phone, to return from",
      headers: storeOriginHeaders,
      querystring: returnableSalesQuery,
      response: { 200: envelope(z.object({ sales: z.array(recentSale) })), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok({ sales: await returns.recentSales(deps, store, req.query.phone) }, 'Sales fetched');
    },
  });

  app.post('/pos/return/', {
    schema: {
      tags: ['point of sale'],
      summary:
        'Return goods of a counter sale: restocked up to what was sold, refunded (cash, UPI, card, khata) or ' +
        'exchanged for a new bill, with a credit note; an Idempotency-Key makes a resend the same return',
      headers: storeOriginHeaders.extend({ 'idempotency-key': z.string().max(200).optional() }),
      body: counterReturnBody,
      response: returnReply,
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const sent = req.headers['idempotency-key'];
      if (sent !== undefined && !KEY.test(sent)) {
        const message = 'Idempotency-Key must be 8 to 100 letters, digits, - or _';
        throw badRequest(message, [{ path: 'Idempotency-Key', message }]);
      }
      const r = await returns.counterReturn(shopContext(deps, req, actor, store), {
        body: req.body,
        key: sent ?? randomUUID(),
      });
      return reply
        .code(r.created ? 201 : 200)
        .send(ok(r.view, r.created ? 'Return recorded' : 'This return was already recorded'));
    },
  });

  returnDocumentRoutes(app, deps);
}

/** A return's slip (reprint) and its credit note as PDF. */
function returnDocumentRoutes(app: ZodApp, deps: Deps) {
  app.get('/pos/return/:id/', {
    schema: {
      tags: ['point of sale'],
      summary: 'A counter return as its slip shows it (reprint)',
      headers: storeOriginHeaders,
      params: idParam,
      response: returnReply,
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      const view = await withStore(deps.db, store.id, (tx) => returnView(tx, store, req.params.id));
      if (!view) throw notFound('Return not found');
      return ok(view, 'Return fetched');
    },
  });

  app.get('/pos/return/:id/credit-note.pdf', {
    schema: {
      tags: ['point of sale'],
      summary: "A counter return's credit note as PDF",
      headers: storeOriginHeaders,
      params: idParam,
      response: fileReplies('application/pdf', 'The credit note'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const doc = await withStore(deps.db, store.id, async (tx) => {
        const r = await repo.returnById(tx, req.params.id);
        return r?.creditNoteId ? repo.documentById(tx, r.creditNoteId) : null;
      });
      if (!doc) throw notFound('No credit note for this return');
      const pdf = await taxDocumentPdf(doc.snapshot as TaxDocumentSnapshot);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${doc.number.replaceAll('/', '-')}.pdf"`)
        .send(pdf);
    },
  });
}

import { ackDateToUtc, type IrnBody, type TaxDocumentSnapshot } from '@haat/contracts';
import { schema, type Tx, withStore } from '@haat/db';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-errors.ts';
import { documentSummary } from '../payments/index.ts';
import { buildEinvoice, einvoiceGaps } from './einvoice.ts';
import type { ReturnContext } from './gst-returns.service.ts';

/*
 * The e-invoice of a B2B invoice (issue 39): its INV-01 JSON to upload to the IRP, and what the IRP returned for it
 * (IRN, acknowledgement, signed QR), entered once by the merchant and printed on the invoice from then on.
 */

const td = schema.taxDocuments;
type DocumentRow = typeof td.$inferSelect;

async function documentOr404(tx: Tx, id: string) {
  const [doc] = await tx.select().from(td).where(eq(td.id, id));
  if (!doc) throw notFound('Document not found');
  return doc;
}

const KINDS: Record<DocumentRow['kind'], string> = {
  INVOICE: 'tax invoice',
  BILL_OF_SUPPLY: 'bill of supply',
  CREDIT_NOTE: 'credit note',
};

/** A B2B tax invoice with everything the e-invoice needs, or 409 naming what it is not or lacks. */
function b2bInvoice(doc: DocumentRow) {
  const s = doc.snapshot as TaxDocumentSnapshot;
  if (doc.kind !== 'INVOICE')
    throw conflict(
      `${doc.number} is a ${KINDS[doc.kind]}: only a tax invoice to a buyer with a GSTIN has an e-invoice`,
      'NOT_B2B_INVOICE',
    );
  if (!s.buyer.gstin)
    throw conflict(
      `${doc.number} is a B2C invoice (the buyer gave no GSTIN): only B2B invoices have an e-invoice`,
      'NOT_B2B_INVOICE',
    );
  return s;
}

/** The INV-01 JSON of an issued B2B invoice. */
export const einvoiceOf = (ctx: ReturnContext, documentId: string) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const doc = await documentOr404(tx, documentId);
    const s = b2bInvoice(doc);
    const gaps = einvoiceGaps(s);
    if (gaps.length)
      throw conflict(
        `The e-invoice of ${doc.number} would be rejected: it lacks ${gaps.join('; ')}`,
        'EINVOICE_INCOMPLETE',
      );
    return { number: doc.number, file: buildEinvoice(s) };
  });

const duplicateIrn = (number: string) =>
  conflict(`irn: this IRN is already entered on invoice ${number}`, 'DUPLICATE_IRN');

/** Enters what the IRP returned for an invoice: once, as IRNs are final (a second entry answers 409). */
export const enterIrn = (ctx: ShopContext, input: { documentId: string; body: IrnBody }) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const doc = await documentOr404(tx, input.documentId);
    b2bInvoice(doc);
    if (doc.irn)
      throw conflict(
        `irn: ${doc.number} already has its IRN (entered ${doc.irnAckAt?.toISOString().slice(0, 10)}); an IRN cannot be changed`,
        'IRN_ENTERED',
      );
    const { irn, ack_no, ack_date, signed_qr } = input.body;
    const [other] = await tx
      .select({ number: td.number })
      .from(td)
      .where(and(eq(td.irn, irn), ne(td.id, doc.id)));
    if (other) throw duplicateIrn(other.number);
    const values = { irn, irnAckNo: ack_no, irnAckAt: ackDateToUtc(ack_date), signedQr: signed_qr };
    const [row] = await tx
      .update(td)
      .set(values)
      .where(eq(td.id, doc.id))
      .returning()
      .catch((e: unknown) => {
        throw pgError(e)?.code === '23505' ? duplicateIrn('another invoice') : e;
      });
    await recordAudit(tx, ctx.store.id, ctx.actor, {
      entity: 'INVOICE',
      entityId: doc.id,
      action: 'UPDATE',
      summary: `IRN entered on invoice ${doc.number} (acknowledgement ${ack_no})`,
      before: { irn: null },
      after: { irn, irn_ack_no: ack_no, irn_ack_at: values.irnAckAt?.toISOString() },
    });
    return documentSummary(row ?? doc);
  });

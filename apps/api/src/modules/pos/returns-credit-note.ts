import { documentNumber, financialYear, returnCreditNote, type TaxDocumentSnapshot } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';

import { documentRow, nextDocumentSeq } from '../payments/index.ts';
import type { ReturnedLine } from './returns-value.ts';

type Invoice = typeof schema.taxDocuments.$inferSelect;

/**
 * The credit note of goods returned at the counter, against the sale's invoice, numbered from the shop's CN series
 * (`returnCreditNote`, @haat/contracts: the goods with their quantities at the invoice's rates, their discount taken
 * off before tax, so its total is exactly the value given back).
 */
export async function issueReturnCreditNote(
  tx: Tx,
  storeId: string,
  invoice: Invoice,
  r: { refundId: string | null; lines: ReturnedLine[]; reason: string; at: Date },
) {
  const fy = financialYear(r.at);
  const seq = await nextDocumentSeq(tx, storeId, 'CN', fy);
  const number = documentNumber('CN', fy, seq);
  const snapshot = returnCreditNote({
    invoice: {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      snapshot: invoice.snapshot as TaxDocumentSnapshot,
    },
    number,
    at: r.at,
    reason: r.reason,
    goods: r.lines.map(({ item, quantity, valuePaise }) => ({
      name: item.name,
      variantLabel: item.variantLabel,
      sku: item.sku,
      taxPercent: item.taxPercent,
      unitPricePaise: item.unitPricePaise,
      quantity,
      valuePaise,
    })),
  });
  const row = documentRow(
    storeId,
    invoice.orderId,
    snapshot,
    { fy, seq, number, series: 'CN' },
    { againstId: invoice.id, ...(r.refundId ? { refundId: r.refundId } : {}) },
  );
  const [doc] = await tx.insert(schema.taxDocuments).values(row).returning();
  if (!doc) throw new Error('credit note insert returned no row');
  return doc;
}

import { paiseToRupees } from '@haat/contracts';
import type { DocumentRateRow } from './gst-returns.repository.ts';

/**
 * GSTR-3B's outward supplies for a month, in the portal's field names, from the same rows as GSTR-1 (credit notes
 * subtract): 3.1(a) taxable outward supplies, 3.1(c) nil-rated ones, and 3.2 inter-state supplies to unregistered
 * persons by place of supply. Input tax (table 4) needs the purchases Haat does not record yet: it is not claimed
 * here, and the answer says so.
 */
export function buildGstr3b(input: { gstin: string; month: string; rows: DocumentRateRow[] }) {
  const sum = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  const nil = { taxable: 0 };
  const unregistered = new Map<string, { taxable: number; igst: number }>();
  for (const r of input.rows) {
    const sign = r.kind === 'CREDIT_NOTE' ? -1 : 1;
    if (r.rate === 0) {
      nil.taxable += sign * r.taxablePaise;
      continue;
    }
    sum.taxable += sign * r.taxablePaise;
    sum.igst += sign * r.igstPaise;
    sum.cgst += sign * r.cgstPaise;
    sum.sgst += sign * r.sgstPaise;
    if (!r.ctin && !r.intraState) {
      const u = unregistered.get(r.pos) ?? { taxable: 0, igst: 0 };
      u.taxable += sign * r.taxablePaise;
      u.igst += sign * r.igstPaise;
      unregistered.set(r.pos, u);
    }
  }
  const rupees = paiseToRupees;
  return {
    gstin: input.gstin,
    ret_period: `${input.month.slice(5, 7)}${input.month.slice(0, 4)}`,
    sup_details: {
      osup_det: {
        txval: rupees(sum.taxable),
        iamt: rupees(sum.igst),
        camt: rupees(sum.cgst),
        samt: rupees(sum.sgst),
        csamt: 0,
      },
      osup_nil_exmp: { txval: rupees(nil.taxable), iamt: 0, camt: 0, samt: 0, csamt: 0 },
    },
    inter_sup: {
      unreg_details: [...unregistered]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([pos, u]) => ({ pos, txval: rupees(u.taxable), iamt: rupees(u.igst) })),
    },
    input_tax_note: 'Input tax credit is not included: Haat does not record purchases yet.',
  };
}

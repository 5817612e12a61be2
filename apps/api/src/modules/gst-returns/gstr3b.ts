import {
  formatPaise,
  type GstHeads,
  type Gstr3bFile,
  type Gstr3bPreview,
  isValidGstin,
  paiseToRupees,
  setOffGst,
  taxHeadsOf,
} from '@haat/contracts';
import type { DocumentRateRow, InputTaxRow } from './gst-returns.repository.ts';

/*
 * GSTR-3B of a month in the portal's field names. Outward supplies (3.1, 3.2) come from the same rows as GSTR-1
 * (credit notes subtract); the eligible input tax credit (4) from the month's supplier bills (by bill date) and
 * expenses with GST; the payment of tax (6.1) sets that credit off against the outward tax by the Act's order.
 */

const rupees = paiseToRupees;
const heads = (): GstHeads => ({ igst: 0, cgst: 0, sgst: 0 });

/** 3.1(a) taxable and 3.1(c) nil-rated outward supplies, and 3.2's inter-state supplies to unregistered persons. */
function outwardOf(rows: DocumentRateRow[]) {
  const sum = { taxable: 0, ...heads() };
  let nil = 0;
  const unregistered = new Map<string, { taxable: number; igst: number }>();
  for (const r of rows) {
    const sign = r.kind === 'CREDIT_NOTE' ? -1 : 1;
    if (r.rate === 0) {
      nil += sign * r.taxablePaise;
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
  return { sum, nil, unregistered };
}

const dayOf = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** Why a bill's or an expense's GST is not claimed, in words the merchant can act on. */
function unclaimed(r: InputTaxRow) {
  const gst = `${formatPaise(r.taxPaise)} GST`;
  const why = r.gstin
    ? `${r.gstin} is not a valid GSTIN`
    : r.kind === 'BILL'
      ? 'the supplier has no GSTIN on record'
      : 'it has no payee GSTIN';
  return r.kind === 'BILL'
    ? `Bill ${r.number} of ${dayOf(r.date)} from ${r.party}: ${gst} not claimed, ${why}`
    : `Expense of ${dayOf(r.date)} to ${r.party} (${r.number}): ${gst} not claimed, ${why}`;
}

/**
 * 4A(5) "All other ITC": the GST of each bill and expense from a valid GSTIN, CGST and SGST halves when the
 * supplier is in the shop's state (its GSTIN's first two digits), IGST otherwise. The others are listed.
 */
function inputTaxOf(shopGstin: string, rows: InputTaxRow[]) {
  const credit = heads();
  const problems: string[] = [];
  for (const r of rows) {
    if (!r.gstin || !isValidGstin(r.gstin)) {
      problems.push(unclaimed(r));
      continue;
    }
    const t = taxHeadsOf(r.taxPaise, r.gstin.slice(0, 2) === shopGstin.slice(0, 2));
    credit.igst += t.igst;
    credit.cgst += t.cgst;
    credit.sgst += t.sgst;
  }
  return { credit, problems };
}

const creditRow = <T extends string>(ty: T, h: GstHeads = heads()) => ({
  ty,
  iamt: rupees(h.igst),
  camt: rupees(h.cgst),
  samt: rupees(h.sgst),
  csamt: 0,
});

/** 6.1: the outward tax (a head negative after credit notes counts as none) less the credit set off against it. */
function setOffOf(tax: GstHeads, credit: GstHeads) {
  const due = { igst: Math.max(0, tax.igst), cgst: Math.max(0, tax.cgst), sgst: Math.max(0, tax.sgst) };
  const s = setOffGst(due, credit);
  const row = (head: 'IGST' | 'CGST' | 'SGST', k: keyof GstHeads) => ({
    head,
    tax: rupees(due[k]),
    from_igst: rupees(s.used.igst[k]),
    from_cgst: rupees(s.used.cgst[k]),
    from_sgst: rupees(s.used.sgst[k]),
    credit_used: rupees(s.creditUsed[k]),
    cash: rupees(s.cash[k]),
  });
  return {
    rows: [row('IGST', 'igst'), row('CGST', 'cgst'), row('SGST', 'sgst')],
    cash_total: rupees(s.cash.igst + s.cash.cgst + s.cash.sgst),
    carried_forward: {
      igst: rupees(s.carriedForward.igst),
      cgst: rupees(s.carriedForward.cgst),
      sgst: rupees(s.carriedForward.sgst),
    },
  };
}

/** Heads whose credit notes outweigh the month's invoices: 3.1 shows them negative, and nothing is due on them. */
function negativeHeads(sum: GstHeads) {
  const names = (['igst', 'cgst', 'sgst'] as const).filter((k) => sum[k] < 0).map((k) => k.toUpperCase());
  return names.length
    ? [
        `Credit notes exceed the month's invoices in ${names.join(', ')}: 3.1 shows a negative tax, which the portal does not take; adjust it with your accountant (no tax is counted as due on it here)`,
      ]
    : [];
}

export function buildGstr3b(input: {
  gstin: string;
  month: string;
  rows: DocumentRateRow[];
  inputs: InputTaxRow[];
}): { file: Gstr3bFile; preview: Gstr3bPreview } {
  const { sum, nil, unregistered } = outwardOf(input.rows);
  const { credit, problems } = inputTaxOf(input.gstin, input.inputs);
  const file: Gstr3bFile = {
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
      osup_nil_exmp: { txval: rupees(nil), iamt: 0, camt: 0, samt: 0, csamt: 0 },
    },
    inter_sup: {
      unreg_details: [...unregistered]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([pos, u]) => ({ pos, txval: rupees(u.taxable), iamt: rupees(u.igst) })),
    },
    itc_elg: {
      itc_avl: [
        creditRow('IMPG'),
        creditRow('IMPS'),
        creditRow('ISRC'),
        creditRow('ISD'),
        creditRow('OTH', credit),
      ],
      itc_rev: [creditRow('RUL'), creditRow('OTH')],
      // Nothing is reversed: net ITC is the credit available.
      itc_net: { iamt: rupees(credit.igst), camt: rupees(credit.cgst), samt: rupees(credit.sgst), csamt: 0 },
      itc_inelg: [creditRow('RUL'), creditRow('OTH')],
    },
  };
  return {
    file,
    preview: {
      ...file,
      set_off: setOffOf(sum, credit),
      problems: [...negativeHeads(sum), ...problems],
    },
  };
}

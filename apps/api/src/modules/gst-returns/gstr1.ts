import { type Gstr1File, paiseToRupees } from '@haat/contracts';
import type { DocumentRateRow, HsnRow } from './gst-returns.repository.ts';

/*
 * GSTR-1 of a month in the GST portal's JSON (the offline tool's upload format, schema GST3.1.6 with the HSN summary
 * split into B2B and B2C as from May 2025), built from the rows the repository reads. Pure: amounts stay in paise
 * until each figure is written, in rupees with two decimals, by contracts' one converter.
 */

/** Inter-state B2C invoices above this go to B2CL, invoice by invoice (₹1 lakh from 1 August 2024). */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;
export const GSTR1_VERSION = 'GST3.1.6';

const rupees = paiseToRupees;

/** dd-mm-yyyy of a moment in India. */
export const gstDate = (at: Date) => {
  const ist = new Date(at.getTime() + 5.5 * 3600_000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;
};

/** The return period of a month "2026-11": "112026". */
export const returnPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** The GST portal's unit quantity codes (UQC) for the units products are sold in; OTH for any other. */
const UQC: Record<string, string> = {
  piece: 'NOS',
  pieces: 'NOS',
  pcs: 'NOS',
  pc: 'NOS',
  nos: 'NOS',
  number: 'NOS',
  unit: 'UNT',
  units: 'UNT',
  kg: 'KGS',
  kgs: 'KGS',
  kilogram: 'KGS',
  g: 'GMS',
  gm: 'GMS',
  gram: 'GMS',
  grams: 'GMS',
  litre: 'LTR',
  liter: 'LTR',
  l: 'LTR',
  ml: 'MLT',
  metre: 'MTR',
  meter: 'MTR',
  m: 'MTR',
  pack: 'PAC',
  packet: 'PAC',
  box: 'BOX',
  set: 'SET',
  pair: 'PRS',
  dozen: 'DOZ',
  bottle: 'BTL',
  roll: 'ROL',
};
export const uqcOf = (unit: string, service: boolean) =>
  service ? 'NA' : (UQC[unit.trim().toLowerCase()] ?? 'OTH');

interface Taxes {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** One rate's figures as the portal's itm_det: IGST to another state, CGST and SGST within it. */
function itemDetail(t: Taxes & { rate: number }, intraState: boolean) {
  const base = { txval: rupees(t.taxablePaise), rt: t.rate };
  if (!intraState) return { ...base, iamt: rupees(t.igstPaise), csamt: 0 };
  return { ...base, camt: rupees(t.cgstPaise), samt: rupees(t.sgstPaise), csamt: 0 };
}

/** The documents of the month, each with its rows (one per rate). */
function byDocument(rows: DocumentRateRow[]) {
  const docs = new Map<string, { doc: DocumentRateRow; rates: DocumentRateRow[] }>();
  for (const r of rows) {
    const d = docs.get(r.id) ?? { doc: r, rates: [] };
    d.rates.push(r);
    docs.set(r.id, d);
  }
  return [...docs.values()];
}

type Doc = ReturnType<typeof byDocument>[number];
const items = (d: Doc) => d.rates.map((r, i) => ({ num: i + 1, itm_det: itemDetail(r, d.doc.intraState) }));

/** Where a document goes in GSTR-1. */
export function sectionOf(d: DocumentRateRow): 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' {
  const large = (paise: number | null) => !d.intraState && (paise ?? 0) > B2CL_THRESHOLD_PAISE;
  if (d.kind === 'INVOICE') return d.ctin ? 'b2b' : large(d.totalPaise) ? 'b2cl' : 'b2cs';
  return d.ctin ? 'cdnr' : large(d.againstTotalPaise) ? 'cdnur' : 'b2cs';
}

function groupBy<T, K>(list: T[], key: (t: T) => K) {
  const out = new Map<K, T[]>();
  for (const t of list) {
    const k = key(t);
    const group = out.get(k);
    if (group) group.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** B2C small: per supply type, place of supply and rate, credit notes on such invoices subtracted. */
function b2cs(docs: Doc[]) {
  const sums = new Map<string, Taxes & { rate: number; intra: boolean; pos: string }>();
  for (const d of docs) {
    const sign = d.doc.kind === 'CREDIT_NOTE' ? -1 : 1;
    for (const r of d.rates) {
      const key = `${d.doc.intraState ? 'INTRA' : 'INTER'}|${r.pos}|${r.rate}`;
      const s = sums.get(key) ?? {
        rate: r.rate,
        intra: d.doc.intraState,
        pos: r.pos,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      };
      s.taxablePaise += sign * r.taxablePaise;
      s.cgstPaise += sign * r.cgstPaise;
      s.sgstPaise += sign * r.sgstPaise;
      s.igstPaise += sign * r.igstPaise;
      sums.set(key, s);
    }
  }
  return [...sums.values()].map((s) => ({
    sply_ty: s.intra ? ('INTRA' as const) : ('INTER' as const),
    pos: s.pos,
    typ: 'OE' as const,
    ...itemDetail(s, s.intra),
  }));
}

function hsnTable(rows: HsnRow[]) {
  return rows.map((h, i) => ({
    num: i + 1,
    hsn_sc: h.hsn ?? '',
    desc: h.description.slice(0, 30),
    uqc: uqcOf(h.unit, h.service),
    qty: h.service ? 0 : h.quantity,
    rt: h.rate,
    txval: rupees(h.taxablePaise),
    iamt: rupees(h.igstPaise),
    camt: rupees(h.cgstPaise),
    samt: rupees(h.sgstPaise),
    csamt: 0,
  }));
}

/** The series of a kind issued in the month: first and last number, how many, none cancelled (never deleted). */
function series(docs: Doc[]) {
  return [...groupBy(docs, (d) => d.doc.series)].map(([, list], i) => {
    const sorted = list.map((d) => d.doc).sort((a, b) => a.seq - b.seq);
    const first = sorted[0] as DocumentRateRow;
    const last = sorted.at(-1) as DocumentRateRow;
    const totnum = last.seq - first.seq + 1;
    const cancel = totnum - sorted.length;
    return { num: i + 1, from: first.number, to: last.number, totnum, cancel, net_issue: totnum - cancel };
  });
}

export function buildGstr1(input: {
  gstin: string;
  month: string;
  rows: DocumentRateRow[];
  hsn: HsnRow[];
}): Gstr1File {
  const docs = byDocument(input.rows);
  const bySection = groupBy(docs, (d) => sectionOf(d.doc));
  const of = (s: ReturnType<typeof sectionOf>) => bySection.get(s) ?? [];
  const invoice = (d: Doc) => ({
    inum: d.doc.number,
    idt: gstDate(d.doc.issuedAt),
    val: rupees(d.doc.totalPaise),
  });
  const note = (d: Doc) => ({
    ntty: 'C' as const,
    nt_num: d.doc.number,
    nt_dt: gstDate(d.doc.issuedAt),
    val: rupees(d.doc.totalPaise),
  });
  const docIssue = [
    {
      doc_num: 1,
      doc_typ: 'Invoices for outward supply',
      docs: series(docs.filter((d) => d.doc.kind === 'INVOICE')),
    },
    { doc_num: 5, doc_typ: 'Credit Note', docs: series(docs.filter((d) => d.doc.kind === 'CREDIT_NOTE')) },
  ].filter((t) => t.docs.length > 0);
  return {
    gstin: input.gstin,
    fp: returnPeriod(input.month),
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b: [...groupBy(of('b2b'), (d) => d.doc.ctin ?? '')].map(([ctin, list]) => ({
      ctin,
      inv: list.map((d) => ({
        ...invoice(d),
        pos: d.doc.pos,
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: items(d),
      })),
    })),
    b2cl: [...groupBy(of('b2cl'), (d) => d.doc.pos)].map(([pos, list]) => ({
      pos,
      inv: list.map((d) => ({ ...invoice(d), itms: items(d) })),
    })),
    b2cs: b2cs(of('b2cs')),
    cdnr: [...groupBy(of('cdnr'), (d) => d.doc.ctin ?? '')].map(([ctin, list]) => ({
      ctin,
      nt: list.map((d) => ({
        ...note(d),
        pos: d.doc.pos,
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: items(d),
      })),
    })),
    cdnur: of('cdnur').map((d) => ({ typ: 'B2CL' as const, ...note(d), pos: d.doc.pos, itms: items(d) })),
    hsn: {
      hsn_b2b: hsnTable(input.hsn.filter((h) => h.b2b)),
      hsn_b2c: hsnTable(input.hsn.filter((h) => !h.b2b)),
    },
    doc_issue: { doc_det: docIssue },
  };
}

export type Gstr1 = Gstr1File;

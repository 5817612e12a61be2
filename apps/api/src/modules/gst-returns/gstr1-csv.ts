import { csvText } from '../../lib/csv.ts';
import type { Gstr1 } from './gstr1.ts';

const HEAD = [
  'section',
  'gstin_of_buyer',
  'number',
  'date',
  'value',
  'place_of_supply',
  'supply_type',
  'rate',
  'taxable_value',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'hsn_sac',
  'uqc',
  'quantity',
];

type Cell = string | number;
type Tax = { txval: number; rt: number; iamt?: number; camt?: number; samt?: number; csamt: number };
type Item = { itm_det: Tax };
type Doc = { num: string; dt: string; val: number; pos: string };

const taxCells = (d: Tax): Cell[] => [d.rt, d.txval, d.iamt ?? 0, d.camt ?? 0, d.samt ?? 0, d.csamt];
/** A registered buyer's document is inter-state when its first line carries IGST. */
const supplyOf = (itms: Item[]) => (itms[0]?.itm_det.iamt !== undefined ? 'INTER' : 'INTRA');

/** A row per line (rate) of a document, with the document's number, date, value and place of supply. */
const docRows = (section: string, ctin: string, n: Doc, itms: Item[], supply: string): Cell[][] =>
  itms.map((i) => [section, ctin, n.num, n.dt, n.val, n.pos, supply, ...taxCells(i.itm_det), '', '', '']);

/** Invoices and credit notes, section by section as the portal's tables: b2b, b2cl, b2cs, cdnr, cdnur. */
function documentRows(f: Gstr1): Cell[][] {
  return [
    ...f.b2b.flatMap((b) =>
      b.inv.flatMap((i) =>
        docRows(
          'b2b',
          b.ctin ?? '',
          { num: i.inum, dt: i.idt, val: i.val, pos: i.pos },
          i.itms,
          supplyOf(i.itms),
        ),
      ),
    ),
    ...f.b2cl.flatMap((b) =>
      b.inv.flatMap((i) =>
        docRows('b2cl', '', { num: i.inum, dt: i.idt, val: i.val, pos: b.pos }, i.itms, 'INTER'),
      ),
    ),
    ...f.b2cs.map((s): Cell[] => ['b2cs', '', '', '', '', s.pos, s.sply_ty, ...taxCells(s), '', '', '']),
    ...f.cdnr.flatMap((c) =>
      c.nt.flatMap((n) =>
        docRows(
          'cdnr',
          c.ctin ?? '',
          { num: n.nt_num, dt: n.nt_dt, val: n.val, pos: n.pos },
          n.itms,
          supplyOf(n.itms),
        ),
      ),
    ),
    ...f.cdnur.flatMap((n) =>
      docRows('cdnur', '', { num: n.nt_num, dt: n.nt_dt, val: n.val, pos: n.pos }, n.itms, 'INTER'),
    ),
  ];
}

/** The HSN summary, to registered buyers and to consumers. */
const hsnRows = (f: Gstr1): Cell[][] =>
  (
    [
      ['hsn_b2b', f.hsn.hsn_b2b],
      ['hsn_b2c', f.hsn.hsn_b2c],
    ] as const
  ).flatMap(([section, list]) =>
    list.map((h): Cell[] => [
      section,
      ...['', '', '', '', '', ''],
      h.rt,
      h.txval,
      h.iamt,
      h.camt,
      h.samt,
      h.csamt,
      h.hsn_sc,
      h.uqc,
      h.qty,
    ]),
  );

/** GSTR-1's tables as one CSV for the accountant: a row per document and rate, then the HSN summary. */
export function gstr1Csv(f: Gstr1) {
  return csvText([HEAD, ...documentRows(f), ...hsnRows(f)].map((r) => r.map(String)));
}

import { paiseToRupees, type TaxDocumentSnapshot } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, gte, lt } from 'drizzle-orm';
import { csvText } from '../../lib/csv.ts';
import type { Deps } from '../../lib/deps.ts';

import type { StoreRow } from '../stores/index.ts';

interface Totals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}
const zero = (): Totals => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
const rupees = (t: Totals) => ({
  taxable: paiseToRupees(t.taxable),
  cgst: paiseToRupees(t.cgst),
  sgst: paiseToRupees(t.sgst),
  igst: paiseToRupees(t.igst),
  total: paiseToRupees(t.total),
});

/** The first instant of a month in India and of the month after. */
function monthRange(month: string) {
  const from = new Date(`${month}-01T00:00:00+05:30`);
  const [y = 0, m = 1] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from, to: new Date(`${next}-01T00:00:00+05:30`) };
}

/**
 * A GSTR-1-friendly summary of a month: taxable value and tax by rate and by place of supply, from the documents
 * issued in the month (credit notes subtract), read from their snapshots so the figures are those printed.
 */
export const gstSummary = (deps: Deps, store: StoreRow, month: string) =>
  withStore(deps.db, store.id, async (tx) => {
    const { from, to } = monthRange(month);
    const td = schema.taxDocuments;
    const docs = await tx
      .select()
      .from(td)
      .where(and(gte(td.issuedAt, from), lt(td.issuedAt, to)));
    const byRate = new Map<number, Totals>();
    const byState = new Map<string, Totals & { state: string; code: string }>();
    for (const d of docs) {
      const s = d.snapshot as TaxDocumentSnapshot;
      const sign = d.kind === 'CREDIT_NOTE' ? -1 : 1;
      const state =
        byState.get(s.placeOfSupply.code) ??
        ({ ...zero(), state: s.placeOfSupply.state, code: s.placeOfSupply.code } as Totals & {
          state: string;
          code: string;
        });
      for (const l of s.breakup.lines) {
        const rate = byRate.get(l.ratePercent) ?? zero();
        for (const t of [rate, state]) {
          t.taxable += sign * l.taxablePaise;
          t.cgst += sign * l.cgstPaise;
          t.sgst += sign * l.sgstPaise;
          t.igst += sign * l.igstPaise;
          t.total += sign * l.grossPaise;
        }
        byRate.set(l.ratePercent, rate);
      }
      byState.set(s.placeOfSupply.code, state);
    }
    return {
      month,
      invoices: docs.filter((d) => d.kind !== 'CREDIT_NOTE').length,
      credit_notes: docs.filter((d) => d.kind === 'CREDIT_NOTE').length,
      by_rate: [...byRate].sort(([a], [b]) => a - b).map(([rate, t]) => ({ rate, ...rupees(t) })),
      by_state: [...byState.values()]
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((t) => ({ state: t.state, code: t.code, ...rupees(t) })),
    };
  });

export type GstSummary = Awaited<ReturnType<typeof gstSummary>>;

/** The summary as CSV: one block by rate, one by place of supply; plain numbers. */
export function gstSummaryCsv(s: GstSummary) {
  const n = (v: number) => v.toFixed(2);
  const rows: string[][] = [
    ['section', 'rate_or_state', 'state_code', 'taxable_value', 'cgst', 'sgst', 'igst', 'total'],
  ];
  for (const r of s.by_rate)
    rows.push(['by_rate', `${r.rate}%`, '', n(r.taxable), n(r.cgst), n(r.sgst), n(r.igst), n(r.total)]);
  for (const r of s.by_state)
    rows.push([
      'by_place_of_supply',
      r.state,
      r.code,
      n(r.taxable),
      n(r.cgst),
      n(r.sgst),
      n(r.igst),
      n(r.total),
    ]);
  return csvText(rows);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxHeadsOf } from './gst.ts';
import { GST_HEADS, type GstHeads, setOffGst } from './gst-set-off.ts';

/*
 * GSTR-3B's arithmetic (issue 38): a supplier's GST split into CGST and SGST halves, and the month's tax set off
 * against its input tax credit in the CGST Act's order, what is left paid in cash.
 */

describe('taxHeadsOf', () => {
  it('splits a bill within the state into halves that add up to its GST, never negative; IGST otherwise', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2_000_000_000 }), (tax) => {
        const intra = taxHeadsOf(tax, true);
        expect(intra.cgst + intra.sgst).toBe(tax);
        expect(intra.igst).toBe(0);
        expect(intra.cgst).toBeGreaterThanOrEqual(0);
        expect(intra.sgst).toBeGreaterThanOrEqual(0);
        expect(intra.cgst - intra.sgst).toBe(tax % 2);
        expect(taxHeadsOf(tax, false)).toEqual({ cgst: 0, sgst: 0, igst: tax });
      }),
    );
    expect(taxHeadsOf(18_001, true)).toEqual({ cgst: 9_001, sgst: 9_000, igst: 0 });
    expect(() => taxHeadsOf(-2, true)).toThrow(RangeError);
    expect(() => taxHeadsOf(1.5, false)).toThrow(RangeError);
  });
});

const heads = (max: number) =>
  fc.record({ igst: fc.nat({ max }), cgst: fc.nat({ max }), sgst: fc.nat({ max }) });
const total = (h: GstHeads) => h.igst + h.cgst + h.sgst;

/**
 * The least cash any lawful order pays: IGST credit to IGST first and all of it used before CGST's or SGST's,
 * its rest split between CGST and SGST in every possible way; then each head's own credit, then IGST.
 */
function leastCash(tax: GstHeads, credit: GstHeads) {
  const toIgst = Math.min(credit.igst, tax.igst);
  const rest = Math.min(credit.igst - toIgst, tax.cgst + tax.sgst);
  let best = Number.POSITIVE_INFINITY;
  for (let toCgst = 0; toCgst <= Math.min(rest, tax.cgst); toCgst++) {
    const toSgst = rest - toCgst;
    if (toSgst > tax.sgst) continue;
    let igstDue = tax.igst - toIgst;
    const cgstDue = tax.cgst - toCgst;
    const sgstDue = tax.sgst - toSgst;
    const cgstLeft = credit.cgst - Math.min(credit.cgst, cgstDue);
    const sgstLeft = credit.sgst - Math.min(credit.sgst, sgstDue);
    igstDue -= Math.min(igstDue, cgstLeft);
    igstDue -= Math.min(igstDue, sgstLeft);
    best = Math.min(best, igstDue + Math.max(0, cgstDue - credit.cgst) + Math.max(0, sgstDue - credit.sgst));
  }
  return best;
}

describe('setOffGst', () => {
  it('pays each head with credit and cash, uses no more credit than there is, and nothing is negative', () => {
    fc.assert(
      fc.property(heads(5_000_000_00), heads(5_000_000_00), (tax, credit) => {
        const s = setOffGst(tax, credit);
        for (const h of GST_HEADS) {
          expect(s.cash[h]).toBeGreaterThanOrEqual(0);
          expect(s.carriedForward[h]).toBeGreaterThanOrEqual(0);
          expect(s.cash[h] + s.creditUsed[h]).toBe(tax[h]);
          const spent = total(s.used[h]);
          expect(spent).toBeLessThanOrEqual(credit[h]);
          expect(spent + s.carriedForward[h]).toBe(credit[h]);
          for (const to of GST_HEADS) expect(s.used[h][to]).toBeGreaterThanOrEqual(0);
        }
        // CGST credit never pays SGST, nor the reverse.
        expect(s.used.cgst.sgst).toBe(0);
        expect(s.used.sgst.cgst).toBe(0);
        // IGST credit is used up (or has nothing left to pay) before any CGST or SGST credit is used.
        if (s.used.cgst.cgst + s.used.cgst.igst + s.used.sgst.sgst + s.used.sgst.igst > 0)
          expect(s.carriedForward.igst).toBe(0);
        // IGST tax is paid from IGST credit first.
        expect(s.used.igst.igst).toBe(Math.min(tax.igst, credit.igst));
        // Cash is paid only where no lawful credit is left for it.
        if (s.cash.cgst > 0) expect(s.carriedForward.cgst + s.carriedForward.igst).toBe(0);
        if (s.cash.sgst > 0) expect(s.carriedForward.sgst + s.carriedForward.igst).toBe(0);
        if (s.cash.igst > 0) expect(total(s.carriedForward)).toBe(0);
      }),
    );
  });

  it('pays the least cash any lawful order of set-off would', () => {
    fc.assert(
      fc.property(heads(40), heads(40), (tax, credit) => {
        expect(total(setOffGst(tax, credit).cash)).toBe(leastCash(tax, credit));
      }),
      { numRuns: 500 },
    );
  });

  it('works a month by hand: IGST credit pays IGST, then CGST and SGST where their own credit falls short', () => {
    const s = setOffGst({ igst: 300, cgst: 1_000, sgst: 1_000 }, { igst: 900, cgst: 700, sgst: 200 });
    expect(s.used.igst).toEqual({ igst: 300, cgst: 300, sgst: 300 });
    expect(s.used.cgst).toEqual({ igst: 0, cgst: 700, sgst: 0 });
    expect(s.used.sgst).toEqual({ igst: 0, cgst: 0, sgst: 200 });
    expect(s.cash).toEqual({ igst: 0, cgst: 0, sgst: 500 });
    expect(s.carriedForward).toEqual({ igst: 0, cgst: 0, sgst: 0 });
    // IGST credit spent on CGST first would have left CGST credit idle and SGST paid in cash.
    const idle = setOffGst({ igst: 0, cgst: 100, sgst: 100 }, { igst: 100, cgst: 100, sgst: 0 });
    expect(idle.cash).toEqual({ igst: 0, cgst: 0, sgst: 0 });
    expect(idle.used.igst).toEqual({ igst: 0, cgst: 0, sgst: 100 });
    // Credit more than the tax: carried forward, and CGST credit pays IGST once IGST credit is gone.
    const more = setOffGst({ igst: 500, cgst: 50, sgst: 50 }, { igst: 100, cgst: 600, sgst: 10 });
    expect(more.used.cgst).toEqual({ igst: 400, cgst: 50, sgst: 0 });
    expect(more.cash).toEqual({ igst: 0, cgst: 0, sgst: 40 });
    expect(more.carriedForward).toEqual({ igst: 0, cgst: 150, sgst: 0 });
    expect(() => setOffGst({ igst: -1, cgst: 0, sgst: 0 }, { igst: 0, cgst: 0, sgst: 0 })).toThrow(
      RangeError,
    );
  });
});

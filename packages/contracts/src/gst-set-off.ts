/**
 * GSTR-3B's payment of tax (table 6.1): a month's output tax per head set off against its input tax credit, the
 * rest paid in cash, in the order the CGST Act sets (sections 49(5), 49A and 49B with rule 88A):
 * - IGST credit goes to IGST first; what remains to CGST and SGST (in any order: first where their own credit falls
 *   short, then CGST before SGST), and it must be used up before any CGST or SGST credit is;
 * - CGST credit to CGST, then to IGST; SGST credit to SGST, then to IGST;
 * - CGST credit never pays SGST, nor SGST credit CGST; credit left over is carried forward to the next month.
 * All in whole paise; amounts are never negative.
 */

export const GST_HEADS = ['igst', 'cgst', 'sgst'] as const;
export type GstHead = (typeof GST_HEADS)[number];
export type GstHeads = Record<GstHead, number>;

export interface GstSetOff {
  /** The tax of each head, and the credit of each head, as given. */
  liability: GstHeads;
  credit: GstHeads;
  /** used[credit head][tax head]: credit of one head set off against tax of another. */
  used: Record<GstHead, GstHeads>;
  /** Per tax head: all the credit set off against it, and what is left to pay in cash. */
  creditUsed: GstHeads;
  cash: GstHeads;
  /** Per credit head: what is left of it, carried forward. */
  carriedForward: GstHeads;
}

const zero = (): GstHeads => ({ igst: 0, cgst: 0, sgst: 0 });

function checked(name: string, h: GstHeads) {
  for (const k of GST_HEADS) {
    const v = h[k];
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`${name} ${k} must be whole paise, not negative: ${v}`);
  }
  return { ...h };
}

/** Sets the month's credit off against its tax by the Act's order (see above); nothing is changed in place. */
export function setOffGst(liability: GstHeads, credit: GstHeads): GstSetOff {
  const due = checked('tax', liability);
  const left = checked('credit', credit);
  const used = { igst: zero(), cgst: zero(), sgst: zero() };
  const use = (from: GstHead, to: GstHead, most = Number.POSITIVE_INFINITY) => {
    const n = Math.min(left[from], due[to], most);
    left[from] -= n;
    due[to] -= n;
    used[from][to] += n;
  };
  use('igst', 'igst');
  // IGST credit to what CGST's and SGST's own credit will not cover, then to the rest of their tax.
  use('igst', 'cgst', Math.max(0, due.cgst - left.cgst));
  use('igst', 'sgst', Math.max(0, due.sgst - left.sgst));
  use('igst', 'cgst');
  use('igst', 'sgst');
  use('cgst', 'cgst');
  use('cgst', 'igst');
  use('sgst', 'sgst');
  use('sgst', 'igst');
  const creditUsed = zero();
  for (const to of GST_HEADS) creditUsed[to] = used.igst[to] + used.cgst[to] + used.sgst[to];
  return {
    liability: { ...liability },
    credit: { ...credit },
    used,
    creditUsed,
    cash: due,
    carriedForward: left,
  };
}

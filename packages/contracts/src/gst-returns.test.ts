import { describe, expect, it } from 'vitest';
import { gstr1File } from './gst-returns.ts';
import { paiseToRupees } from './money.ts';

/** The GSTR-1 file's amounts: at most two decimals, however large a month's total (issue 39's benchmark). */
const withB2cs = (txval: number) => ({
  gstin: '19AACHA1970K1Z9',
  fp: '112026',
  version: 'GST3.1.6',
  hash: 'hash',
  b2b: [],
  b2cl: [],
  b2cs: [{ sply_ty: 'INTRA', pos: '19', typ: 'OE', txval, rt: 5, camt: 0, samt: 0, csamt: 0 }],
  cdnr: [],
  cdnur: [],
  hsn: { hsn_b2b: [], hsn_b2c: [] },
  doc_issue: { doc_det: [] },
});

describe('gstr1File amounts', () => {
  it('takes rupees with paise up to a thousand crore and refuses a third decimal', () => {
    for (const paise of [1, 99, 1_00_000_00, 57_742_009_642, 4_50_00_00_000_00, 9_99_99_99_999_99])
      expect(gstr1File.safeParse(withB2cs(paiseToRupees(paise))).success, String(paise)).toBe(true);
    expect(gstr1File.safeParse(withB2cs(12.345)).success).toBe(false);
    expect(gstr1File.safeParse(withB2cs(0.1 + 0.2)).success).toBe(false);
  });
});

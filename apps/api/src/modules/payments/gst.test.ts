import {
  apportion,
  computeGst,
  documentNumber,
  financialYear,
  gstinCheckDigit,
  isValidGstin,
  numberInWords,
  rupeesInWords,
} from '@haat/contracts';
import { describe, expect, it } from 'vitest';

const line = (unitPricePaise: number, ratePercent: number, quantity = 1) => ({
  name: `Item at ${ratePercent}%`,
  hsn: '0902',
  quantity,
  unit: 'Piece',
  unitPricePaise,
  ratePercent,
});

describe('GST on an invoice (paise, GST-inclusive prices)', () => {
  it('same state: CGST and SGST halves; another state: IGST', () => {
    const same = computeGst({
      lines: [line(118_000, 18)],
      discountPaise: 0,
      shippingPaise: 0,
      intraState: true,
    });
    expect(same).toMatchObject({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
      totalPaise: 118_000,
    });
    const other = computeGst({
      lines: [line(118_000, 18)],
      discountPaise: 0,
      shippingPaise: 0,
      intraState: false,
    });
    expect(other).toMatchObject({ taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 });
  });

  it('takes the discount off the goods before tax, spread by value', () => {
    const g = computeGst({
      lines: [line(118_000, 18), line(105_000, 5)],
      discountPaise: 22_300,
      shippingPaise: 0,
      intraState: true,
    });
    expect(g.lines.map((l) => l.discountPaise)).toEqual([11_800, 10_500]);
    expect(g.lines.map((l) => l.taxablePaise)).toEqual([90_000, 90_000]);
    expect(g.lines.map((l) => l.cgstPaise + l.sgstPaise)).toEqual([16_200, 4_500]);
    expect(g.totalPaise).toBe(118_000 + 105_000 - 22_300);
  });

  it('charges shipping on a mixed-rate cart at the highest rate of its goods', () => {
    const g = computeGst({
      lines: [line(105_000, 5), line(59_000, 18)],
      discountPaise: 0,
      shippingPaise: 4_000,
      intraState: false,
    });
    const ship = g.lines.at(-1);
    expect(ship).toMatchObject({ ratePercent: 18, grossPaise: 4_000, taxablePaise: 3_390, igstPaise: 610 });
    expect(g.totalPaise).toBe(105_000 + 59_000 + 4_000);
  });

  it('a 0 % item carries no tax', () => {
    const g = computeGst({
      lines: [line(50_000, 0, 2)],
      discountPaise: 0,
      shippingPaise: 0,
      intraState: true,
    });
    expect(g).toMatchObject({ taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('rounds each line to the paisa once, and the lines add up to what was paid', () => {
    const g = computeGst({
      lines: [line(9_900, 18), line(9_999, 5, 3)],
      discountPaise: 1,
      shippingPaise: 0,
      intraState: true,
    });
    const [a, b] = g.lines;
    expect(a).toMatchObject({ grossPaise: 9_900, taxablePaise: 8_390, cgstPaise: 755, sgstPaise: 755 });
    expect(b?.grossPaise).toBe(29_996);
    expect((b?.taxablePaise ?? 0) + (b?.cgstPaise ?? 0) + (b?.sgstPaise ?? 0)).toBe(29_996);
    expect(g.totalPaise).toBe(9_900 + 29_997 - 1);
    expect(g.taxablePaise + g.cgstPaise + g.sgstPaise + g.igstPaise).toBe(g.totalPaise);
  });

  it('apportions whole paise with the remainder to the largest fractions', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    expect(apportion(7, [0, 0])).toEqual([0, 0]);
  });
});

describe('documents', () => {
  it('checks a GSTIN’s shape, state and check digit', () => {
    expect(gstinCheckDigit('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('99AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
  });

  it('says amounts in words in the Indian system', () => {
    expect(numberInWords(12_345_678)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight',
    );
    expect(rupeesInWords(118_050)).toBe('Rupees One Thousand One Hundred Eighty and Fifty Paise Only');
    expect(rupeesInWords(100)).toBe('Rupees One Only');
  });

  it('numbers a series per financial year (April to March, in IST)', () => {
    expect(financialYear(new Date('2026-03-31T18:29:00Z'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:31:00Z'))).toBe('2026-27');
    expect(documentNumber('INV', '2026-27', 42)).toBe('INV/26-27/00042');
    expect(documentNumber('INV', '2026-27', 42).length).toBeLessThanOrEqual(16);
  });
});

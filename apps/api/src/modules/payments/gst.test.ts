import {
  apportion,
  COD_FEE_SAC,
  computeGst,
  documentNumber,
  financialYear,
  gstinCheckDigit,
  isValidGstin,
  numberInWords,
  rupeesInWords,
  SHIPPING_SAC,
} from '@haat/contracts';
import fc from 'fast-check';
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
    // ₹118 and ₹105 off with GST are ₹100 each before it: the discount column shows the value before tax.
    expect(g.lines.map((l) => l.discountPaise)).toEqual([10_000, 10_000]);
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
    expect(g.roundOffPaise).toBe(0);
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

  it('shows rate, quantity and discount so that quantity x rate - discount = taxable value', () => {
    const g = computeGst({
      lines: [line(10_000, 18, 3), line(118_000, 18)],
      discountPaise: 11_800,
      shippingPaise: 0,
      intraState: true,
    });
    const [a, b] = g.lines;
    // ₹100 a piece is ₹84.75 before 18 % GST. The ₹118 discount is spread by value: ₹23.92 of it (₹20.27
    // before GST) on the ₹300 line, ₹94.08 (₹79.73) on the ₹1,180 one.
    expect(a).toMatchObject({
      unitRatePaise: 8_475,
      quantity: 3,
      discountPaise: 2_027,
      taxablePaise: 23_398,
    });
    expect(b).toMatchObject({ unitRatePaise: 100_000, discountPaise: 7_973, taxablePaise: 92_027 });
    for (const l of g.lines)
      expect((l.unitRatePaise ?? 0) * (l.quantity ?? 0) - l.discountPaise).toBe(l.taxablePaise);
  });

  it('CGST and SGST are each half the rate on the taxable value, rounded once, so always equal', () => {
    // The invoice: ₹66.54 and ₹66.53 before (the tax split after rounding).
    const g = computeGst({ lines: [line(87_253, 18)], discountPaise: 0, shippingPaise: 0, intraState: true });
    const [l] = g.lines;
    expect(l).toMatchObject({ taxablePaise: 73_943, cgstPaise: 6_655, sgstPaise: 6_655 });
    // What the buyer paid is kept: the paisa left over is the invoice's round off.
    expect(g.roundOffPaise).toBe(87_253 - (73_943 + 2 * 6_655));
    expect(g.totalPaise).toBe(87_253);
  });

  it('bills shipping and the COD fee as services with their SAC, without a quantity', () => {
    const g = computeGst({
      lines: [line(59_000, 18)],
      discountPaise: 0,
      shippingPaise: 4_000,
      codFeePaise: 2_500,
      intraState: true,
    });
    const [, ship, cod] = g.lines;
    expect(ship).toMatchObject({ hsn: SHIPPING_SAC, service: true, quantity: null, unitRatePaise: null });
    expect(cod).toMatchObject({ hsn: COD_FEE_SAC, service: true, taxablePaise: 2_119, cgstPaise: 191 });
    expect(g.totalPaise).toBe(59_000 + 4_000 + 2_500);
  });

  it('a value-only line (a refund) has no quantity and no rate', () => {
    const g = computeGst({
      lines: [{ ...line(5_900, 18), quantity: null }],
      discountPaise: 0,
      shippingPaise: 0,
      intraState: false,
    });
    expect(g.lines[0]).toMatchObject({
      quantity: null,
      unitRatePaise: null,
      taxablePaise: 5_000,
      igstPaise: 900,
    });
  });

  it('property: halves equal, columns add up, and the total is what the buyer paid', () => {
    const rate = fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28, 40);
    const goods = fc.record({
      unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 200 }),
      ratePercent: rate,
    });
    fc.assert(
      fc.property(
        fc.array(goods, { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 2_000_000 }),
        fc.nat({ max: 50_000 }),
        fc.nat({ max: 5_000 }),
        fc.boolean(),
        (ls, discountPaise, shippingPaise, codFeePaise, intraState) => {
          const g = computeGst({
            lines: ls.map((l) => ({ ...l, name: 'x', hsn: '0902', unit: 'Piece' })),
            discountPaise,
            shippingPaise,
            codFeePaise,
            intraState,
          });
          const value = ls.reduce((a, l) => a + l.unitPricePaise * l.quantity, 0);
          expect(g.totalPaise).toBe(value - Math.min(discountPaise, value) + shippingPaise + codFeePaise);
          expect(g.taxablePaise + g.cgstPaise + g.sgstPaise + g.igstPaise + g.roundOffPaise).toBe(
            g.totalPaise,
          );
          expect(g.cgstPaise).toBe(g.sgstPaise);
          const units = ls.reduce((a, l) => a + l.quantity, 0);
          expect(Math.abs(g.roundOffPaise)).toBeLessThanOrEqual(units + 2 * g.lines.length);
          for (const l of g.lines) {
            expect(l.cgstPaise).toBe(l.sgstPaise);
            if (intraState) expect(l.igstPaise).toBe(0);
            else expect(l.cgstPaise).toBe(0);
            const tax = intraState ? l.cgstPaise * 2 : l.igstPaise;
            // Each tax within half a paisa of its rate on the taxable value (per half within the state).
            expect(Math.abs(tax - (l.taxablePaise * l.ratePercent) / 100)).toBeLessThanOrEqual(
              intraState ? 1 : 0.5,
            );
            if (l.quantity != null)
              expect((l.unitRatePaise ?? 0) * l.quantity - l.discountPaise).toBe(l.taxablePaise);
            expect(l.grossPaise).toBe(l.taxablePaise + tax);
          }
        },
      ),
      { numRuns: 500 },
    );
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

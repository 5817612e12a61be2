import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linePaid, returnValue } from './counter-returns.ts';

/* What a counter return gives back (issue 38): the pieces of a line add up to the line, the lines to the bill. */

const line = fc.record({
  unitPricePaise: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 12 }),
});

describe('returnValue', () => {
  it('gives back exactly what each line was paid, however its units come back, and the bill when all do', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }),
        (lines, share, steps) => {
          const gross = lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
          const discount = Math.floor(gross * share);
          const paid = linePaid(lines, discount);
          expect(paid.reduce((a, b) => a + b, 0)).toBe(gross - discount);
          let total = 0;
          lines.forEach((l, i) => {
            let back = 0;
            let already = 0;
            for (const s of [...steps, l.quantity]) {
              const q = Math.min(s, l.quantity - already);
              if (q <= 0) break;
              const v = returnValue(paid[i] ?? 0, l.quantity, already, q);
              expect(v).toBeGreaterThanOrEqual(0);
              back += v;
              already += q;
            }
            expect(back).toBe(paid[i]);
            total += back;
          });
          expect(total).toBe(gross - discount);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives a unit of an undiscounted line back at its price', () => {
    expect(returnValue(linePaid([{ unitPricePaise: 12_000, quantity: 3 }], 0)[0] ?? 0, 3, 1, 1)).toBe(12_000);
  });
});

import { describe, expect, it } from 'vitest';
import { posTotals } from './pos-totals.ts';

/* The counter's discount is refused with a message naming what is wrong, never taken as something else. */
const lines = [{ unitPricePaise: 50_000, quantity: 2, ratePercent: 5 }];

describe('posTotals: the discount as typed', () => {
  it('refuses what is not a number, a negative amount and a third decimal, and gives no discount then', () => {
    for (const [value, problem] of [
      [Number('abc'), 'Discount must be a number'],
      [Number('1.2.3'), 'Discount must be a number'],
      [-10, 'Discount cannot be negative'],
      [10.555, 'Discount can have at most 2 decimals'],
    ] as const) {
      const t = posTotals(lines, { type: 'FIXED', value });
      expect(t.discountProblem, String(value)).toBe(problem);
      expect(t.discountPaise).toBe(0);
      expect(t.totalPaise).toBe(100_000);
    }
  });

  it('takes a fixed discount with two decimals to the paisa and a percentage with decimals', () => {
    expect(posTotals(lines, { type: 'FIXED', value: 10.55 })).toMatchObject({
      discountProblem: null,
      discountPaise: 1_055,
      totalPaise: 98_945,
    });
    expect(posTotals(lines, { type: 'PERCENT', value: 12.5 })).toMatchObject({
      discountProblem: null,
      discountPaise: 12_500,
    });
  });
});

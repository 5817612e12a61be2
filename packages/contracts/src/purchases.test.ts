import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseOrderBody, purchaseTotals, weightedAverageCost } from './purchases.ts';

describe('weightedAverageCost, the one rule for the cost after a receipt', () => {
  it('weighs the stock on hand against what arrived, rounded half away from zero to the paisa', () => {
    expect(
      weightedAverageCost({ onHand: 10, costPaise: 10_000, received: 10, receivedCostPaise: 12_000 }),
    ).toBe(11_000);
    // (3 x 100 + 1 x 101) / 4 = 100.25 -> 100; (1 x 100 + 1 x 101) / 2 = 100.5 -> 101
    expect(weightedAverageCost({ onHand: 3, costPaise: 100, received: 1, receivedCostPaise: 101 })).toBe(100);
    expect(weightedAverageCost({ onHand: 1, costPaise: 100, received: 1, receivedCostPaise: 101 })).toBe(101);
  });

  it('takes the received cost when nothing is on hand, stock is below zero, or no cost was known', () => {
    expect(weightedAverageCost({ onHand: 0, costPaise: 5000, received: 4, receivedCostPaise: 7000 })).toBe(
      7000,
    );
    expect(weightedAverageCost({ onHand: -3, costPaise: 5000, received: 4, receivedCostPaise: 7000 })).toBe(
      7000,
    );
    expect(weightedAverageCost({ onHand: 8, costPaise: null, received: 4, receivedCostPaise: 7000 })).toBe(
      7000,
    );
  });

  it('never leaves the range of the two costs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (onHand, costPaise, received, receivedCostPaise) => {
          const after = weightedAverageCost({ onHand, costPaise, received, receivedCostPaise });
          expect(Number.isInteger(after)).toBe(true);
          if (onHand <= 0) expect(after).toBe(receivedCostPaise);
          expect(after).toBeGreaterThanOrEqual(Math.min(costPaise, receivedCostPaise));
          expect(after).toBeLessThanOrEqual(Math.max(costPaise, receivedCostPaise));
        },
      ),
    );
  });
});

describe('purchase totals and the order form', () => {
  it('adds each line GST rounded once per line', () => {
    expect(
      purchaseTotals([
        { quantity: 3, unitCostPaise: 3333, taxPercent: 18 },
        { quantity: 1, unitCostPaise: 999, taxPercent: 5 },
      ]),
    ).toEqual({ taxablePaise: 10_998, taxPaise: 1800 + 50, totalPaise: 10_998 + 1850 });
  });

  it('names the field of a negative cost, a zero quantity and a rate that is not GST', () => {
    const r = purchaseOrderBody.safeParse({
      supplier_id: '00000000-0000-4000-8000-000000000000',
      lines: [
        {
          variant_id: '00000000-0000-4000-8000-000000000001',
          quantity: 0,
          unit_cost: -1,
          tax_percentage: 13,
        },
      ],
    });
    expect(r.success).toBe(false);
    const issues = r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'lines.0.quantity: quantity must be more than 0',
        'lines.0.unit_cost: unit_cost must not be negative',
        expect.stringContaining('lines.0.tax_percentage: tax_percentage must be a GST rate'),
      ]),
    );
  });
});

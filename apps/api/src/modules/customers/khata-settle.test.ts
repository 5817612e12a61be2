import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settledOldestFirst } from './khata.service.ts';

/* Which credit sales a khata's payments settle (issue 38): the oldest first, each only when paid in full. */

describe('settling credit sales oldest first', () => {
  it('settles a prefix of the sales, within what was paid, stopping at the first it cannot cover', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (totals, available) => {
          const open = totals.map((totalPaise, i) => ({ id: i, totalPaise }));
          const settled = settledOldestFirst(open, available);
          expect(settled).toEqual(open.slice(0, settled.length));
          const spent = settled.reduce((n, s) => n + s.totalPaise, 0);
          expect(spent).toBeLessThanOrEqual(available);
          const next = open[settled.length];
          if (next) expect(available - spent).toBeLessThan(next.totalPaise);
        },
      ),
    );
  });

  it('pays ₹250 against ₹200 and ₹100: the first sale only, ₹50 towards the next', () => {
    expect(settledOldestFirst([{ totalPaise: 20_000 }, { totalPaise: 10_000 }], 25_000)).toEqual([
      { totalPaise: 20_000 },
    ]);
  });
});

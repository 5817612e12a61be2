import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeRegisterBody,
  DENOMINATIONS,
  denominationTotalPaise,
  registerFigureLines,
} from './registers.ts';

/*
 * The register's arithmetic (issue 38): the notes and coins counted add up to what the close records, a counted
 * amount that disagrees with them is refused on its field, and the report's lines are the expected cash's formula.
 */

const counts = fc.record(
  Object.fromEntries(
    DENOMINATIONS.map((d) => [String(d), fc.option(fc.nat({ max: 500 }), { nil: undefined })]),
  ),
) as fc.Arbitrary<Record<string, number | undefined>>;

describe('counting a drawer', () => {
  it('sums notes and coins in paise, and accepts a counted amount only when it equals them', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: -5000, max: 5000 }), (c, off) => {
        const paise = denominationTotalPaise(c);
        const byHand = DENOMINATIONS.reduce((a, d) => a + d * (c[String(d)] ?? 0), 0) * 100;
        expect(paise).toBe(byHand);
        expect(closeRegisterBody.safeParse({ denominations: c, counted_cash: paise / 100 }).success).toBe(
          true,
        );
        const wrong = closeRegisterBody.safeParse({
          denominations: c,
          counted_cash: (paise + off * 100) / 100,
        });
        if (off !== 0 && paise + off * 100 >= 0)
          expect(wrong.error?.issues[0]?.path).toEqual(['counted_cash']);
      }),
    );
  });

  it('refuses a close without a count, and negative or fractional counts, on their fields', () => {
    expect(closeRegisterBody.safeParse({}).error?.issues[0]?.path).toEqual(['counted_cash']);
    expect(closeRegisterBody.safeParse({ counted_cash: -1 }).error?.issues[0]?.message).toBe(
      'Counted cash cannot be negative',
    );
    expect(closeRegisterBody.safeParse({ denominations: { '500': 1.5 } }).error?.issues[0]?.path).toEqual([
      'denominations',
      '500',
    ]);
  });

  it('lists the expected cash as float plus the signed lines', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 8, maxLength: 8 }), (paise) => {
        const [float = 0, sales = 0, refunds = 0, khata = 0, cin = 0, cout = 0, exp = 0, sup = 0] = paise;
        const f = (p: number) => ({ amount: p / 100, count: 1 });
        const expected = float + sales - refunds + khata + cin - cout - exp - sup;
        const lines = registerFigureLines({
          opening_float: float / 100,
          cash_sales: f(sales),
          cash_refunds: f(refunds),
          khata_received: f(khata),
          cash_in: f(cin),
          cash_out: f(cout),
          expenses: f(exp),
          supplier_payments: f(sup),
          expected: expected / 100,
        });
        const sum = lines.reduce((a, l) => a + (l.sign === '+' ? 1 : -1) * Math.round(l.amount * 100), float);
        expect(sum).toBe(expected);
      }),
    );
  });
});

import { formatRupees } from '@haat/contracts/money';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatINR } from './format.ts';
import { plainDateIST, plainDateTimeIST, plainINR, plainRupees } from './format-plain.ts';

// The shop's prices and dates are written without Intl (format-plain.ts, issue 37); these hold them to exactly what
// Intl writes in en-IN, which is what the pages showed before and what the back office and the API still print.
const intlINR = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const intlPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});
const intlDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const intlDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** Amounts a shop shows, the rounding edges (halves, 1.005, 999.995) and a seeded spread up to 10^15. */
function amounts() {
  const list = [
    0,
    -0,
    0.4,
    -0.4,
    0.5,
    -0.5,
    1.5,
    2.5,
    -2.5,
    0.001,
    0.005,
    0.015,
    1.005,
    1.045,
    2.675,
    999.995,
    1234.565,
    99.99,
    449.1,
    449.5,
    1000,
    12345,
    99999.5,
    100000,
    1234567,
    12345678.9,
    1e14 + 0.5,
    999999999999999,
    5e-7,
    0.000001,
    0.0000049,
    123.456789,
    10.1,
    0.1 + 0.2,
    1 / 3,
    2 / 3,
    1e-9,
  ];
  let seed = 37;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < 2000; i++) {
    const magnitude = 10 ** Math.floor(next() * 15);
    const value = next() * magnitude;
    list.push(
      value,
      Math.round(value),
      Math.round(value * 100) / 100,
      Math.round(value * 1000) / 1000,
      -value,
    );
  }
  return list;
}

describe('rupees without Intl', () => {
  it('writes every amount exactly as Intl and the contracts write it', () => {
    const wrong: unknown[] = [];
    for (const n of amounts()) {
      if (plainINR(n, false) !== intlINR.format(n)) wrong.push([n, plainINR(n, false), intlINR.format(n)]);
      if (plainINR(n, true) !== intlPaise.format(n)) wrong.push([n, plainINR(n, true), intlPaise.format(n)]);
      if (n >= 0 && !Object.is(n, -0) && plainRupees(n) !== formatRupees(n))
        wrong.push([n, plainRupees(n), formatRupees(n)]);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves to Intl and the contracts what it does not cover (negative amounts for the contracts), with the same result', () => {
    for (const n of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1e15,
      -2e20,
      1e21,
      -0,
      -5,
      -0.4,
    ]) {
      if (!Number.isFinite(n) || Math.abs(n) >= 1e15) expect(plainINR(n, false)).toBeNull();
      expect(plainRupees(n)).toBeNull();
      expect(formatINR(n)).toBe((Math.round(n * 100) % 100 !== 0 ? intlPaise : intlINR).format(n));
      expect(formatINR(n, { paise: true })).toBe(intlPaise.format(n));
      expect(formatAmount(n)).toBe(formatRupees(n));
    }
    // Paise are shown when there are any: ₹12,34,567.50, never rounded to ₹12,34,568 (issue 42).
    expect(formatINR(1234567.5)).toBe('₹12,34,567.50');
    expect(formatINR(649.5)).toBe('₹649.50');
    expect(formatINR(749)).toBe('₹749');
    expect(formatAmount(449.1)).toBe('₹449.10');
  });
});

describe('IST dates without Intl', () => {
  it('writes dates and times exactly as Intl does in Asia/Kolkata', () => {
    const times: number[] = [];
    // Every month of a few years, around midnight and noon IST, and a seeded spread from 1950 to 9999.
    for (const year of [1950, 1970, 2000, 2024, 2026, 2028, 2100, 9999]) {
      for (let m = 0; m < 12; m++) {
        for (const [h, min] of [
          [18, 29],
          [18, 30],
          [6, 29],
          [6, 30],
          [7, 5],
          [0, 0],
          [23, 59],
        ] as const) {
          times.push(Date.UTC(year, m, 1, h, min), Date.UTC(year, m, 28, h, min, 59, 999));
        }
      }
    }
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      times.push(
        Date.UTC(1950, 0, 1) +
          Math.floor((seed / 2147483648) * (Date.UTC(9999, 11, 31) - Date.UTC(1950, 0, 1))),
      );
    }
    const wrong: unknown[] = [];
    for (const t of times) {
      const when = new Date(t);
      if (plainDateIST(when) !== intlDate.format(when)) wrong.push([when, plainDateIST(when)]);
      if (plainDateTimeIST(when) !== intlDateTime.format(when)) wrong.push([when, plainDateTimeIST(when)]);
    }
    expect(wrong).toEqual([]);
    expect(formatDateTime('2026-09-12T14:00:00Z')).toBe('12 Sept 2026, 7:30 pm');
    expect(formatDate('2026-09-12T19:00:00Z')).toBe('13 Sept 2026');
  });

  it('leaves older dates and invalid ones to Intl', () => {
    const old = new Date(Date.UTC(1940, 0, 1, 7, 5));
    expect(plainDateTimeIST(old)).toBeNull();
    expect(formatDateTime(old)).toBe(intlDateTime.format(old));
    expect(plainDateIST(new Date('not a date'))).toBeNull();
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

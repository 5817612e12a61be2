import { describe, expect, it } from 'vitest';
import { formatPaise } from './money.ts';

describe('formatPaise, the one rupee formatter', () => {
  it('groups the Indian way and shows paise only when there are any, always two digits of them', () => {
    expect(formatPaise(12_499_900)).toBe('₹1,24,999');
    expect(formatPaise(44_950)).toBe('₹449.50');
    expect(formatPaise(5)).toBe('₹0.05');
  });

  it('keeps the minus sign, before the ₹', () => {
    expect(formatPaise(-5000)).toBe('−₹50');
    expect(formatPaise(-44_950)).toBe('−₹449.50');
  });
});

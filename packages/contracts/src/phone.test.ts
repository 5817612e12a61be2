import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('shows an Indian mobile one way however it was typed', () => {
    for (const typed of ['9829056781', '09829056781', '919829056781', '+91 98290-56781', ' +91 98290 56781 '])
      expect(formatPhone(typed)).toBe('+91 98290 56781');
  });
  it('leaves a landline or a foreign number as it was given', () => {
    expect(formatPhone('0141 2345678')).toBe('0141 2345678');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});

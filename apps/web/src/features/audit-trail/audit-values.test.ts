import { describe, expect, it } from 'vitest';
import { changesOf, nothingChanged, valueText } from './audit-values.ts';

describe("the audit trail's changes in words (issue 42)", () => {
  it('reads a price and a stock change as "Price ₹749 → ₹799" and "Stock 12 → 10"', () => {
    expect(changesOf({ before: { price: 749, quantity: 12 }, after: { price: 799, quantity: 10 } })).toEqual([
      { field: 'price', label: 'Price', before: '₹749', after: '₹799' },
      { field: 'quantity', label: 'Stock', before: '12', after: '10' },
    ]);
  });

  it('writes lists, objects and statuses in words, never JSON', () => {
    const text = valueText('barcodes', { 'Red / M': '8901234567890', 'Blue / L': null });
    expect(text).toBe('Red / M: 8901234567890, Blue / L: —');
    expect(valueText('status', 'SHIPPED')).toBe('Shipped');
    expect(valueText('payment_status', 'CASH_ON_DELIVERY')).toBe('Cash on delivery');
    expect(valueText('tracking_number', 'DL42558035')).toBe('DL42558035');
    expect(valueText('code', 'WELCOME')).toBe('WELCOME');
    expect(valueText('tags', ['cotton', 'summer'])).toBe('cotton, summer');
    expect(valueText('sale_price', null)).toBe('—');
    expect(valueText('active', true)).toBe('Yes');
    for (const v of [text, valueText('x', { a: { b: 1 } })]) expect(v).not.toMatch(/[{}"]/);
  });

  it('leaves out fields that stayed the same, and calls a row with none left unchanged', () => {
    const row = { before: { price: 749, name: 'Kurta' }, after: { price: 799, name: 'Kurta' } };
    expect(changesOf(row).map((c) => c.label)).toEqual(['Price']);
    expect(nothingChanged({ before: { price: 749 }, after: { price: 749 } })).toBe(true);
    expect(nothingChanged({ before: { price: 749 }, after: { price: '749' } })).toBe(true);
    expect(nothingChanged({ before: null, after: { name: 'Kurta' } })).toBe(false);
    expect(nothingChanged({ before: null, after: null })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { unitsPutBack } from './orders-api.ts';

const items = [
  { name: 'Indigo Kurta', quantity: 7 },
  { name: 'Cotton Dupatta', quantity: 4 },
  { name: 'Brass Lamp', quantity: 3 },
];

describe('unitsPutBack (Buy Again, issue 42)', () => {
  it('counts every unit of every item when all went back', () => {
    expect(unitsPutBack(items, [])).toBe(14);
  });

  it('leaves out an item that could not be added, and counts the part of one added in part', () => {
    const skipped = [
      { name: 'Cotton Dupatta', reason: 'Out of stock' },
      { name: 'Brass Lamp', reason: 'Only 2 more could be added' },
    ];
    expect(unitsPutBack(items, skipped)).toBe(9);
  });

  it('counts one unit as one', () => {
    expect(unitsPutBack([{ name: 'Brass Lamp', quantity: 1 }], [])).toBe(1);
  });
});

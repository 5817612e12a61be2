import { describe, expect, it } from 'vitest';
import { parsePinList } from './cod.ts';

describe('parsePinList, the COD card and its CSV upload', () => {
  it('takes every PIN code of a comma-separated line, as the card says', () => {
    expect(parsePinList('110001, 400001\n560001')).toEqual({
      pins: ['110001', '400001', '560001'],
      problems: [],
    });
  });

  it("takes a CSV row's first cell and skips its other columns, after a header", () => {
    expect(parsePinList('pincode,city\n110001,Delhi\n"400001";Mumbai').pins).toEqual(['110001', '400001']);
  });

  it('names a line that is not a PIN code instead of dropping it', () => {
    const { pins, problems } = parsePinList('110001, 4000');
    expect(pins).toEqual(['110001']);
    expect(problems).toEqual([
      { line: 1, value: '4000', message: 'Line 1: "4000" is not a 6-digit PIN code' },
    ]);
  });
});

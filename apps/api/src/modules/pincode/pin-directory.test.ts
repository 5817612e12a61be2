import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@haat/contracts/indian-states';
import { describe, expect, it } from 'vitest';
import { directoryFile, findPin, parseDirectory, pinDirectory } from './pin-directory.ts';

describe("India Post's PIN code directory as shipped", () => {
  const dir = pinDirectory();

  it('knows where the big cities are, in the names people write and the app lists', () => {
    expect(findPin(dir, '560001')).toEqual({ city: 'Bengaluru', state: 'Karnataka' });
    expect(findPin(dir, '110001')).toEqual({ city: 'New Delhi', state: 'Delhi' });
    expect(findPin(dir, '400001')).toEqual({ city: 'Mumbai', state: 'Maharashtra' });
    expect(findPin(dir, '682001')).toEqual({ city: 'Ernakulam', state: 'Kerala' });
    expect(findPin(dir, '600001')).toEqual({ city: 'Chennai', state: 'Tamil Nadu' });
    expect(findPin(dir, '700001')).toEqual({ city: 'Kolkata', state: 'West Bengal' });
    expect(findPin(dir, '500001')).toEqual({ city: 'Hyderabad', state: 'Telangana' });
    expect(findPin(dir, '122001')).toEqual({ city: 'Gurugram', state: 'Haryana' });
    expect(findPin(dir, '411001')).toEqual({ city: 'Pune', state: 'Maharashtra' });
  });

  it("names states and union territories as the app's own list does", () => {
    expect(findPin(dir, '194101')?.state).toBe('Ladakh');
    expect(findPin(dir, '190001')?.state).toBe('Jammu and Kashmir');
    expect(findPin(dir, '605001')?.state).toBe('Puducherry');
    expect(findPin(dir, '744101')?.state).toBe('Andaman and Nicobar Islands');
    expect(findPin(dir, '396210')?.state).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(findPin(dir, '492001')?.state).toBe('Chhattisgarh');
    const used = new Set(Array.from(dir.stateOf, (s) => INDIAN_STATES[s]));
    expect(used.size).toBe(INDIAN_STATES.length);
  });

  it("has every PIN code once, in order, and none it doesn't know", () => {
    expect(dir.pins.length).toBeGreaterThan(19_000);
    for (let i = 1; i < dir.pins.length; i++) expect(dir.pins[i]).toBeGreaterThan(dir.pins[i - 1] ?? 0);
    expect(findPin(dir, '999999')).toBeNull();
    expect(findPin(dir, '100000')).toBeNull();
    expect(findPin(dir, String(dir.pins[0]))).not.toBeNull();
    expect(findPin(dir, String(dir.pins.at(-1)))).not.toBeNull();
  });

  it('is loaded once per process, and small once loaded', () => {
    expect(pinDirectory()).toBe(dir);
    const bytes =
      dir.pins.byteLength +
      dir.cityOf.byteLength +
      dir.stateOf.byteLength +
      dir.cities.reduce((n, c) => n + 40 + 2 * c.length, 0);
    // 19,159 PIN codes and 612 city names: about 0.16 MB (the gzipped file is read and dropped).
    expect(bytes).toBeLessThan(300_000);
    const text = gunzipSync(readFileSync(directoryFile())).toString('utf8');
    expect(parseDirectory(text).pins.length).toBe(dir.pins.length);
  });
});

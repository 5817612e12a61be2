import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legible, legibleSection, SECTION_BACKGROUNDS } from './legible.ts';
import type { StoreSection } from './theme.ts';

/** WCAG 2.2 contrast of two hex colours, written out here independently of the code under test. */
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
    const c = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * c(r ?? 0) + 0.7152 * c(g ?? 0) + 0.0722 * c(b ?? 0);
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('a shop text colour the shopper can read (legible)', () => {
  it('darkens teal-600 on white and slate-50 to at least 4.5:1 (the sub-heading axe flagged at 3.74)', () => {
    expect(contrast('#0d9488', '#ffffff')).toBeLessThan(4.5);
    const shown = legible('#0d9488', SECTION_BACKGROUNDS);
    for (const bg of SECTION_BACKGROUNDS) expect(contrast(shown, bg)).toBeGreaterThanOrEqual(4.5);
    expect(shown).not.toBe('#0d9488');
  });

  it('keeps a colour that already reads well, and one it cannot measure', () => {
    expect(legible('#1e3a8a', SECTION_BACKGROUNDS)).toBe('#1e3a8a');
    expect(legible('teal', SECTION_BACKGROUNDS)).toBe('teal');
  });

  it('asks only 3:1 of large text, and lightens text on a dark background', () => {
    expect(legible('#0d9488', ['#ffffff'], true)).toBe('#0d9488');
    const onNavy = legible('#475569', ['#0f172a']);
    expect(contrast(onNavy, '#0f172a')).toBeGreaterThanOrEqual(4.5);
  });

  it('always reaches 4.5:1 on one background, whatever the colour', () => {
    const hex = fc
      .tuple(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
      )
      .map((c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, (color, bg) => {
        expect(contrast(legible(color, [bg]), bg)).toBeGreaterThanOrEqual(4.5 - 1e-9);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the sections a shopper is sent', () => {
  it('darken a pale sub-heading and timer label, keep a dark heading, and judge the banner on its own gradient', () => {
    const deals = legibleSection({
      name: 'deals',
      position: 3,
      config: {
        deals: {
          mainHeading: { text: 'Deals', color: '#111827' },
          subHeading: { text: 'Today only', color: '#0d9488' },
          timerHeading: { text: 'Ends in', color: '#5eead4' },
          button: { text: 'Shop', color: '#5eead4' },
        },
      },
    } as StoreSection);
    if (deals.name !== 'deals') throw new Error('a deals section stays one');
    expect(deals.config.deals.mainHeading.color).toBe('#111827');
    for (const el of [deals.config.deals.subHeading, deals.config.deals.timerHeading])
      for (const bg of SECTION_BACKGROUNDS) expect(contrast(el.color ?? '', bg)).toBeGreaterThanOrEqual(4.5);

    const banner = legibleSection({
      name: 'banner',
      position: 1,
      config: {
        banner: {
          mainHeading: { text: 'Welcome', color: '#f1f5f9' },
          description: { text: 'Hand-made', color: '#cbd5e1' },
          bgColorFrom: '#0f172a',
          bgColorTo: '#1e293b',
        },
      },
    } as StoreSection);
    if (banner.name !== 'banner') throw new Error('a banner stays one');
    // Light text on the shop's dark gradient already reads: kept as chosen.
    expect(banner.config.banner.mainHeading.color).toBe('#f1f5f9');
    expect(banner.config.banner.description.color).toBe('#cbd5e1');
  });
});

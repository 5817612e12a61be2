import type { BannerConfig, DealsConfig, FeaturedConfig, StoreSection, TextElement } from './theme.ts';

/*
 * A shop's own text colours as a shopper can read them (issue 42, item 23): WCAG 2.2 AA asks 4.5:1 of text against
 * what it sits on, 3:1 from 24 px. The server applies this to the home it sends shoppers and the template editor to
 * its preview, so the shopper's first page carries none of it.
 */

type Rgb = [number, number, number];
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const rgbOf = (color: string | null | undefined): Rgb | null => {
  const m = color ? HEX.exec(color.trim()) : null;
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
};
const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The WCAG contrast ratio of two colours (1 to 21). */
export const contrastRatio = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/**
 * The colour kept when it reads on every background given, else moved towards black (or white, when that reads
 * better on the first background) in 5 % steps until it does. Colours that are not plain hex values, and
 * backgrounds that are not, are left alone.
 */
export function legible(color: string, on: readonly (string | null | undefined)[], large = false): string {
  const rgb = rgbOf(color);
  const backs = on.map(rgbOf).filter((b): b is Rgb => !!b);
  const first = backs[0];
  if (!rgb || !first) return color;
  const need = large ? 3 : 4.5;
  const to = contrastRatio([255, 255, 255], first) > contrastRatio([0, 0, 0], first) ? 255 : 0;
  let mixed = rgb;
  for (let t = 0.05; t <= 1.001 && backs.some((b) => contrastRatio(mixed, b) < need); t += 0.05)
    mixed = rgb.map((v) => Math.round(v + (to - v) * t)) as Rgb;
  return mixed === rgb ? color : `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The backgrounds the home's sections sit on: white and slate-50. */
export const SECTION_BACKGROUNDS = ['#ffffff', '#f8fafc'] as const;

/** A text element with its colour made legible; `size` is the design's size when the shop set none. */
function fix(el: TextElement, on: readonly (string | null | undefined)[], size: number): TextElement {
  return el.color ? { ...el, color: legible(el.color, on, (el.fontSize ?? size) >= 24) } : el;
}

export function legibleBanner(c: BannerConfig): BannerConfig {
  // The banner's own gradient when it has one (as the storefront draws it), else orange-50 to white.
  const on = c.bgColorFrom && c.bgColorTo ? [c.bgColorFrom, c.bgColorTo] : ['#fff7ed', '#ffffff'];
  return { ...c, mainHeading: fix(c.mainHeading, on, 30), description: fix(c.description, on, 16) };
}

export function legibleFeatured(c: FeaturedConfig): FeaturedConfig {
  return {
    ...c,
    mainHeading: fix(c.mainHeading, SECTION_BACKGROUNDS, 24),
    subHeading: fix(c.subHeading, SECTION_BACKGROUNDS, 14),
    button: fix(c.button, ['#ffffff'], 14),
  };
}

export function legibleDeals(c: DealsConfig): DealsConfig {
  return {
    ...c,
    mainHeading: fix(c.mainHeading, SECTION_BACKGROUNDS, 24),
    subHeading: fix(c.subHeading, SECTION_BACKGROUNDS, 14),
    timerHeading: fix(c.timerHeading, SECTION_BACKGROUNDS, 14),
  };
}

/** A stored section as a shopper should see it. */
export function legibleSection(s: StoreSection): StoreSection {
  switch (s.name) {
    case 'banner':
      return { ...s, config: { banner: legibleBanner(s.config.banner) } };
    case 'featured':
      return { ...s, config: { featured: legibleFeatured(s.config.featured) } };
    case 'deals':
      return { ...s, config: { deals: legibleDeals(s.config.deals) } };
    case 'sales':
      return { ...s, config: { sales: legibleDeals(s.config.sales) } };
    default:
      return s;
  }
}

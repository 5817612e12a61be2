import type { TextElement } from '@haat/contracts';
import type { CSSProperties, HTMLAttributes } from 'react';

// Theme colours are shop-owner input that ends up in inline CSS: accept colour syntax only, so a value
// can never smuggle in url(…) or another declaration.
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab)\([\d\s.,%/+-]+\)|[a-z]{3,30})$/i;

/** The colour if it is plain CSS colour syntax, otherwise undefined (the design's default applies). */
export const safeColor = (value: string | null | undefined) => {
  const v = value?.trim();
  return v && COLOR.test(v) ? v : undefined;
};

/** A left-to-right gradient between two theme colours; undefined unless both are valid. */
export const gradient = (
  from: string | null | undefined,
  to: string | null | undefined,
  direction = 'to right',
) => {
  const a = safeColor(from);
  const b = safeColor(to);
  return a && b ? `linear-gradient(${direction}, ${a}, ${b})` : undefined;
};

/**
 * A theme text element's colour and size as inline style. Large sizes shrink on narrow screens
 * (never below 55 % of the chosen size) so a 56 px heading still fits a 360 px phone.
 */
export function textStyle(el: TextElement | undefined, opts: { color?: boolean } = {}): CSSProperties {
  if (!el) return {};
  const style: CSSProperties = {};
  const color = opts.color === false ? undefined : safeColor(el.color);
  if (color) style.color = color;
  const size = el.fontSize;
  if (size) {
    style.fontSize =
      size <= 20
        ? `${size}px`
        : `min(${size}px, max(${Math.round(size * 0.55)}px, ${(size / 12).toFixed(2)}vw))`;
    style.lineHeight = size > 20 ? 1.15 : undefined;
  }
  return style;
}

/** The element's text, or the fallback when the shop left it empty. */
export const textOf = (el: TextElement | undefined, fallback = '') => el?.text.trim() || fallback;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * The text colour that reads best on a theme colour (white or near-black, by WCAG contrast), or
 * undefined when the colour is not a plain hex value we can measure.
 */
export function readableOn(background: string | undefined): string | undefined {
  const m = background ? HEX.exec(background) : null;
  if (!m?.[1]) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => channel(Number.parseInt(hex.slice(i, i + 2), 16))) as [
    number,
    number,
    number,
  ];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white is 1.05 / (lum + 0.05); against #0f172a (lum ≈ 0.0086) it is (lum + 0.05) / 0.0586.
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.0586 ? '#ffffff' : '#0f172a';
}

/**
 * The template editor's hook: props that make a text element editable in place, by its field path in the
 * section config. Sections take it as an optional `edit` prop; the live storefront never passes one.
 */
export type EditHook = (field: string, label: string) => HTMLAttributes<HTMLElement> | undefined;

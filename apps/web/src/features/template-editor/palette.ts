/** The banner's preset palette (01 §9: twelve colours): light tints for backgrounds, strong tones for text. */
export const PALETTE = [
  '#ffffff',
  '#fff7ed',
  '#fed7aa',
  '#f97316',
  '#c2410c',
  '#7c2d12',
  '#dcfce7',
  '#16a34a',
  '#dbeafe',
  '#2563eb',
  '#db2777',
  '#0f172a',
] as const;

export const FONT_MIN = 8;
export const FONT_MAX = 72;
export const FONT_DEFAULT = 16;

/** A font size inside the editor's range (01 §9: 8 to 72 px). */
export const clampFont = (n: number) =>
  Number.isFinite(n) ? Math.min(FONT_MAX, Math.max(FONT_MIN, Math.round(n))) : FONT_DEFAULT;

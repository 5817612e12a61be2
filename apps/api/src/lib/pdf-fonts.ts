import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type * as Fontkit from 'fontkit';
import type PdfDocument from 'pdfkit';

/*
 * The printouts' fonts. Latin, the rupee sign and the figures print in DejaVu Sans (Debian's fonts-dejavu-core);
 * without it in the built-in Helvetica, amounts reading "Rs.". Indian scripts print in Noto Sans for each script,
 * from npm (@fontsource/noto-sans-*, OFL: Google Fonts' subsets for the script, WOFF), loaded only when a
 * document has text in that script. fontkit shapes them (conjuncts, reph, vowel signs) and pdfkit embeds a subset
 * of the glyphs used. patches/fontkit+2.0.4.patch keeps fontkit from throwing on Noto's NULL GPOS anchors.
 */

/** pdfkit and fontkit (1.7 MB of code) load with the first printout, not with the server (issue 18's cold start). */
interface Libraries {
  PDFDocument: typeof PdfDocument;
  fontkit: typeof Fontkit;
}
let libraries: Promise<Libraries> | null = null;
let loaded: Libraries | null = null;
export const pdfLibraries = () =>
  (libraries ??= Promise.all([import('pdfkit'), import('fontkit')]).then(([pdfkit, fontkit]) => {
    loaded = { PDFDocument: pdfkit.default, fontkit };
    return loaded;
  }));
const fontkitLoaded = () => {
  if (!loaded) throw new Error('pdfLibraries() must have loaded before a font is parsed');
  return loaded.fontkit;
};

export type Weight = 'body' | 'bold';

const DEJAVU = {
  body: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};
export const hasDejaVu = existsSync(DEJAVU.body) && existsSync(DEJAVU.bold);

/**
 * Fonts parsed once per process, not for every document: pdfkit takes an already parsed fontkit font in place of
 * a file, and parsing DejaVu was three quarters of an invoice's CPU time (28 ms of CPU a page, 7 ms with the
 * fonts parsed once; issue 13). A parsed font is only read when laid out.
 */
const parsed = new Map<string, Fontkit.Font>();
const parseOnce = (key: string, bytes: () => Buffer) => {
  let font = parsed.get(key);
  if (!font) {
    font = fontkitLoaded().create(bytes()) as Fontkit.Font;
    parsed.set(key, font);
  }
  return font;
};

/** DejaVu Sans in a weight (null without fonts-dejavu-core: Helvetica then). */
export const baseFont = (weight: Weight) =>
  hasDejaVu ? parseOnce(`dejavu-${weight}`, () => readFileSync(DEJAVU[weight])) : null;

/** The base font's ascender in thousandths of the font size: where its baseline sits below a line's top. */
export function baseAscender(weight: Weight) {
  const font = baseFont(weight);
  return font ? (font.ascent / font.unitsPerEm) * 1000 : 718; // Helvetica's and Helvetica-Bold's AFM Ascender
}

/** The Indian scripts the printouts carry, each with its Noto Sans package and its Unicode script name. */
export const INDIC_SCRIPTS = {
  devanagari: 'Devanagari',
  bengali: 'Bengali',
  gurmukhi: 'Gurmukhi',
  gujarati: 'Gujarati',
  tamil: 'Tamil',
  telugu: 'Telugu',
  kannada: 'Kannada',
  malayalam: 'Malayalam',
} as const;
export type IndicScript = keyof typeof INDIC_SCRIPTS;

const resolve = createRequire(import.meta.url).resolve;
/** The @fontsource file of a script's subset: noto-sans-tamil-tamil-700-normal.woff (400 body, 700 bold). */
const notoFile = (script: IndicScript, weight: Weight) =>
  resolve(
    `@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${weight === 'bold' ? 700 : 400}-normal.woff`,
  );

/** Noto Sans for a script in a weight, parsed on first use. */
export const indicFont = (script: IndicScript, weight: Weight) =>
  parseOnce(`${script}-${weight}`, () => woffToSfnt(readFileSync(notoFile(script, weight))));

/**
 * A WOFF 1.0 file as the TrueType/OpenType file it wraps, tables inflated. fontkit reads WOFF, but inflates the
 * whole glyf table again for every glyph it reads (each glyph's metrics while laying out, each glyph of the subset
 * pdfkit embeds): a page with two scripts took 200 ms to draw from WOFF, 26 ms from the sfnt.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, packed, length] = [
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
    ];
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < length ? inflateSync(raw) : raw,
    };
  });
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(tables.reduce((n, t) => n + padded(t.data.length), 12 + count * 16));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: TrueType or CFF
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(range, 6);
  out.writeUInt16BE(selector, 8);
  out.writeUInt16BE(count * 16 - range, 10);
  let pos = 12 + count * 16;
  tables.forEach((t, i) => {
    out.writeUInt32BE(t.tag, 12 + i * 16);
    out.writeUInt32BE(t.checksum, 16 + i * 16);
    out.writeUInt32BE(pos, 20 + i * 16);
    out.writeUInt32BE(t.data.length, 24 + i * 16);
    t.data.copy(out, pos);
    pos += padded(t.data.length);
  });
  return out;
}

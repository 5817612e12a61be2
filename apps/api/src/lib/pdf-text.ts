import { baseAscender, INDIC_SCRIPTS, type IndicScript, indicFont, type Weight } from './pdf-fonts.ts';

/*
 * Text on a printout in whatever script a merchant or a buyer wrote it: `pdfText` in place of pdfkit's `text` for
 * anything a person typed (names, addresses, notes). Latin-only text goes to pdfkit's `text` as it is. Text with an
 * Indian script is split into runs, each drawn in the font that covers it (Noto Sans for the script, DejaVu for the
 * rest), and wrapped, aligned, cut to `height` with an ellipsis here, the way pdfkit does it for one font.
 */

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** What `pdfText` draws with: the weight and size (it sets them), where (pdfkit's flow when left out), and how. */
export interface PdfTextOptions extends TextOptions {
  font: Weight;
  size: number;
  x?: number;
  y?: number;
}

const SCRIPTS = Object.entries(INDIC_SCRIPTS).map(
  ([script, name]) => [script as IndicScript, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const,
);
const ANY_INDIC = new RegExp(
  `[${Object.values(INDIC_SCRIPTS)
    .map((n) => `\\p{Script=${n}}`)
    .join('')}]`,
  'u',
);
const LETTER = /^[\p{L}\p{N}\s]$/u;

/** Whether a text needs more than the base font: it has letters of an Indian script. */
export const hasIndicText = (text: string) => ANY_INDIC.test(text);

/** A stretch of text in one font: an Indian script's, or the base font's (script null). */
export interface ScriptRun {
  script: IndicScript | null;
  text: string;
}

/**
 * Text split into runs by script. Marks, joiners and signs shared between scripts (the danda, ZWJ, ₹) stay in an
 * Indian script's run when its font has them; spaces, figures and Latin go to the base font.
 */
export function scriptRuns(text: string, weight: Weight = 'body'): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const ch of text) {
    const last = runs.at(-1);
    let script = SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? null;
    const cp = ch.codePointAt(0) ?? 0;
    if (
      !script &&
      last?.script &&
      !LETTER.test(ch) &&
      indicFont(last.script, weight).hasGlyphForCodePoint(cp)
    )
      script = last.script;
    if (last && last.script === script) last.text += ch;
    else runs.push({ script, text: ch });
  }
  return runs;
}

/** pdfkit's name for a run's font on this document, registered on first use. */
const registered = new WeakMap<Doc, Set<string>>();
function fontName(doc: Doc, weight: Weight, script: IndicScript | null) {
  if (!script) return weight;
  const name = `${weight}-${script}`;
  const names = registered.get(doc) ?? new Set<string>();
  registered.set(doc, names);
  if (!names.has(name)) {
    // @types/pdfkit names only paths and bytes; pdfkit also takes a parsed font (anything with layout()).
    doc.registerFont(name, indicFont(script, weight) as unknown as Parameters<Doc['registerFont']>[1]);
    names.add(name);
  }
  return name;
}

interface Piece {
  font: string;
  text: string;
}
interface Line {
  pieces: Piece[];
  width: number;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const measure = (doc: Doc, p: Piece) => (p.text ? doc.font(p.font).widthOfString(p.text) : 0);
const lineWidth = (doc: Doc, pieces: Piece[]) => pieces.reduce((w, p) => w + measure(doc, p), 0);
/** A line's pieces, the same font's neighbours joined, trailing spaces dropped. */
function tidy(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out.at(-1);
    if (last && last.font === p.font) last.text += p.text;
    else out.push({ ...p });
  }
  while (out.length) {
    const last = out.at(-1) as Piece;
    last.text = last.text.trimEnd();
    if (last.text) break;
    out.pop();
  }
  return out;
}

/** A paragraph's words (a word keeps the spaces after it) as pieces in their fonts. */
function words(doc: Doc, paragraph: string, weight: Weight): Piece[][] {
  return (paragraph.match(/\s*\S+\s*|\s+/g) ?? []).map((word) =>
    scriptRuns(word, weight).map((r) => ({ font: fontName(doc, weight, r.script), text: r.text })),
  );
}

/** A word wider than the line, cut between grapheme clusters into lines that fit. */
function breakWord(doc: Doc, word: Piece[], width: number): Piece[][] {
  const lines: Piece[][] = [[]];
  for (const piece of word) {
    for (const { segment } of graphemes.segment(piece.text)) {
      let line = lines.at(-1) as Piece[];
      const tried = tidy([...line, { font: piece.font, text: segment }]);
      if (line.length && lineWidth(doc, tried) > width) {
        line = [];
        lines.push(line);
      }
      const last = line.at(-1);
      if (last?.font === piece.font) last.text += segment;
      else line.push({ font: piece.font, text: segment });
    }
  }
  return lines;
}

/** Lines that fit `width`, greedily, as pdfkit wraps. */
function wrap(doc: Doc, text: string, weight: Weight, width: number): Piece[][] {
  const lines: Piece[][] = [];
  for (const paragraph of text.split('\n')) {
    let line: Piece[] = [];
    for (const word of words(doc, paragraph, weight)) {
      if (line.length && lineWidth(doc, tidy([...line, ...word])) > width) {
        lines.push(line);
        line = [];
      }
      if (!line.length && lineWidth(doc, tidy(word)) > width) {
        const parts = breakWord(doc, word, width);
        lines.push(...parts.slice(0, -1));
        line = parts.at(-1) ?? [];
      } else line.push(...word);
    }
    lines.push(line);
  }
  return lines;
}

/** The last line that fits, cut short with the ellipsis after it, as pdfkit does. */
function withEllipsis(doc: Doc, line: Piece[], width: number, mark: Piece): Piece[] {
  const pieces = tidy(line);
  while (pieces.length && lineWidth(doc, [...pieces, mark]) > width) {
    const last = pieces.at(-1) as Piece;
    const cut = [...graphemes.segment(last.text)].slice(0, -1).map((g) => g.segment);
    last.text = cut.join('').trimEnd();
    if (!last.text) pieces.pop();
  }
  return lineWidth(doc, [...pieces, mark]) <= width ? [...pieces, mark] : pieces;
}

/** The lines a text takes in a box, cut to its height (with the ellipsis when asked). */
function layout(doc: Doc, text: string, o: PdfTextOptions, width: number): Line[] {
  let lines = wrap(doc, text, o.font, width);
  const lineHeight = doc.font(o.font).currentLineHeight(true);
  const gap = o.lineGap ?? 0;
  if (o.height != null) {
    const fits = Math.max(1, Math.floor((o.height - lineHeight) / (lineHeight + gap)) + 1);
    if (lines.length > fits) {
      const ellipsis = o.ellipsis === true ? '…' : o.ellipsis || '';
      const last = lines[fits - 1] ?? [];
      lines = [
        ...lines.slice(0, fits - 1),
        ellipsis ? withEllipsis(doc, last, width, { font: o.font, text: ellipsis }) : last,
      ];
    }
  }
  return lines.map((l) => {
    const pieces = tidy(l);
    return { pieces, width: lineWidth(doc, pieces) };
  });
}

/** The width a text gets: as pdfkit gives it, to the right margin when not given. */
const boxWidth = (doc: Doc, x: number, o: PdfTextOptions) =>
  o.width ?? doc.page.width - x - doc.page.margins.right;

/** Draws a text at (x, y) or where the flow is, and moves the flow below it, as pdfkit's `text` does. */
export function pdfText(doc: Doc, text: string, options: PdfTextOptions): Doc {
  const { font, size, x, y, ...rest } = options;
  doc.font(font).fontSize(size);
  if (!hasIndicText(text))
    return x === undefined && y === undefined ? doc.text(text, rest) : doc.text(text, x, y, rest);
  const left = x ?? doc.x;
  const top = y ?? doc.y;
  const width = boxWidth(doc, left, options);
  const lines = layout(doc, text, options, width);
  const step = doc.font(font).currentLineHeight(true) + (options.lineGap ?? 0);
  const ascent = (baseAscender(font) / 1000) * size;
  lines.forEach((line, i) => {
    const free = width - line.width;
    let at = left + (options.align === 'right' ? free : options.align === 'center' ? free / 2 : 0);
    for (const p of line.pieces) {
      doc
        .font(p.font)
        .text(p.text, at, top + i * step + ascent, { lineBreak: false, baseline: 'alphabetic' });
      at += doc.widthOfString(p.text);
    }
  });
  doc.font(font);
  doc.x = left;
  doc.y = top + lines.length * step;
  return doc;
}

/** The height `pdfText` takes for a text with these options. */
export function pdfTextHeight(doc: Doc, text: string, options: PdfTextOptions): number {
  const { font, size, x, y, ...rest } = options;
  doc.font(font).fontSize(size);
  if (!hasIndicText(text)) return doc.heightOfString(text, rest);
  const lines = layout(doc, text, options, boxWidth(doc, x ?? doc.x, options));
  return lines.length * (doc.font(font).currentLineHeight(true) + (options.lineGap ?? 0));
}

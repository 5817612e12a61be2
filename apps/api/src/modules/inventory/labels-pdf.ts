import { isCode128Printable, isValidEan13, LABELS_PER_SHEET } from '@haat/contracts';
import type { toSVG as ToSvg } from 'bwip-js/node';
import { newPdf, pdfPrice, pdfText } from '../../lib/pdf.ts';

/** One label's content: the product, its variant ("M / Blue") if any, the price and the code to draw. */
export interface LabelItem {
  name: string;
  variant: string | null;
  barcode: string;
  pricePaise: number;
}

const MM = 72 / 25.4;

/**
 * The sheet: A4 (595.28 x 841.89 pt), 3 x 8 labels of 63.5 x 33.9 mm, 2.5 mm between columns, margins 7.2 mm at
 * the sides and 12.9 mm at top and bottom (the common 24-per-sheet stock, L7159 / J8159). Labels print without
 * borders; a thin guide line would be cut through on misfed stock.
 */
const SHEET = {
  columns: 3,
  rows: 8,
  width: 63.5 * MM,
  height: 33.9 * MM,
  left: 7.25 * MM,
  top: 12.9 * MM,
  gapX: 2.5 * MM,
  pad: 3 * MM,
};

/** A barcode drawn by bwip-js as SVG paths, and its size, in bwip-js's units (`scale` to a module). */
interface Drawn {
  width: number;
  height: number;
  /** Units per module in the rendering (bwip-js scale). */
  scale: number;
  paths: { d: string; stroke: number | null }[];
}

const RENDER_SCALE = 2;
/** 0.33 mm: EAN-13 at 100 % magnification; Code 128 narrows to fit, never below 0.19 mm (2 dots at 300 dpi). */
const NOMINAL_MODULE = 0.33 * MM;
const MIN_MODULE = 0.19 * MM;
/** Code 128's quiet zone each side, in modules (EAN-13's is inside bwip-js's drawing, with the > mark). */
const CODE128_QUIET = 10;

function parseSvg(svg: string, scale: number): Drawn {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const paths = [...svg.matchAll(/<path ([^>]*)\/>/g)].map((m) => {
    const attrs = m[1] ?? '';
    const stroke = /stroke-width="([\d.]+)"/.exec(attrs)?.[1];
    return { d: /\sd="([^"]*)"/.exec(` ${attrs}`)?.[1] ?? '', stroke: stroke ? Number(stroke) : null };
  });
  return { width: Number(box?.[1] ?? 0), height: Number(box?.[2] ?? 0), scale, paths };
}

/** bwip-js's rendering of a code, for `barPt` tall bars at `module` pt per module. */
function render(toSVG: typeof ToSvg, code: string, ean: boolean, barPt: number, module: number): Drawn {
  // bwip-js takes the bar height in mm at 72 units an inch, a unit being 1/RENDER_SCALE of a module here.
  const height = barPt / module / MM;
  const svg = toSVG(
    ean
      ? { bcid: 'ean13', text: code, scale: RENDER_SCALE, height, includetext: true, guardwhitespace: true }
      : { bcid: 'code128', text: code, scale: RENDER_SCALE, height },
  );
  return parseSvg(svg, RENDER_SCALE);
}

/** A code placed on a label: its symbol and the module it prints at. */
interface Placed {
  symbol: Drawn;
  module: number;
  ean: boolean;
}

/**
 * EAN-13 with its digits (bwip-js lays them out under the bars as the standard does, with the > quiet-zone mark)
 * when the code is a valid EAN-13, at 100 % magnification. Otherwise Code 128, narrowed to fit the label with its
 * 10-module quiet zones, its text written below in the body font. Null when it cannot print scannably: characters
 * a scanner cannot type back, or too long for the label at the narrowest module.
 */
function place(toSVG: typeof ToSvg, code: string, barPt: number): Placed | null {
  if (isValidEan13(code))
    return { symbol: render(toSVG, code, true, barPt, NOMINAL_MODULE), module: NOMINAL_MODULE, ean: true };
  if (!isCode128Printable(code)) return null;
  const modules = render(toSVG, code, false, barPt, NOMINAL_MODULE).width / RENDER_SCALE;
  const module = Math.min(
    NOMINAL_MODULE,
    (SHEET.width - SHEET.pad * 2) / modules,
    (SHEET.width - 2 * MM) / (modules + CODE128_QUIET * 2),
  );
  if (module < MIN_MODULE) return null;
  return { symbol: render(toSVG, code, false, barPt, module), module, ean: false };
}

/** Draws a symbol with its top-left at (x, y). */
function drawSymbol(doc: PDFKit.PDFDocument, p: Placed, x: number, y: number) {
  doc.save();
  doc.translate(x, y).scale(p.module / p.symbol.scale);
  for (const path of p.symbol.paths) {
    if (path.stroke === null) doc.path(path.d).fill('#000');
    else doc.path(path.d).lineWidth(path.stroke).lineCap('butt').stroke('#000');
  }
  doc.restore();
}

/** One label with its top-left corner at (x, y): name and variant, price, the barcode at the bottom. */
function label(doc: PDFKit.PDFDocument, item: LabelItem, code: Placed | null, x: number, y: number) {
  const inner = SHEET.width - SHEET.pad * 2;
  const left = x + SHEET.pad;
  const top = y + 2.2 * MM;
  const price = pdfPrice(item.pricePaise);
  doc.fillColor('#000').font('bold').fontSize(11);
  const priceWidth = doc.widthOfString(price);
  doc.text(price, left + inner - priceWidth, top, { lineBreak: false });
  const textWidth = inner - priceWidth - 6;
  const lineHeight = 9;
  const nameLines = item.variant ? 1 : 2;
  pdfText(doc, item.name, {
    font: 'bold',
    size: 7.5,
    x: left,
    y: top,
    width: textWidth,
    height: nameLines * lineHeight,
    ellipsis: true,
    lineGap: 0,
  });
  if (item.variant) {
    const at = { x: left, y: top + lineHeight, width: textWidth, height: lineHeight, ellipsis: true };
    pdfText(doc, item.variant, { font: 'body', size: 7.5, ...at });
  }
  const bottom = y + SHEET.height - 2 * MM;
  doc.font('body').fontSize(7.5);
  if (!code) {
    doc.text(item.barcode, left, bottom - 9, { width: inner, height: 9, ellipsis: true, align: 'center' });
    return;
  }
  const width = (code.symbol.width / code.symbol.scale) * code.module;
  const height = (code.symbol.height / code.symbol.scale) * code.module;
  const below = code.ean ? 0 : 9;
  drawSymbol(doc, code, x + (SHEET.width - width) / 2, bottom - below - height);
  if (!code.ean)
    doc.text(item.barcode, left, bottom - 8, { width: inner, height: 9, ellipsis: true, align: 'center' });
}

/**
 * A4 sheets of labels: `copies` of each item in turn, left to right and top to bottom, a new page every 24.
 * Each item's symbol is drawn once by bwip-js and placed on each of its labels as vectors.
 */
export async function labelsPdf(
  title: string,
  items: LabelItem[],
  copies = LABELS_PER_SHEET,
): Promise<Buffer> {
  // bwip-js (2.2 MB of code) loads with the first sheet of labels, not with the server (issue 18's cold start).
  const { toSVG } = await import('bwip-js/node');
  const { doc, bytes } = await newPdf(title);
  // Bars 15 mm tall (EAN-13's nominal is 22.85 mm; shelf and tag labels print them shorter, as here).
  const barPt = 15 * MM;
  let slot = 0;
  for (const item of items) {
    const code = place(toSVG, item.barcode, barPt);
    for (let c = 0; c < copies; c++, slot++) {
      const at = slot % LABELS_PER_SHEET;
      if (at === 0) doc.addPage({ size: 'A4', margin: 0 });
      const col = at % SHEET.columns;
      const row = Math.floor(at / SHEET.columns);
      label(doc, item, code, SHEET.left + col * (SHEET.width + SHEET.gapX), SHEET.top + row * SHEET.height);
    }
  }
  doc.end();
  return bytes;
}

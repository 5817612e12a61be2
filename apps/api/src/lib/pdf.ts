import { existsSync, readFileSync } from 'node:fs';
import type * as Fontkit from 'fontkit';
import type PdfDocument from 'pdfkit';

/*
 * What every printout shares (packing slips, invoices, credit notes): A4 pages, fonts and rupee amounts. DejaVu
 * Sans (Debian's fonts-dejavu-core) carries ₹ and most Latin scripts; without it the built-in Helvetica is used and
 * amounts read "Rs.".
 */
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const hasDejaVu = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
/**
 * DejaVu parsed once per process, not for every document: pdfkit takes an already parsed fontkit font in place of
 * a file, and parsing the two files was three quarters of an invoice's CPU time (28 ms of CPU a page, 7 ms with the
 * fonts parsed once; issue 13 wants an invoice in <= 100 ms). A parsed font is only read when laid out.
 */
let parsed: { body: Fontkit.Font; bold: Fontkit.Font } | null = null;
const dejaVu = (fontkit: typeof Fontkit) => {
  parsed ??= { body: fontkit.create(readFileSync(DEJAVU)), bold: fontkit.create(readFileSync(DEJAVU_BOLD)) };
  return parsed;
};

/**
 * pdfkit and fontkit (1.7 MB of code with brotli and their tables) load with the first printout, not with the
 * server: a start that does not print does not pay for them (issue 18's cold start). `warmPdf` loads them ahead,
 * once the server listens, so the first invoice is as quick as the next.
 */
let libraries: Promise<{ PDFDocument: typeof PdfDocument; fontkit: typeof Fontkit }> | null = null;
const pdfLibraries = () =>
  (libraries ??= Promise.all([import('pdfkit'), import('fontkit')]).then(([pdfkit, fontkit]) => ({
    PDFDocument: pdfkit.default,
    fontkit,
  })));
export const warmPdf = async () => {
  const { fontkit } = await pdfLibraries();
  if (hasDejaVu) dejaVu(fontkit);
};

const rupeeSign = hasDejaVu ? '₹' : 'Rs. ';

export const PDF_MARGIN = 48;

/** Paise as rupees with paise, Indian grouping: ₹1,23,456.50. */
export const pdfRupees = (paise: number) =>
  `${paise < 0 ? '−' : ''}${rupeeSign}${(Math.abs(paise) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

/** A price as a label prints it: whole rupees without paise, Indian grouping: ₹1,299 or ₹1,299.50. */
export const pdfPrice = (paise: number) =>
  `${rupeeSign}${(paise / 100).toLocaleString('en-IN', {
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;

export const pdfDate = (iso: string | Date) =>
  new Date(iso).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** A new A4 document with the 'body' and 'bold' fonts registered, and a promise of its bytes once ended. */
export async function newPdf(title: string) {
  const { PDFDocument, fontkit } = await pdfLibraries();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    autoFirstPage: false,
    info: { Title: title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // @types/pdfkit names only paths and bytes; pdfkit also takes a parsed font (anything with layout()).
  type FontSource = Parameters<typeof doc.registerFont>[1];
  doc.registerFont('body', hasDejaVu ? (dejaVu(fontkit).body as unknown as FontSource) : 'Helvetica');
  doc.registerFont('bold', hasDejaVu ? (dejaVu(fontkit).bold as unknown as FontSource) : 'Helvetica-Bold');
  return { doc, bytes };
}

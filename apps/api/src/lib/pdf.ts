import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/*
 * What every printout shares (packing slips, invoices, credit notes): A4 pages, fonts and rupee amounts. DejaVu
 * Sans (Debian's fonts-dejavu-core) carries ₹ and most Latin scripts; without it the built-in Helvetica is used and
 * amounts read "Rs.".
 */
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const hasDejaVu = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
const rupeeSign = hasDejaVu ? '₹' : 'Rs. ';

export const PDF_MARGIN = 48;

/** Paise as rupees with paise, Indian grouping: ₹1,23,456.50. */
export const pdfRupees = (paise: number) =>
  `${paise < 0 ? '−' : ''}${rupeeSign}${(Math.abs(paise) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
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
export function newPdf(title: string) {
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
  doc.registerFont('body', hasDejaVu ? DEJAVU : 'Helvetica');
  doc.registerFont('bold', hasDejaVu ? DEJAVU_BOLD : 'Helvetica-Bold');
  return { doc, bytes };
}

import { baseFont, hasDejaVu, type IndicScript, indicFont, pdfLibraries } from './pdf-fonts.ts';

/*
 * What every printout shares (packing slips, invoices, credit notes, labels): A4 pages, fonts, rupee amounts and
 * text in any of India's scripts (`pdfText`, lib/pdf-text.ts; the fonts are in lib/pdf-fonts.ts).
 */
export { hasIndicText, type PdfTextOptions, pdfText, pdfTextHeight } from './pdf-text.ts';

/**
 * pdfkit and fontkit load with the first printout, not with the server: a start that does not print does not pay
 * for them (issue 18's cold start). `warmPdf` loads them and parses DejaVu ahead, once the server listens, then
 * each Indian script's fonts, shaping a word in each (a script's first word costs tens of milliseconds, its
 * tables read then), one script at a time between other work, so the first invoice is as quick as the next.
 */
export const warmPdf = async () => {
  await pdfLibraries();
  baseFont('body');
  baseFont('bold');
  for (const [script, word] of Object.entries(SAMPLES) as [IndicScript, string][]) {
    await new Promise((resolve) => setImmediate(resolve));
    indicFont(script, 'body').layout(word);
    indicFont(script, 'bold').layout(word);
  }
};
/** A word with a conjunct or a vowel sign in each script, for the shaper to read its tables on. */
const SAMPLES: Record<IndicScript, string> = {
  devanagari: 'क्षत्रिय',
  bengali: 'ক্ষত্রিয়',
  gurmukhi: 'ਪੰਜਾਬੀ',
  gujarati: 'ક્ષત્રિય',
  tamil: 'தமிழ்',
  telugu: 'క్షత్రియ',
  kannada: 'ಕನ್ನಡ',
  malayalam: 'ക്ഷത്രിയ',
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
  const { PDFDocument } = await pdfLibraries();
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
  doc.registerFont('body', (baseFont('body') as unknown as FontSource | null) ?? 'Helvetica');
  doc.registerFont('bold', (baseFont('bold') as unknown as FontSource | null) ?? 'Helvetica-Bold');
  return { doc, bytes };
}

import { formatPhone } from '@haat/contracts';
import { pdfDate as day, PDF_MARGIN as MARGIN, newPdf, pdfRupees, pdfText } from '../../lib/pdf.ts';
import type { EntryRow } from './customers.repository.ts';

/*
 * A customer's khata statement for a period (issue 38): the opening balance, each sale and payment with the running
 * balance after it, and the closing balance. Amounts are the entries' own (paise); the running balance is each
 * entry's balance after it, so the statement agrees with the khata line by line.
 */

export interface StatementInput {
  shop: { name: string; address: string[] };
  customer: { name: string; phone: string };
  period: { from: string; to: string };
  openingPaise: number;
  entries: EntryRow[];
  closingPaise: number;
}

const COL = { date: MARGIN, what: 130, debit: 330, credit: 410, balance: 480 };
const RIGHT = { width: 70, align: 'right' } as const;

function describe(e: EntryRow) {
  if (e.kind === 'SALE') return `Sale ORD-${e.orderNumber ?? ''}`.trim();
  const how = e.method ? ` (${e.method}${e.reference ? ` ${e.reference}` : ''})` : '';
  return `${e.kind === 'PAYMENT' ? 'Payment received' : 'Return'}${how}`;
}

function header(doc: PDFKit.PDFDocument, s: StatementInput) {
  const width = doc.page.width - MARGIN * 2;
  pdfText(doc, s.shop.name, { font: 'bold', size: 18, x: MARGIN, y: MARGIN, width: width * 0.6 });
  doc.fillColor('#444');
  pdfText(doc, s.shop.address.join('\n'), { font: 'body', size: 9, width: width * 0.6 });
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#000')
    .text('KHATA STATEMENT', MARGIN, MARGIN, { width, align: 'right' });
  doc
    .font('body')
    .fontSize(10)
    .text(`${day(`${s.period.from}T00:00:00+05:30`)} to ${day(`${s.period.to}T00:00:00+05:30`)}`, {
      width,
      align: 'right',
    });
  doc.moveDown(3);
  pdfText(doc, s.customer.name, { font: 'bold', size: 12, x: MARGIN });
  doc.font('body').fontSize(10).text(formatPhone(s.customer.phone), MARGIN);
  doc.moveDown(1.5);
}

function row(doc: PDFKit.PDFDocument, y: number, cells: string[], font: 'body' | 'bold') {
  const [date, what, debit, credit, balance] = cells;
  doc.font(font).fontSize(10);
  doc.text(date ?? '', COL.date, y, { width: 80 });
  doc.text(what ?? '', COL.what, y, { width: 195 });
  doc.text(debit ?? '', COL.debit, y, RIGHT);
  doc.text(credit ?? '', COL.credit, y, RIGHT);
  doc.text(balance ?? '', COL.balance, y, RIGHT);
}

/** The statement as PDF bytes. */
export async function statementPdf(s: StatementInput): Promise<Buffer> {
  const { doc, bytes } = await newPdf(`Khata statement ${s.customer.name}`);
  doc.addPage();
  header(doc, s);
  let y = doc.y;
  doc.fillColor('#666');
  row(doc, y, ['DATE', 'DETAILS', 'SALE', 'PAID', 'BALANCE'], 'bold');
  doc.fillColor('#000');
  y += 18;
  row(
    doc,
    y,
    [day(`${s.period.from}T00:00:00+05:30`), 'Opening balance', '', '', pdfRupees(s.openingPaise)],
    'bold',
  );
  y += 18;
  for (const e of s.entries) {
    if (y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
    }
    const sale = e.amountPaise > 0 ? pdfRupees(e.amountPaise) : '';
    const paid = e.amountPaise < 0 ? pdfRupees(-e.amountPaise) : '';
    row(doc, y, [day(e.createdAt), describe(e), sale, paid, pdfRupees(e.balanceAfterPaise)], 'body');
    y += 16;
  }
  y += 6;
  row(
    doc,
    y,
    [day(`${s.period.to}T00:00:00+05:30`), 'Closing balance', '', '', pdfRupees(s.closingPaise)],
    'bold',
  );
  y += 24;
  doc.font('body').fontSize(9).fillColor('#444');
  doc.text(
    s.closingPaise > 0
      ? `${pdfRupees(s.closingPaise)} is due to ${s.shop.name}.`
      : s.closingPaise < 0
        ? `${pdfRupees(-s.closingPaise)} is held as an advance.`
        : 'Nothing is due.',
    MARGIN,
    y,
  );
  doc.end();
  return bytes;
}

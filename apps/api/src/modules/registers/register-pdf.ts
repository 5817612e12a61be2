import { differenceText, type RegisterReport, registerFigureLines, rupeesToPaise } from '@haat/contracts';
import { PDF_MARGIN as MARGIN, newPdf, pdfDate, pdfRupees, pdfText } from '../../lib/pdf.ts';

/*
 * A register's closing report as PDF (issue 38): the shop, the register and its cashier, each figure of the
 * expected cash with how many rows made it, the count and the difference, and the cash movements with reasons.
 */

const inr = (rupees: number) => pdfRupees(rupeesToPaise(rupees));
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
const when = (iso: string) => `${pdfDate(iso)} ${time(iso)}`;

type Doc = PDFKit.PDFDocument;

function row(doc: Doc, label: string, value: string, { bold = false, color = '#000' } = {}) {
  const width = doc.page.width - MARGIN * 2;
  const y = doc.y;
  doc.fillColor('#000');
  pdfText(doc, label, { font: bold ? 'bold' : 'body', size: 11, x: MARGIN, y, width: width - 140 });
  const below = doc.y;
  doc
    .font(bold ? 'bold' : 'body')
    .fontSize(11)
    .fillColor(color)
    .text(value, MARGIN, y, { width, align: 'right' });
  doc.fillColor('#000');
  doc.y = Math.max(below, doc.y) + 3;
}

function rule(doc: Doc) {
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor('#bbb')
    .stroke();
  doc.y = y + 6;
}

function heading(doc: Doc, r: RegisterReport) {
  const s = r.session;
  const width = doc.page.width - MARGIN * 2;
  pdfText(doc, r.shop_name, { font: 'bold', size: 18, x: MARGIN, y: MARGIN, width });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('#000')
    .text(`Register closing report: ${s.register_name}`, { width });
  doc.font('body').fontSize(10).fillColor('#444');
  pdfText(doc, `Cashier: ${s.cashier_name}`, { font: 'body', size: 10, width });
  doc.text(`Opened ${when(s.opened_at)}${s.closed_at ? ` · Closed ${when(s.closed_at)}` : ' · Still open'}`);
  if (s.closed_by_name && s.closed_by_name !== s.cashier_name)
    pdfText(doc, `Closed by ${s.closed_by_name}`, { font: 'body', size: 10, width });
  doc.fillColor('#000').moveDown(1);
}

function figures(doc: Doc, r: RegisterReport) {
  const f = r.figures;
  if (!f) return;
  row(doc, 'Opening float', inr(f.opening_float));
  for (const l of registerFigureLines(f)) {
    row(doc, `${l.sign} ${l.label} (${l.count})`, `${l.sign === '−' ? '−' : ''}${inr(l.amount)}`);
  }
  rule(doc);
  const expected = r.session.expected ?? f.expected;
  row(doc, 'Expected cash', inr(expected), { bold: true });
  if (r.session.counted !== null) row(doc, 'Counted cash', inr(r.session.counted), { bold: true });
  const d = r.session.difference;
  if (d !== null)
    row(doc, 'Difference', differenceText(d, inr), {
      bold: true,
      color: d < 0 ? '#b91c1c' : d > 0 ? '#15803d' : '#000',
    });
  if (r.session.close_note) {
    doc.moveDown(0.5);
    pdfText(doc, `Note: ${r.session.close_note}`, {
      font: 'body',
      size: 10,
      x: MARGIN,
      width: doc.page.width - MARGIN * 2,
    });
  }
  doc.moveDown(1);
}

function movements(doc: Doc, r: RegisterReport) {
  if (!r.movements.length) return;
  doc.font('bold').fontSize(12).text('Cash in and out', MARGIN);
  doc.moveDown(0.3);
  for (const m of r.movements) {
    const by = m.created_by_name ? ` · ${m.created_by_name}` : '';
    row(
      doc,
      `${time(m.created_at)} ${m.kind === 'IN' ? 'In' : 'Out'}: ${m.reason}${by}`,
      `${m.kind === 'OUT' ? '−' : ''}${inr(m.amount)}`,
    );
  }
}

/** The closing report's PDF bytes (A4). */
export async function registerReportPdf(r: RegisterReport) {
  const { doc, bytes } = await newPdf(`${r.session.register_name} closing report`);
  doc.addPage();
  heading(doc, r);
  figures(doc, r);
  movements(doc, r);
  doc.end();
  return bytes;
}

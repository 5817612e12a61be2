import { type PurchaseOrderDetail, rupeesToPaise, type SupplierStatement } from '@haat/contracts';
import { pdfRupees as inr, PDF_MARGIN as M, newPdf, pdfDate, pdfText } from '../../lib/pdf.ts';

/* A purchase order to send to its supplier, and a supplier's statement, as A4 PDFs (pdfkit, lib/pdf.ts). */

type Doc = PDFKit.PDFDocument;
export interface ShopHead {
  name: string;
  legalName: string | null;
  gstin: string | null;
  address: string[];
}
interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

const money = (rupees: number) => inr(rupeesToPaise(rupees));

/** The shop (left) and the title with its number and date (right). */
function head(doc: Doc, shop: ShopHead, title: string, right: string[]) {
  const width = doc.page.width - M * 2;
  doc.fillColor('#000');
  pdfText(doc, shop.legalName ?? shop.name, { font: 'bold', size: 15, x: M, y: M, width: width * 0.58 });
  const body = { font: 'body', size: 9, width: width * 0.58 } as const;
  if (shop.legalName && shop.legalName !== shop.name) pdfText(doc, `Trading as ${shop.name}`, body);
  if (shop.address.length) pdfText(doc, shop.address.join('\n'), body);
  if (shop.gstin) doc.font('bold').fontSize(9).text(`GSTIN: ${shop.gstin}`);
  const bottom = doc.y;
  doc.font('bold').fontSize(14).text(title, M, M, { width, align: 'right' });
  doc.font('body').fontSize(10);
  for (const line of right) doc.text(line, { width, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 16;
}

function party(doc: Doc, label: string, s: PurchaseOrderDetail['supplier']) {
  doc.font('bold').fontSize(9).fillColor('#666').text(label, M);
  doc.fillColor('#000');
  pdfText(doc, s.company_name, { font: 'bold', size: 11, x: M, width: 300 });
  pdfText(doc, s.supplier_name, { font: 'body', size: 10, x: M, width: 300 });
  doc.text(`Phone: ${s.supplier_contact}`, M);
  if (s.gst_number) doc.font('bold').text(`GSTIN: ${s.gst_number}`, M);
  doc.moveDown(1);
}

/** A table: a header row, then rows of text (names wrap), a new page when one runs out. */
function table(doc: Doc, columns: Column[], rows: string[][]) {
  const row = (cells: string[], font: 'body' | 'bold') => {
    if (doc.y > doc.page.height - M - 60) doc.addPage();
    const top = doc.y;
    let x = M;
    let bottom = top;
    cells.forEach((c, i) => {
      const col: Column = columns[i] ?? { title: '', width: 60 };
      pdfText(doc, c, { font, size: 8.5, x, y: top, width: col.width - 6, align: col.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.y = bottom + 4;
    doc
      .moveTo(M, doc.y - 2)
      .lineTo(doc.page.width - M, doc.y - 2)
      .strokeColor('#ddd')
      .lineWidth(0.5)
      .stroke();
  };
  row(
    columns.map((c) => c.title),
    'bold',
  );
  for (const r of rows) row(r, 'body');
}

function totals(doc: Doc, pairs: [string, string][]) {
  const width = doc.page.width - M * 2;
  doc.moveDown(0.5);
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc
      .font('body')
      .fontSize(10)
      .text(label, M + width - 360, y, { width: 250, align: 'right' });
    doc.font('bold').text(value, M + width - 100, y, { width: 100, align: 'right' });
  }
}

/** The purchase order as the supplier reads it: both parties with GSTINs, lines with HSN and GST, totals. */
export async function purchaseOrderPdf(o: PurchaseOrderDetail, shop: ShopHead) {
  const { doc, bytes } = await newPdf(`Purchase order ${o.number}`);
  doc.addPage();
  const dates = [`No. ${o.number}`, `Date ${pdfDate(o.created_at)}`];
  if (o.expected_on) dates.push(`Deliver by ${pdfDate(o.expected_on)}`);
  head(doc, shop, 'PURCHASE ORDER', dates);
  party(doc, 'SUPPLIER', o.supplier);
  const cols: Column[] = [
    { title: '#', width: 20 },
    { title: 'Item', width: 160 },
    { title: 'HSN', width: 50 },
    { title: 'Qty', width: 35, align: 'right' },
    { title: 'Cost', width: 60, align: 'right' },
    { title: 'Taxable', width: 65, align: 'right' },
    { title: 'GST', width: 45, align: 'right' },
    { title: 'GST amt', width: 60, align: 'right' },
  ];
  table(
    doc,
    cols,
    o.lines.map((l, i) => [
      String(i + 1),
      `${l.name}${l.variant_label ? `, ${l.variant_label}` : ''}${l.sku ? ` (SKU ${l.sku})` : ''}`,
      l.hsn_code ?? '',
      String(l.quantity),
      money(l.unit_cost),
      money(l.taxable_amount),
      `${l.tax_percentage}%`,
      money(l.tax_amount),
    ]),
  );
  totals(doc, [
    ['Taxable value', money(o.taxable_amount)],
    ['GST', money(o.tax_amount)],
    ['Total', money(o.total)],
  ]);
  if (o.note) pdfText(doc, `Note: ${o.note}`, { font: 'body', size: 9, x: M, width: 400 });
  doc.end();
  return bytes;
}

/** A supplier's statement: the opening balance, bills and payments with the running balance, the closing one. */
export async function statementPdf(s: SupplierStatement, shop: ShopHead) {
  const { doc, bytes } = await newPdf(`Statement ${s.supplier.company_name}`);
  doc.addPage();
  head(doc, shop, 'SUPPLIER STATEMENT', [`${pdfDate(s.from)} to ${pdfDate(s.to)}`]);
  party(doc, 'SUPPLIER', s.supplier);
  const cols: Column[] = [
    { title: 'Date', width: 70 },
    { title: 'Particulars', width: 185 },
    { title: 'Bill', width: 80, align: 'right' },
    { title: 'Paid', width: 80, align: 'right' },
    { title: 'Balance', width: 84, align: 'right' },
  ];
  const rows = [
    [pdfDate(s.from), 'Opening balance', '', '', money(s.opening_balance)],
    ...s.entries.map((e) => [
      pdfDate(e.date),
      e.description,
      e.debit ? money(e.debit) : '',
      e.credit ? money(e.credit) : '',
      money(e.balance),
    ]),
  ];
  table(doc, cols, rows);
  totals(doc, [['Closing balance (owed to the supplier)', money(s.closing_balance)]]);
  doc.end();
  return bytes;
}

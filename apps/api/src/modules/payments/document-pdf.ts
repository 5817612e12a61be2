import { rupeesInWords, stateCode, type TaxDocumentSnapshot } from '@haat/contracts';
import { pdfRupees as inr, PDF_MARGIN as M, newPdf, pdfDate, pdfText, pdfTextHeight } from '../../lib/pdf.ts';

const TITLES: Record<TaxDocumentSnapshot['kind'], string> = {
  INVOICE: 'TAX INVOICE',
  BILL_OF_SUPPLY: 'BILL OF SUPPLY',
  CREDIT_NOTE: 'CREDIT NOTE',
};

type Doc = PDFKit.PDFDocument;

/** What the e-invoice portal returned for a B2B invoice, printed at the top right once entered (issue 39). */
export interface EinvoiceIrn {
  irn: string;
  ackNo: string;
  ackAt: Date;
  signedQr: string;
  /** The signed QR code as a PNG, drawn before the page (bwip-js is loaded only for such invoices). */
  qrPng?: Buffer;
}

const QR = 96;

function irnBlock(doc: Doc, e: EinvoiceIrn) {
  const right = doc.page.width - M;
  const top = doc.y + 6;
  if (e.qrPng) doc.image(e.qrPng, right - QR, top, { width: QR, height: QR });
  const w = (doc.page.width - M * 2) * 0.42 - QR - 8;
  const at = { width: w, align: 'right' as const };
  doc
    .font('bold')
    .fontSize(7)
    .fillColor('#000')
    .text('IRN', right - QR - 8 - w, top, at);
  // 64 characters in three lines, to fit beside the QR code.
  doc.font('body').text(e.irn.match(/.{1,22}/g)?.join('\n') ?? e.irn, at);
  doc.font('bold').text('Ack No', at).font('body').text(e.ackNo, at);
  const ackDate = e.ackAt.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  doc.font('bold').text('Ack Date', at).font('body').text(ackDate, at);
  doc.y = Math.max(doc.y, top + QR) + 4;
}

function parties(doc: Doc, s: TaxDocumentSnapshot, irn: EinvoiceIrn | null) {
  const width = doc.page.width - M * 2;
  doc.fillColor('#000');
  pdfText(doc, s.seller.legalName, { font: 'bold', size: 15, x: M, y: M, width: width * 0.58 });
  const seller = { font: 'body', size: 9, width: width * 0.58 } as const;
  if (s.seller.legalName !== s.seller.name) pdfText(doc, `Trading as ${s.seller.name}`, seller);
  doc.fillColor('#333');
  pdfText(doc, s.seller.address.join('\n'), seller);
  doc.text(`State: ${s.seller.state} (${s.seller.stateCode})`);
  if (s.seller.gstin) doc.font('bold').text(`GSTIN: ${s.seller.gstin}`);
  const right = { width, align: 'right' as const };
  doc.font('bold').fontSize(14).fillColor('#000').text(TITLES[s.kind], M, M, right);
  doc
    .font('body')
    .fontSize(10)
    .text(`No. ${s.number}`, right)
    .text(`Date ${pdfDate(s.issuedAt)}`, right);
  doc.text(`Order ${s.orderNumber}`, right);
  if (s.against) doc.text(`Against invoice ${s.against.number} of ${pdfDate(s.against.issuedAt)}`, right);
  if (irn) irnBlock(doc, irn);
  doc.y = Math.max(doc.y, 150);
  const top = doc.y + 10;
  // A separate billing address: bill to it, ship to the buyer's (shipping) address below it.
  const party = (title: string, p: { name: string; address: string[]; phone: string | null }) => {
    doc.font('bold').fontSize(9).fillColor('#666').text(title, M);
    doc.fillColor('#000');
    pdfText(doc, p.name, { font: 'bold', size: 11, x: M, width: width * 0.55 });
    pdfText(doc, p.address.join('\n'), { font: 'body', size: 10, x: M, width: width * 0.55 });
    if (p.phone) doc.text(`Phone: ${p.phone}`, M);
  };
  doc.y = top;
  party(s.billTo ? 'BILL TO' : 'BILL TO / SHIP TO', s.billTo ?? s.buyer);
  const buyerState = s.billTo?.state ?? s.buyer.state;
  doc.text(`State: ${buyerState} (${stateCode(buyerState)})`, M);
  if (s.buyer.gstin) doc.text(`GSTIN: ${s.buyer.gstin}`, M);
  if (s.billTo) {
    doc.moveDown(0.5);
    party('SHIP TO', s.buyer);
  }
  const bottom = doc.y;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('#666')
    .text('PLACE OF SUPPLY', M + width * 0.6, top);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#000')
    .text(`${s.placeOfSupply.state} (${s.placeOfSupply.code})`, M + width * 0.6);
  doc.y = Math.max(bottom, doc.y) + 14;
}

type Col = { k: string; w: number; t: string; a?: 'left' | 'right' };
type Line = TaxDocumentSnapshot['breakup']['lines'][number];
/** The table being drawn: its columns, its width and the top of its next row. */
type Table = { doc: Doc; cols: Col[]; width: number; y: number };

/**
 * The columns: a taxed document's with CGST and SGST (within the state) or IGST, a bill of supply's without tax;
 * the last one (Amount) takes the width the others leave.
 */
function columns(s: TaxDocumentSnapshot, width: number) {
  const cols: Col[] =
    s.kind !== 'BILL_OF_SUPPLY'
      ? [
          // An 8-digit HSN code and the "Discount" heading each fit on one line.
          { k: 'desc', w: 92, t: 'Description' },
          { k: 'hsn', w: 48, t: 'HSN/SAC' },
          { k: 'qty', w: 36, t: 'Qty', a: 'right' },
          { k: 'rate', w: 50, t: 'Rate', a: 'right' },
          { k: 'disc', w: 46, t: 'Discount', a: 'right' },
          { k: 'taxable', w: 56, t: 'Taxable value', a: 'right' },
          { k: 'pct', w: 24, t: 'GST %', a: 'right' },
          ...(s.breakup.intraState
            ? [
                { k: 'cgst', w: 46, t: 'CGST', a: 'right' } as const,
                { k: 'sgst', w: 46, t: 'SGST', a: 'right' } as const,
              ]
            : [{ k: 'igst', w: 92, t: 'IGST', a: 'right' } as const]),
          { k: 'total', w: 0, t: 'Amount', a: 'right' },
        ]
      : [
          { k: 'desc', w: 190, t: 'Description' },
          { k: 'hsn', w: 50, t: 'HSN/SAC' },
          { k: 'qty', w: 50, t: 'Qty', a: 'right' },
          { k: 'rate', w: 60, t: 'Rate', a: 'right' },
          { k: 'disc', w: 60, t: 'Discount', a: 'right' },
          { k: 'total', w: 0, t: 'Amount', a: 'right' },
        ];
  const last = cols.at(-1);
  if (last) last.w = width - cols.slice(0, -1).reduce((a, c) => a + c.w, 0);
  return cols;
}

/** Draws one row at the table's y, each cell in its column, and moves y below its tallest cell. */
function drawRow(t: Table, cells: Record<string, string>, font: 'body' | 'bold', size: number) {
  let x = M;
  let h = 0;
  for (const c of t.cols) {
    const text = cells[c.k] ?? '';
    const opts = { font, size, x, y: t.y, width: c.w - 6, align: c.a ?? 'left' };
    h = Math.max(h, pdfTextHeight(t.doc, text, opts));
    pdfText(t.doc, text, opts);
    x += c.w;
  }
  t.y += h + 6;
}

/** The grey rule under the header and under the last line. */
function rule(t: Table) {
  t.doc
    .moveTo(M, t.y - 2)
    .lineTo(M + t.width, t.y - 2)
    .strokeColor('#bbb')
    .stroke();
}

/** A line's cells, a dash where it has no HSN code, quantity, rate or discount. */
function lineCells(l: Line): Record<string, string> {
  // A snapshot issued before the rate column (issue 39) has no unitRatePaise: it prints without one.
  const rate = l.unitRatePaise ?? null;
  return {
    desc: l.name,
    hsn: l.hsn ?? '—',
    qty: l.quantity == null ? '—' : l.unit ? `${l.quantity} ${l.unit}` : String(l.quantity),
    rate: rate == null ? '—' : inr(rate),
    disc: l.discountPaise ? inr(l.discountPaise) : '—',
    taxable: inr(l.taxablePaise),
    pct: `${l.ratePercent}`,
    cgst: inr(l.cgstPaise),
    sgst: inr(l.sgstPaise),
    igst: inr(l.igstPaise),
    total: inr(l.taxablePaise + l.igstPaise + l.cgstPaise + l.sgstPaise),
  };
}

function table(doc: Doc, s: TaxDocumentSnapshot) {
  const width = doc.page.width - M * 2;
  const t: Table = { doc, cols: columns(s, width), width, y: doc.y };
  // The headings in grey, ruled off.
  doc.fillColor('#666');
  drawRow(t, Object.fromEntries(t.cols.map((c) => [c.k, c.t])), 'bold', 7.5);
  rule(t);
  // A row per line, on a new page when near the bottom.
  doc.fillColor('#000');
  for (const l of s.breakup.lines) {
    if (t.y > doc.page.height - 200) {
      doc.addPage();
      t.y = M;
    }
    drawRow(t, lineCells(l), 'body', 8);
  }
  rule(t);
  doc.y = t.y + 4;
}

function totals(doc: Doc, s: TaxDocumentSnapshot) {
  const b = s.breakup;
  const x = M + 290;
  const w = doc.page.width - M - x;
  const line = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body').fontSize(bold ? 11 : 10);
    doc.text(label, x, y, { width: w * 0.55 }).text(value, x, y, { width: w, align: 'right' });
  };
  if (s.kind !== 'BILL_OF_SUPPLY') {
    line('Taxable value', inr(b.taxablePaise));
    if (b.intraState) {
      line('CGST', inr(b.cgstPaise));
      line('SGST', inr(b.sgstPaise));
    } else line('IGST', inr(b.igstPaise));
  }
  if (b.roundOffPaise) line('Round off', inr(b.roundOffPaise));
  line(s.kind === 'CREDIT_NOTE' ? 'Total credited' : 'Total', inr(b.totalPaise), true);
  doc.moveDown(0.6);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#333')
    .text(rupeesInWords(b.totalPaise), M, doc.y, {
      width: doc.page.width - M * 2,
      align: 'right',
    });
  doc.moveDown(1.5).fillColor('#000');
  if (s.reason) pdfText(doc, `Reason: ${s.reason}`, { font: 'body', size: 10, x: M });
  if (s.kind === 'BILL_OF_SUPPLY') {
    doc.fontSize(9).text('The seller is not registered for GST: no tax is charged on this bill.', M);
  } else {
    doc.fontSize(9).text('Tax is not payable on reverse charge.', M);
    doc.text('Prices include GST; shipping billed with the goods is taxed at the rate of the goods.', M);
  }
  doc.text(`Payment: ${s.paymentMethod === 'COD' ? 'Cash on delivery' : s.paymentMethod}`, M);
  doc.moveDown(3);
  pdfText(doc, `For ${s.seller.legalName}`, {
    font: 'bold',
    size: 9,
    x: M,
    width: doc.page.width - M * 2,
    align: 'right',
  });
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#666')
    .text('This is a computer-generated document.', {
      width: doc.page.width - M * 2,
      align: 'right',
    });
}

/** The PDF of an issued document, drawn from its snapshot alone. */
export async function taxDocumentPdf(
  s: TaxDocumentSnapshot,
  irn: EinvoiceIrn | null = null,
): Promise<Buffer> {
  const { doc, bytes } = await newPdf(`${TITLES[s.kind]} ${s.number}`);
  if (irn) {
    const { toBuffer } = await import('bwip-js/node');
    // Error correction L (not in bwip-js's types): the longest signed QR the IRP returns still fits one symbol.
    const low = { eclevel: 'L' } as object;
    irn.qrPng = await toBuffer({ bcid: 'qrcode', text: irn.signedQr, scale: 2, ...low });
  }
  doc.addPage();
  parties(doc, s, irn);
  table(doc, s);
  totals(doc, s);
  doc.end();
  return bytes;
}

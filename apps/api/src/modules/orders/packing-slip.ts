import { type AdminOrderDetails, lineName } from '@haat/contracts';
import {
  pdfDate as day,
  PDF_MARGIN as MARGIN,
  newPdf,
  pdfRupees,
  pdfText,
  pdfTextHeight,
} from '../../lib/pdf.ts';

/** The shop as a packing slip names it: its name and address. */
export interface SlipShop {
  storeName: string;
  address: string[];
}

const inr = (rupees: number) => pdfRupees(Math.round(rupees * 100));

function header(doc: PDFKit.PDFDocument, shop: SlipShop, o: AdminOrderDetails) {
  const width = doc.page.width - MARGIN * 2;
  pdfText(doc, shop.storeName, { font: 'bold', size: 18, x: MARGIN, y: MARGIN, width: width * 0.6 });
  doc.fillColor('#444');
  pdfText(doc, shop.address.join('\n'), { font: 'body', size: 9, width: width * 0.6 });
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#000')
    .text('PACKING SLIP', MARGIN, MARGIN, { width, align: 'right' });
  doc
    .font('body')
    .fontSize(10)
    .text(o.order_number, { width, align: 'right' })
    .text(`Placed ${day(o.created_at)}`, { width, align: 'right' })
    .text(
      `${o.payment_method === 'COD' ? 'Cash on delivery' : 'UPI'} · ${o.payment_status === 'SUCCESS' ? 'Paid' : 'To collect'}`,
      {
        width,
        align: 'right',
      },
    );
  doc.moveDown(2);
}

function shipTo(doc: PDFKit.PDFDocument, o: AdminOrderDetails) {
  const a = o.shipping_address;
  const top = Math.max(doc.y, 150);
  doc.font('bold').fontSize(10).fillColor('#666').text('SHIP TO', MARGIN, top);
  const body = { font: 'body', size: 11, width: 330 - MARGIN - 12 } as const;
  doc.fillColor('#000');
  pdfText(doc, a.full_name, { ...body, font: 'bold', size: 12 });
  pdfText(doc, [a.address_line1, a.address_line2].filter(Boolean).join(', '), body);
  pdfText(doc, `${a.city}, ${a.state} ${a.postal_code}`, body);
  pdfText(doc, a.country, body);
  if (a.phone_number) pdfText(doc, `Phone: ${a.phone_number}`, body);
  doc.font('bold').fontSize(10).fillColor('#666').text('DELIVERY', 330, top);
  doc.fillColor('#000');
  pdfText(doc, `${o.delivery_type.name} (${o.delivery_type.estimated_time})`, {
    font: 'body',
    size: 11,
    x: 330,
  });
  if (o.carrier) pdfText(doc, `${o.carrier} ${o.trackingNumber ?? ''}`, { font: 'body', size: 11, x: 330 });
  doc.moveDown(2);
}

function items(doc: PDFKit.PDFDocument, o: AdminOrderDetails) {
  const x = { name: MARGIN, sku: 300, qty: 400, amount: 450 };
  const width = doc.page.width - MARGIN * 2;
  let y = Math.max(doc.y, 260);
  doc.font('bold').fontSize(10).fillColor('#666');
  doc.text('ITEM', x.name, y).text('SKU', x.sku, y).text('QTY', x.qty, y);
  doc.text('AMOUNT', x.amount, y, { width: doc.page.width - MARGIN - x.amount, align: 'right' });
  y += 16;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#ccc')
    .stroke();
  y += 8;
  doc.font('body').fontSize(11).fillColor('#000');
  for (const i of o.order_item) {
    const name = { font: 'body', size: 11, x: x.name, y, width: x.sku - x.name - 10 } as const;
    const sku = { font: 'body', size: 11, x: x.sku, y, width: x.qty - x.sku - 10 } as const;
    const text = lineName(i.product_name, i.variant);
    // The row is as tall as its taller cell: a long SKU wraps too.
    const h = Math.max(pdfTextHeight(doc, text, name), pdfTextHeight(doc, i.sku ?? '—', sku));
    pdfText(doc, text, name);
    pdfText(doc, i.sku ?? '—', sku);
    doc.text(String(i.quantity), x.qty, y);
    doc.text(inr(i.line_total), x.amount, y, { width: doc.page.width - MARGIN - x.amount, align: 'right' });
    y += Math.max(h, 14) + 8;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#ccc')
    .stroke();
  doc.y = y + 8;
}

function totals(doc: PDFKit.PDFDocument, o: AdminOrderDetails) {
  const rows: [string, string][] = [
    ['Subtotal', inr(o.subtotal)],
    ['Shipping', o.shipping_charge ? inr(o.shipping_charge) : 'Free'],
  ];
  if (o.discount) rows.push([`Discount${o.coupon_code ? ` (${o.coupon_code})` : ''}`, `−${inr(o.discount)}`]);
  rows.push([`GST included`, inr(o.tax)]);
  const labelX = 330;
  const w = doc.page.width - MARGIN - labelX;
  doc.font('body').fontSize(10);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.text(label, labelX, y).text(value, labelX, y, { width: w, align: 'right' });
  }
  const y = doc.y + 4;
  doc
    .font('bold')
    .fontSize(12)
    .text('Total', labelX, y)
    .text(inr(o.total_amount), labelX, y, { width: w, align: 'right' });
  if (o.payment_method === 'COD' && o.payment_status !== 'SUCCESS') {
    doc
      .moveDown(0.5)
      .font('bold')
      .fontSize(11)
      .text(`Collect ${inr(o.total_amount)} in cash`, labelX, doc.y, { width: w, align: 'right' });
  }
  if (o.customer_note) {
    doc.moveDown(2).font('bold').fontSize(10).fillColor('#666').text('NOTE', MARGIN);
    doc.fillColor('#000');
    pdfText(doc, o.customer_note, { font: 'body', size: 11, x: MARGIN });
  }
}

/** Packing slips, one page per order: the shop, where it goes, what to pack and what to collect. */
export async function packingSlipsPdf(shop: SlipShop, orders: AdminOrderDetails[]): Promise<Buffer> {
  const { doc, bytes } = await newPdf('Packing slips');
  for (const o of orders) {
    doc.addPage();
    header(doc, shop, o);
    shipTo(doc, o);
    items(doc, o);
    totals(doc, o);
  }
  doc.end();
  return bytes;
}

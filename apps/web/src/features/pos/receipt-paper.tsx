import { formatAmount, formatDateTime } from '../../lib/format.ts';
import type { PosSale } from './pos-api.ts';

const PAID: Record<PosSale['payment']['method'], string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  CREDIT: 'Khata (unpaid)',
};

/** The receipt as it prints: shop, bill number, items, totals with the GST included, how it was paid. */
export function ReceiptPaper({ sale }: { sale: PosSale }) {
  const kind = sale.invoice_kind === 'BILL_OF_SUPPLY' ? 'Bill of supply' : 'Tax invoice';
  return (
    <div
      id="pos-receipt"
      className="mx-auto w-full max-w-[72mm] font-mono text-[12px] leading-snug text-slate-900"
    >
      <div className="text-center">
        <p className="text-[14px] font-bold">{sale.shop.name}</p>
        {sale.shop.legal_name && sale.shop.legal_name !== sale.shop.name ? (
          <p>{sale.shop.legal_name}</p>
        ) : null}
        {sale.shop.address.map((l) => (
          <p key={l}>{l}</p>
        ))}
        {sale.shop.phone ? <p>Phone {sale.shop.phone}</p> : null}
        {sale.shop.gstin ? <p>GSTIN {sale.shop.gstin}</p> : null}
      </div>
      <hr className="my-2 border-dashed border-slate-400" />
      {/* A sale made offline has one number, the counter's: its bill and its invoice (issue 43). */}
      <p className="flex justify-between gap-2">
        <span>
          {sale.invoice_number === sale.order_number
            ? `${kind} ${sale.order_number}`
            : `Bill ${sale.order_number}`}
        </span>
        <span>{formatDateTime(sale.created_at)}</span>
      </p>
      {sale.invoice_number && sale.invoice_number !== sale.order_number ? (
        <p>
          {kind} {sale.invoice_number}
        </p>
      ) : null}
      <p>
        Customer: {sale.customer.name}, {sale.customer.phone}
      </p>
      {sale.customer.gst_number ? <p>Buyer GSTIN {sale.customer.gst_number}</p> : null}
      {sale.cashier ? <p>Cashier: {sale.cashier}</p> : null}
      <hr className="my-2 border-dashed border-slate-400" />
      <ReceiptItems items={sale.items} />
      <hr className="my-2 border-dashed border-slate-400" />
      <ReceiptTotals sale={sale} />
      <hr className="my-2 border-dashed border-slate-400" />
      <p className="text-center">Thank you for shopping with us!</p>
    </div>
  );
}

function ReceiptItems({ items }: { items: PosSale['items'] }) {
  return (
    <table className="w-full">
      <thead>
        <tr className="text-left">
          <th className="font-semibold">Item</th>
          <th className="px-1 text-right font-semibold">Qty</th>
          <th className="text-right font-semibold">Amount</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={`${i.product_id}-${i.variant_id ?? ''}`} className="align-top">
            <td className="pr-1">
              {i.name}
              {i.variant_label ? ` (${i.variant_label})` : ''}
              <br />
              <span className="text-slate-600">
                @ {formatAmount(i.unit_price)} · GST {i.tax_percentage}%
              </span>
            </td>
            <td className="px-1 text-right tabular-nums">{i.quantity}</td>
            <td className="text-right tabular-nums">{formatAmount(i.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The totals with the GST included, and how it was paid. */
function ReceiptTotals({ sale }: { sale: PosSale }) {
  const p = sale.payment;
  return (
    <dl className="space-y-0.5">
      <Row label={`Subtotal (${sale.total_items} items)`} value={formatAmount(sale.sub_total)} />
      {sale.discount_amount > 0 ? (
        <Row label="Discount" value={`− ${formatAmount(sale.discount_amount)}`} />
      ) : null}
      <Row label="Total" value={formatAmount(sale.total_bill_amount)} strong />
      {sale.tax > 0 ? <Row label="GST included" value={formatAmount(sale.tax)} /> : null}
      {sale.cgst || sale.sgst ? (
        <Row label="" value={`CGST ${formatAmount(sale.cgst)} + SGST ${formatAmount(sale.sgst)}`} />
      ) : null}
      <Row
        label="Paid by"
        value={`${p.method === 'CREDIT' && p.paid ? 'Khata (paid)' : PAID[p.method]}${p.card_last4 ? ` ${p.card_network ?? ''} ••${p.card_last4}` : ''}${p.utr ? ` UTR ${p.utr}` : ''}`}
      />
      {p.amount_received !== null ? (
        <Row label="Cash received" value={formatAmount(p.amount_received)} />
      ) : null}
      {p.change_due !== null ? <Row label="Change" value={formatAmount(p.change_due)} strong /> : null}
    </dl>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

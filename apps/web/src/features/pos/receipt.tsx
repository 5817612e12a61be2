import { receiptText } from '@haat/contracts';
import { FileText, Mail, MessageCircle, Plus, Printer } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { type PosSale, posApi } from './pos-api.ts';

const PAID: Record<PosSale['payment']['method'], string> = { CASH: 'Cash', UPI: 'UPI', CARD: 'Card' };

/**
 * While a receipt is open, printing uses an 80 mm roll (72 mm printable): the browser's print dialog prints only
 * the receipt, at the roll's width, as long as it needs.
 */
function useReceiptPrintPage() {
  useEffect(() => {
    const style = document.createElement('style');
    style.textContent =
      '#pos-print { display: none; } @page { size: 80mm auto; margin: 4mm; } ' +
      '@media print { body > *:not(#pos-print) { display: none !important; } ' +
      '#pos-print { display: block; width: 72mm; font-size: 11px; color: #000; } }';
    document.head.append(style);
    return () => style.remove();
  }, []);
}

/** The receipt as it prints: shop, bill number, items, totals with the GST included, how it was paid. */
function ReceiptPaper({ sale }: { sale: PosSale }) {
  const p = sale.payment;
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
      <p className="flex justify-between">
        <span>Bill {sale.order_number}</span>
        <span>{formatDateTime(sale.created_at)}</span>
      </p>
      {sale.invoice_number ? (
        <p>
          {sale.invoice_kind === 'BILL_OF_SUPPLY' ? 'Bill of supply' : 'Tax invoice'} {sale.invoice_number}
        </p>
      ) : null}
      <p>
        Customer: {sale.customer.name}, {sale.customer.phone}
      </p>
      {sale.customer.gst_number ? <p>Buyer GSTIN {sale.customer.gst_number}</p> : null}
      {sale.cashier ? <p>Cashier: {sale.cashier}</p> : null}
      <hr className="my-2 border-dashed border-slate-400" />
      <table className="w-full">
        <thead>
          <tr className="text-left">
            <th className="font-semibold">Item</th>
            <th className="px-1 text-right font-semibold">Qty</th>
            <th className="text-right font-semibold">Amount</th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((i) => (
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
      <hr className="my-2 border-dashed border-slate-400" />
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
          value={`${PAID[p.method]}${p.card_last4 ? ` ${p.card_network ?? ''} ••${p.card_last4}` : ''}${p.utr ? ` UTR ${p.utr}` : ''}`}
        />
        {p.amount_received !== null ? (
          <Row label="Cash received" value={formatAmount(p.amount_received)} />
        ) : null}
        {p.change_due !== null ? <Row label="Change" value={formatAmount(p.change_due)} strong /> : null}
      </dl>
      <hr className="my-2 border-dashed border-slate-400" />
      <p className="text-center">Thank you for shopping with us!</p>
    </div>
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

/**
 * After a sale: the receipt, printable on an 80 mm thermal printer from the browser's print dialog, the GST
 * invoice PDF, and the receipt by WhatsApp or email. New Sale (Alt+N) closes it; the bill behind is already empty.
 */
export function ReceiptDialog({ sale, onNewSale }: { sale: PosSale; onNewSale: () => void }) {
  useReceiptPrintPage();
  const { shop } = useSelectedShop();
  const files = useAdminDownload();
  const [email, setEmail] = useState(sale.customer.email ?? '');
  const [sending, setSending] = useState(false);
  const whatsapp = `https://wa.me/91${sale.customer.phone}?text=${encodeURIComponent(receiptText(sale).join('\n'))}`;

  const mail = async (e: FormEvent) => {
    e.preventDefault();
    if (!shop || !email.trim()) return;
    setSending(true);
    try {
      await posApi.mailReceipt(shop.slug, sale.order_id, email.trim());
    } catch {
      // Announced by the API client.
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onNewSale}
      title="Sale complete"
      description={`${sale.order_number} · ${formatAmount(sale.total_bill_amount)}`}
      size="max-w-md"
    >
      <div className="space-y-4">
        <div className="max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
          <ReceiptPaper sale={sale} />
        </div>
        {/* What the printer gets: the same receipt, outside the page (everything else is hidden when printing). */}
        {createPortal(
          <div id="pos-print">
            <ReceiptPaper sale={sale} />
          </div>,
          document.body,
        )}
        <div className="grid grid-cols-2 gap-2">
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => window.print()}
            data-autofocus
          >
            <Printer aria-hidden className="size-4" />
            Print receipt
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!sale.invoice_id || files.busy === 'invoice'}
            onClick={() =>
              files.run('invoice', (req) =>
                downloadFile(
                  `/api/admin/order/pos-checkout/${sale.order_id}/invoice.pdf`,
                  `${sale.order_number}-invoice.pdf`,
                  {
                    ...req,
                    errorMessage: 'The invoice could not be made',
                  },
                ),
              )
            }
          >
            {files.busy === 'invoice' ? <Spinner /> : <FileText aria-hidden className="size-4" />}
            GST invoice
          </button>
          <a
            href={whatsapp}
            target="_blank"
            rel="noreferrer"
            className={`${buttonStyles.secondary} col-span-2`}
          >
            <MessageCircle aria-hidden className="size-4" />
            Send on WhatsApp
          </a>
        </div>
        <form onSubmit={mail} className="flex gap-2">
          <input
            type="email"
            aria-label="Customer email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="customer@example.com"
            className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" className={buttonStyles.secondary} disabled={sending || !email.trim()}>
            {sending ? <Spinner /> : <Mail aria-hidden className="size-4" />}
            Email
          </button>
        </form>
        <button type="button" className={`${buttonStyles.primary} w-full`} onClick={onNewSale}>
          <Plus aria-hidden className="size-4" />
          New Sale <kbd className="ml-1 rounded bg-white/20 px-1.5 text-xs">Alt+N</kbd>
        </button>
      </div>
    </Dialog>
  );
}

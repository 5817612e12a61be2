import { receiptText } from '@haat/contracts';
import { CloudOff, FileText, Mail, MessageCircle, Plus, Printer } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { type PosSale, posApi } from './pos-api.ts';
import { ReceiptPaper } from './receipt-paper.tsx';

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

/**
 * After a sale: the receipt, printable on an 80 mm thermal printer from the browser's print dialog, the GST
 * invoice PDF, and the receipt by WhatsApp or email. New Sale (Alt+N) closes it; the bill behind is already empty.
 */
export function ReceiptDialog({
  sale,
  queued = false,
  onNewSale,
}: {
  sale: PosSale;
  /** Made offline: saved on this device, sent when the network is back (no invoice PDF or mail until then). */
  queued?: boolean;
  onNewSale: () => void;
}) {
  useReceiptPrintPage();
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
        {queued ? (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            Saved on this device with receipt number {sale.order_number}. It goes to the server once the
            network is back; the GST invoice and the email are there after that.
          </p>
        ) : null}
        <ReceiptActions sale={sale} queued={queued} />
        {queued ? null : <MailReceipt sale={sale} />}
        <button type="button" className={`${buttonStyles.primary} w-full`} onClick={onNewSale}>
          <Plus aria-hidden className="size-4" />
          New Sale <kbd className="ml-1 rounded bg-white/20 px-1.5 text-xs">Alt+N</kbd>
        </button>
      </div>
    </Dialog>
  );
}

/** Print the receipt, download the GST invoice, send the receipt on WhatsApp. */
function ReceiptActions({ sale, queued }: { sale: PosSale; queued: boolean }) {
  const files = useAdminDownload();
  const whatsapp = `https://wa.me/91${sale.customer.phone}?text=${encodeURIComponent(receiptText(sale).join('\n'))}`;
  return (
    <div className="grid grid-cols-2 gap-2">
      <button type="button" className={buttonStyles.secondary} onClick={() => window.print()} data-autofocus>
        <Printer aria-hidden className="size-4" />
        Print receipt
      </button>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={queued || !sale.invoice_id || files.busy === 'invoice'}
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
      <a href={whatsapp} target="_blank" rel="noreferrer" className={`${buttonStyles.secondary} col-span-2`}>
        <MessageCircle aria-hidden className="size-4" />
        Send on WhatsApp
      </a>
    </div>
  );
}

/** The receipt by email to the address typed (the customer's, when the bill had one). */
function MailReceipt({ sale }: { sale: PosSale }) {
  const { shop } = useSelectedShop();
  const [email, setEmail] = useState(sale.customer.email ?? '');
  const [sending, setSending] = useState(false);

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
  );
}

import { formatPhone } from '@haat/contracts/phone';
import { FileText, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DetailPanel, DetailRow } from '../../components/ui/detail-panel.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { isNotFound } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDateTime, formatINR } from '../../lib/format.ts';
import { Link, useParams, useSearchParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { EinvoicePanel } from './einvoice-panel.tsx';
import { GatewayPanel } from './gateway-panel.tsx';
import { PAYMENT_MODE, PAYMENT_STATUS } from './payment-labels.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { type TransactionDetails, useTransaction } from './transactions-api.ts';

const rupees = (n: number) => formatINR(n, { paise: true });
const NOT_ADDED = 'Not added';

function Summary({ t }: { t: TransactionDetails }) {
  const minutes = t.collected.minutes_to_collect;
  const took =
    minutes === null
      ? NOT_ADDED
      : minutes < 60
        ? `${minutes} min`
        : minutes < 2880
          ? `${Math.round(minutes / 60)} h`
          : `${Math.round(minutes / 1440)} days`;
  return (
    <DetailPanel title="Transaction Summary">
      <dl>
        <DetailRow label="Transaction ID">{t.transaction_id}</DetailRow>
        <DetailRow label="Order ID">
          <Link to={`/admin-orders/${t.order_id}`} className="text-brand-700 underline">
            {t.order_number}
          </Link>
        </DetailRow>
        <DetailRow label="Invoice number">{t.customer_invoice?.invoice_number ?? 'Not Generated'}</DetailRow>
        <DetailRow label="Method">{PAYMENT_MODE[t.payment_mode]}</DetailRow>
        <DetailRow label="Collected">{t.collected.how}</DetailRow>
        <DetailRow label="Amount">{rupees(t.amount)}</DetailRow>
        {t.refunded_amount > 0 ? <DetailRow label="Refunded">−{rupees(t.refunded_amount)}</DetailRow> : null}
        <DetailRow label="Created at">{formatDateTime(t.created_at)}</DetailRow>
        <DetailRow label="Collected at">
          {t.collected.at ? formatDateTime(t.collected.at) : NOT_ADDED}
        </DetailRow>
        <DetailRow label="Time to collect">{took}</DetailRow>
        <DetailRow label="Reference">
          {t.collected.reference ? `UTR ${t.collected.reference}` : NOT_ADDED}
        </DetailRow>
      </dl>
    </DetailPanel>
  );
}

function Items({ t }: { t: TransactionDetails }) {
  const o = t.order_details;
  return (
    <DetailPanel title="Order Items">
      <ul className="divide-y divide-slate-100">
        {o.items.map((i) => (
          <li key={i.variant_id ?? i.product_id} className="flex justify-between gap-3 py-2 text-sm">
            <span className="text-slate-800">
              {i.product_name}
              {i.variant ? <span className="text-slate-600"> ({i.variant})</span> : null}
              <span className="block text-xs text-slate-500">
                {i.sku ? `SKU ${i.sku} · ` : ''}
                {i.quantity} × {rupees(i.product_price)}
              </span>
            </span>
            <span className="font-medium text-slate-900">{rupees(i.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 border-t border-slate-200 pt-2">
        <DetailRow label="Subtotal">{rupees(o.subtotal)}</DetailRow>
        <DetailRow label="Shipping">{o.shipping_charge ? rupees(o.shipping_charge) : 'Free'}</DetailRow>
        <DetailRow label="Tax (GST included)">{rupees(o.tax)}</DetailRow>
        {o.discount ? <DetailRow label="Discount">−{rupees(o.discount)}</DetailRow> : null}
        <DetailRow label="Total">{rupees(o.total_amount)}</DetailRow>
      </dl>
    </DetailPanel>
  );
}

function Refunds({
  t,
  onDownload,
}: {
  t: TransactionDetails;
  onDownload: (id: string, number: string) => void;
}) {
  if (!t.refunds.length) return null;
  return (
    <DetailPanel title="Refunds">
      <ul className="space-y-3">
        {t.refunds.map((r) => {
          const note = t.documents.find((d) => d.number === r.credit_note);
          return (
            <li key={r.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {rupees(r.amount)} · {r.method === 'GATEWAY' ? 'through Razorpay' : r.method.toLowerCase()}
                {r.status === 'PENDING' ? ' · pending' : r.status === 'FAILED' ? ' · failed at Razorpay' : ''}
                {r.reference ? ` · ${r.reference}` : ''}
              </p>
              <p className="text-slate-700">{r.reason}</p>
              <p className="text-xs text-slate-500">{formatDateTime(r.created_at)}</p>
              {note ? (
                <button
                  type="button"
                  onClick={() => onDownload(note.id, note.number)}
                  className="mt-1 text-sm font-medium text-brand-700 underline"
                >
                  Credit note {note.number}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </DetailPanel>
  );
}

function Timeline({ t }: { t: TransactionDetails }) {
  return (
    <DetailPanel title="Timeline">
      <ol className="space-y-3">
        {t.timeline.map((e) => (
          <li key={`${e.label}-${e.at}`} className="text-sm">
            <p className="font-medium text-slate-900">{e.label}</p>
            <p className="text-xs text-slate-500">{formatDateTime(e.at)}</p>
            {e.note ? <p className="text-slate-700">{e.note}</p> : null}
          </li>
        ))}
      </ol>
    </DetailPanel>
  );
}

function Customer({ t }: { t: TransactionDetails }) {
  return (
    <>
      <DetailPanel title="Customer Details">
        <dl>
          <DetailRow label="Name">{t.customer.name}</DetailRow>
          <DetailRow label="Email">{t.customer.email ?? NOT_ADDED}</DetailRow>
          <DetailRow label="Phone">{t.customer.phone ? formatPhone(t.customer.phone) : NOT_ADDED}</DetailRow>
          <DetailRow label="Orders at this shop">{t.customer.orders}</DetailRow>
          <DetailRow label="Total spent">{rupees(t.customer.total_spent)}</DetailRow>
        </dl>
      </DetailPanel>
      <DetailPanel title="Billing Address">
        <address className="text-sm text-slate-700 not-italic">
          {t.billing_address.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </address>
      </DetailPanel>
      <DetailPanel title="Shipping Address">
        <address className="text-sm text-slate-700 not-italic">
          {t.shipping_address.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </address>
      </DetailPanel>
    </>
  );
}

/** The transaction's title and status, with Download Invoice and (for refund roles) Process Refund. */
function TransactionHeader({
  t,
  download,
  onRefund,
}: {
  t: TransactionDetails;
  download: ReturnType<typeof useAdminDownload>;
  onRefund: (() => void) | null;
}) {
  const status = PAYMENT_STATUS[t.payment_status];
  const invoice = t.customer_invoice?.invoice_number;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Transaction Details
          </h1>
          <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
        </div>
        <p className="mt-1 text-sm text-slate-600">{t.transaction_id}</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        {invoice ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={download.busy === 'invoice'}
            onClick={() =>
              download.run('invoice', (req) =>
                downloadFile(
                  `/api/admin/transaction/get-invoice/?transaction_id=${t.id}`,
                  `${invoice.replaceAll('/', '-')}.pdf`,
                  { ...req, errorMessage: 'The invoice could not be downloaded' },
                ),
              )
            }
          >
            {download.busy === 'invoice' ? <Spinner /> : <FileText aria-hidden className="size-4" />}
            Download Invoice
          </button>
        ) : null}
        {onRefund ? (
          <button type="button" className={buttonStyles.primary} onClick={onRefund}>
            <RotateCcw aria-hidden className="size-4" />
            Process Refund
          </button>
        ) : null}
      </div>
    </header>
  );
}

function View({ t }: { t: TransactionDetails }) {
  // ?refund=1 (the order page's refund prompt after a return) opens Process Refund at once.
  const [params] = useSearchParams();
  // Refunds need their own operation: a reader of payments (the platform operator) sees no refund button.
  const mayRefund = useCan('refunds') && t.refundable > 0;
  const [refunding, setRefunding] = useState(() => params.get('refund') === '1' && mayRefund);
  const download = useAdminDownload();
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <BackLink to="/transaction/">Back to Transactions</BackLink>
      <TransactionHeader t={t} download={download} onRefund={mayRefund ? () => setRefunding(true) : null} />
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Summary t={t} />
          <GatewayPanel t={t} />
          <EinvoicePanel t={t} />
          <Items t={t} />
          <Refunds
            t={t}
            onDownload={(id, number) =>
              download.run(id, (req) =>
                downloadFile(
                  `/api/admin/transaction/get-invoice/?document_id=${id}`,
                  `${number.replaceAll('/', '-')}.pdf`,
                  {
                    ...req,
                    errorMessage: 'The credit note could not be downloaded',
                  },
                ),
              )
            }
          />
          <Timeline t={t} />
        </div>
        <div className="space-y-5">
          <Customer t={t} />
        </div>
      </div>
      <RefundDialog open={refunding} onClose={() => setRefunding(false)} t={t} />
    </div>
  );
}

/** The transaction page (02 §2 Transaction detail) at /transaction/{id}. */
export function TransactionDetailPage() {
  const { transactionId = '' } = useParams();
  const { shop, loading } = useSelectedShop();
  const t = useTransaction(transactionId);
  useDocumentTitle(
    t.data ? `${t.data.transaction_id} · Transactions · Admin Panel` : 'Transaction · Admin Panel',
  );
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (t.isPending) return <PageLoading />;
  if (!t.data) {
    const missing = isNotFound(t.error);
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-slate-900">
          {missing ? 'Transaction not found' : 'The transaction could not be loaded'}
        </h1>
        <Link to="/transaction/" className={`${buttonStyles.primary} mt-6`}>
          Back to Transactions
        </Link>
      </div>
    );
  }
  return <View t={t.data} />;
}

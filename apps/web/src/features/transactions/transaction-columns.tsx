import { FileText } from 'lucide-react';
import type { Column } from '../../components/ui/data-table.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { downloadFile } from '../../lib/download.ts';
import { formatDate, formatINR, formatTime } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { PAYMENT_MODE, PAYMENT_STATUS } from './payment-labels.ts';
import type { Transaction } from './transactions-api.ts';

/** Transaction Management's columns (02 §2 Transaction list); cards at 360 px come from the same definitions. */
export const detailPath = (id: string) => `/transaction/${id}`;

export const COLUMNS: Column<Transaction>[] = [
  {
    key: 'id',
    header: 'Transaction ID',
    card: 'title',
    cell: (t) => (
      <div>
        <Link to={detailPath(t.id)} className="font-semibold text-slate-900 hover:text-brand-700">
          {t.transaction_id}
        </Link>
        <p className="text-xs text-slate-500">{formatDate(t.created_at)}</p>
      </div>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (t) => (
      <div>
        <p className="font-semibold text-slate-900">{formatINR(t.amount, { paise: true })}</p>
        <p className="text-xs text-slate-500">{PAYMENT_MODE[t.payment_mode]}</p>
        {t.refunded_amount > 0 ? (
          <p className="text-xs text-sky-700">−{formatINR(t.refunded_amount, { paise: true })} refunded</p>
        ) : null}
      </div>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (t) => (
      <span>
        {formatDate(t.created_at)}
        <span className="block text-xs text-slate-500">{formatTime(t.created_at)}</span>
      </span>
    ),
  },
  {
    key: 'order',
    header: 'Order ID',
    cell: (t) => (
      <Link to={`/admin-orders/${t.order_id}`} className="font-medium text-brand-700 underline">
        {t.order_number}
      </Link>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (t) => (
      <StatusBadge tone={PAYMENT_STATUS[t.payment_status].tone}>
        {PAYMENT_STATUS[t.payment_status].text}
      </StatusBadge>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    className: 'max-w-48',
    cell: (t) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{t.customer_name}</p>
        {t.customer_email ? <p className="truncate text-xs text-slate-500">{t.customer_email}</p> : null}
      </div>
    ),
  },
  {
    key: 'invoice',
    header: 'Invoice',
    cell: (t) =>
      t.customer_invoice ? (
        <InvoiceLink t={t} />
      ) : (
        <span className="text-xs text-slate-500">Not Generated</span>
      ),
  },
];

/** The invoice number of a row, as a button that downloads its PDF. */
function InvoiceLink({ t }: { t: Transaction }) {
  const { busy, run } = useAdminDownload();
  const number = t.customer_invoice?.invoice_number ?? '';
  const download = () =>
    run('invoice', (req) =>
      downloadFile(
        `/api/admin/transaction/get-invoice/?transaction_id=${t.id}`,
        `${number.replaceAll('/', '-')}.pdf`,
        {
          ...req,
          errorMessage: 'The invoice could not be downloaded',
        },
      ),
    );
  return (
    <button
      type="button"
      onClick={download}
      disabled={busy !== null}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      aria-label={`Download invoice ${number}`}
    >
      {busy ? <Spinner /> : <FileText aria-hidden className="size-4" />}
      {number}
    </button>
  );
}

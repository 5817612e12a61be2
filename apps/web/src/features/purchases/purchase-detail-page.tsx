import { FileDown, MessageCircle, PackageCheck, Pencil, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { Link, useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { BillDialog } from './bill-dialog.tsx';
import { OrderBills, OrderLines, OrderReceipts } from './order-detail-parts.tsx';
import { OrderStatus, purchasesPath, suppliersPath } from './purchase-parts.tsx';
import {
  type PurchaseOrderDetail,
  purchasesApi,
  usePurchaseOrder,
  usePurchaseWrite,
  useSupplierBalances,
} from './purchases-api.ts';
import { ReceiveDialog } from './receive-dialog.tsx';
import { SupplierPaymentDialog } from './supplier-payment-dialog.tsx';

/** A purchase order: its lines, Send (WhatsApp and PDF), Receive, Cancel, the goods received and the bills. */
export function PurchaseDetailPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const { shop, loading } = useSelectedShop();
  const order = usePurchaseOrder(orderId);
  useDocumentTitle(order.data ? `${order.data.number} · Admin Panel` : 'Purchase order · Admin Panel');
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (!order.data)
    return order.isError ? (
      <p className="p-8 text-slate-600">This purchase order was not found.</p>
    ) : (
      <PageLoading />
    );
  return <OrderPage o={order.data} />;
}

function OrderActions({
  o,
  onReceive,
  onCancel,
}: {
  o: PurchaseOrderDetail;
  onReceive: () => void;
  onCancel: () => void;
}) {
  const send = usePurchaseWrite(purchasesApi.send);
  const [link, setLink] = useState<string | null>(null);
  const files = useAdminDownload();
  const open = o.status !== 'CANCELLED' && o.status !== 'RECEIVED';
  return (
    <div className="flex flex-wrap gap-2">
      {o.status === 'DRAFT' ? (
        <Link to={`${purchasesPath}/${o.id}/edit`} className={buttonStyles.secondary}>
          <Pencil aria-hidden className="size-4" /> Edit
        </Link>
      ) : null}
      {o.status !== 'CANCELLED' ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={send.isPending}
          onClick={() =>
            send.mutate(o.id, {
              onSuccess: (r) => {
                setLink(r.whatsapp_link);
                toast.success(`${o.number} sent`);
              },
            })
          }
        >
          <Send aria-hidden className="size-4" /> {o.status === 'DRAFT' ? 'Send' : 'Send again'}
        </button>
      ) : null}
      {link ? (
        <a href={link} target="_blank" rel="noreferrer" className={buttonStyles.secondary}>
          <MessageCircle aria-hidden className="size-4" /> Open WhatsApp
        </a>
      ) : null}
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={files.busy === 'pdf'}
        onClick={() =>
          files.run('pdf', (req) =>
            downloadFile(`/api/admin/purchase-order/${o.id}/pdf`, `${o.number}.pdf`, req),
          )
        }
      >
        <FileDown aria-hidden className="size-4" /> PDF
      </button>
      {open ? (
        <button type="button" className={buttonStyles.primary} onClick={onReceive}>
          <PackageCheck aria-hidden className="size-4" /> Receive
        </button>
      ) : null}
      {o.status === 'DRAFT' || o.status === 'SENT' ? (
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          <XCircle aria-hidden className="size-4" /> Cancel order
        </button>
      ) : null}
    </div>
  );
}

function OrderPage({ o }: { o: PurchaseOrderDetail }) {
  const [dialog, setDialog] = useState<'receive' | 'cancel' | 'bill' | 'pay' | null>(null);
  const balance = useSupplierBalances().data?.find((s) => s.id === o.supplier.id);
  const cancel = usePurchaseWrite(purchasesApi.cancel);
  const close = () => setDialog(null);
  const last = o.receipts[0];
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <BackLink to={purchasesPath}>Purchases</BackLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{o.number}</h1>
          <OrderStatus status={o.status} />
        </div>
        <p className="text-sm text-slate-600">
          <Link
            to={`${suppliersPath}?supplier=${o.supplier.id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {o.supplier.company_name}
          </Link>{' '}
          · created {formatDate(o.created_at)}
          {o.expected_on ? ` · expected ${formatDate(o.expected_on)}` : ''}
        </p>
        <OrderActions o={o} onReceive={() => setDialog('receive')} onCancel={() => setDialog('cancel')} />
      </header>
      <OrderLines o={o} />
      <OrderReceipts o={o} />
      <OrderBills
        o={o}
        actions={
          <>
            {o.status !== 'CANCELLED' ? (
              <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('bill')}>
                Add bill
              </button>
            ) : null}
            {o.bills.length && balance ? (
              <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('pay')}>
                Record payment
              </button>
            ) : null}
          </>
        }
      />
      <ReceiveDialog o={o} open={dialog === 'receive'} onClose={close} />
      {balance ? (
        <SupplierPaymentDialog s={balance} billId={o.bills[0]?.id} open={dialog === 'pay'} onClose={close} />
      ) : null}
      <BillDialog
        open={dialog === 'bill'}
        onClose={close}
        b={{
          supplierId: o.supplier.id,
          supplierName: o.supplier.company_name,
          orderId: o.id,
          receiptId: o.bills.length ? undefined : last?.id,
          taxable: o.bills.length ? undefined : o.taxable_amount,
          tax: o.bills.length ? undefined : o.tax_amount,
        }}
      />
      <ConfirmDialog
        open={dialog === 'cancel'}
        onClose={close}
        title={`Cancel ${o.number}?`}
        description="The supplier should not deliver it. Nothing was received against it."
        confirmLabel="Cancel order"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate(o.id, { onSuccess: close })}
      />
    </div>
  );
}

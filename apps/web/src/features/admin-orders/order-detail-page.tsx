import type { AdminOrderStatusBody } from '@haat/contracts';
import { ArrowLeft, FileText, Pencil, Printer } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { isNotFound } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Link, useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { ChangeLog } from '../audit-trail/index.ts';
import { type AdminOrderDetails, useOrder } from './admin-orders-api.ts';
import { AwaitingConfirmationNotice } from './cod-confirmation.tsx';
import { RiskNotice } from './cod-risk.tsx';
import { CustomerRecord } from './customer-record.tsx';
import { OrderStatusBadge } from './order-badges.tsx';
import { attempt, useChanges } from './order-changes.ts';
import { CancelDialog, PaymentDialog, ReturnDialog } from './order-decision-dialogs.tsx';
import { EditOrderDialog, ShipDialog } from './order-dialogs.tsx';
import { openPackingSlips } from './order-files.ts';
import {
  CustomerInfo,
  type Dialog,
  OrderItems,
  PaymentShipping,
  RefundPrompt,
  ReturnPanel,
  StatusActions,
  Timeline,
} from './order-panels.tsx';
import { RtoDialog, RtoReceivedDialog } from './rto-dialogs.tsx';
import { WhatsAppActions } from './whatsapp-actions.tsx';

function OrderView({ order }: { order: AdminOrderDetails }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const c = useChanges(order);
  // What the person's role may do here (issue 15); the server refuses the rest the same way.
  const [fulfil, manage, money, audit] = [
    useCan('orders.fulfil'),
    useCan('orders.manage'),
    useCan('money'),
    useCan('audit'),
  ];
  const moves = order.next_statuses.filter((s) => (['CANCELLED', 'RETURNED'].includes(s) ? manage : fulfil));
  const files = useAdminDownload();
  const move = (status: AdminOrderStatusBody['status'], extra: Partial<AdminOrderStatusBody> = {}) =>
    c.status.mutateAsync({ status, ...extra });
  const print = () => files.run('print', (req) => openPackingSlips([order.id], req));
  const downloadInvoice = () =>
    files.run('invoice', (req) =>
      downloadFile(`/api/admin/order/${order.id}/invoice.pdf`, `${order.invoice_number ?? 'invoice'}.pdf`, {
        ...req,
        errorMessage: 'The invoice could not be downloaded',
      }),
    );

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Link
        to="/admin-orders/"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Orders
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {order.order_number}
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">Placed on {formatDateTime(order.created_at)}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={print}
            disabled={files.busy !== null}
          >
            {files.busy === 'print' ? <Spinner /> : <Printer aria-hidden className="size-4" />}
            Print
          </button>
          {order.invoice_number && money ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={downloadInvoice}
              disabled={files.busy !== null}
            >
              <FileText aria-hidden className="size-4" />
              Invoice
            </button>
          ) : null}
          {manage ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setDialog('edit')}
              disabled={!order.can_edit}
              title={order.can_edit ? undefined : 'Only orders not yet shipped can be edited'}
            >
              <Pencil aria-hidden className="size-4" />
              Edit Order
            </button>
          ) : null}
        </div>
      </header>

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <AwaitingConfirmationNotice confirmation={order.cod_confirmation} />
          <RiskNotice reasons={order.cod_risk} />
          {fulfil || manage ? (
            <StatusActions
              order={{ ...order, next_statuses: moves }}
              busy={c.status.isPending}
              onMove={(s) => void move(s).catch(() => {})}
              onOpen={setDialog}
            />
          ) : null}
          <RefundPrompt order={order} />
          {manage ? <ReturnPanel order={order} onOpen={setDialog} /> : null}
          <OrderItems order={order} />
          <Timeline order={order} />
          {audit ? <ChangeLog entityId={order.id} title="Changes to this order" /> : null}
        </div>
        <div className="space-y-5">
          <PaymentShipping
            order={{ ...order, can_record_payment: order.can_record_payment && manage }}
            onOpen={setDialog}
            canShip={fulfil}
          />
          <CustomerInfo order={order} />
          <CustomerRecord order={order} canManage={manage} />
          {fulfil ? <WhatsAppActions order={order} /> : null}
        </div>
      </div>

      <ShipDialog
        open={dialog === 'ship' || dialog === 'edit-shipping'}
        correcting={dialog === 'edit-shipping'}
        onClose={close}
        order={order}
        busy={c.status.isPending || c.shipping.isPending}
        onSave={(s) =>
          attempt(() => (dialog === 'ship' ? move('SHIPPED', s) : c.shipping.mutateAsync(s)), close)
        }
      />
      <EditOrderDialog
        open={dialog === 'edit'}
        onClose={close}
        order={order}
        busy={c.edit.isPending}
        onSave={(v) => attempt(() => c.edit.mutateAsync(v), close)}
      />
      <PaymentDialog
        open={dialog === 'payment'}
        onClose={close}
        order={order}
        busy={c.payment.isPending}
        onSave={(utr) => attempt(() => c.payment.mutateAsync(utr), close)}
      />
      <CancelDialog
        open={dialog === 'cancel'}
        onClose={close}
        order={order}
        busy={c.status.isPending}
        onConfirm={(reason) => attempt(() => move('CANCELLED', reason ? { reason } : {}), close)}
      />
      <RtoDialog
        open={dialog === 'rto'}
        onClose={close}
        order={order}
        busy={c.status.isPending}
        onConfirm={(reason) => attempt(() => move('RTO', reason ? { reason } : {}), close)}
      />
      <RtoReceivedDialog
        open={dialog === 'rto-received'}
        onClose={close}
        order={order}
        busy={c.status.isPending}
        onConfirm={(reason) => attempt(() => move('RETURNED', reason ? { reason } : {}), close)}
      />
      <ReturnDialog
        open={dialog === 'accept' || dialog === 'decline' || dialog === 'process-return'}
        decision={dialog === 'decline' ? 'DECLINE' : 'ACCEPT'}
        onClose={close}
        order={order}
        busy={c.decide.isPending || c.status.isPending}
        onSave={(note) =>
          attempt(
            () =>
              dialog === 'process-return'
                ? move('RETURNED', note ? { reason: note } : {})
                : c.decide.mutateAsync({
                    decision: dialog === 'decline' ? 'DECLINE' : 'ACCEPT',
                    note: note || undefined,
                  }),
            close,
          )
        }
      />
    </div>
  );
}

/** The order detail (02 §2 Admin order detail) at /admin-orders/{id}. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { shop, loading } = useSelectedShop();
  const order = useOrder(orderId);
  useDocumentTitle(order.data ? `${order.data.order_number} · Orders · Admin Panel` : 'Order · Admin Panel');
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (order.isPending) return <PageLoading />;
  if (!order.data) {
    const missing = isNotFound(order.error);
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-slate-900">
          {missing ? 'Order not found' : 'The order could not be loaded'}
        </h1>
        <p className="mt-2 text-slate-600">
          {missing ? 'It is not an order of this shop.' : 'Please check your connection and try again.'}
        </p>
        <Link to="/admin-orders/" className={`${buttonStyles.primary} mt-6`}>
          Back to Orders
        </Link>
      </div>
    );
  }
  return <OrderView order={order.data} />;
}

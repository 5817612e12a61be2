import type { AdminOrderStatusBody } from '@haat/contracts';
import { useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { ApiError, announceFailure, isNotFound } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { Link, useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { ChangeLog } from '../audit-trail/index.ts';
import { type AdminOrderDetails, useOrder } from './admin-orders-api.ts';
import { AwaitingConfirmationNotice } from './cod-confirmation.tsx';
import { RiskNotice } from './cod-risk.tsx';
import { CustomerRecord } from './customer-record.tsx';
import { DeliverDialog, deliveryNeedsDialog } from './deliver-dialog.tsx';
import { attempt, useChanges } from './order-changes.ts';
import { OrderDialogs, OrderHeader } from './order-detail-parts.tsx';
import { openPackingSlips } from './order-files.ts';
import {
  CustomerInfo,
  type Dialog,
  OrderItems,
  PaymentShipping,
  StatusActions,
  Timeline,
} from './order-panels.tsx';
import { CancelReason, RefundPrompt, ReturnPanel } from './return-panel.tsx';
import { WhatsAppActions } from './whatsapp-actions.tsx';

function OrderView({ order }: { order: AdminOrderDetails }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [delivering, setDelivering] = useState(false);
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
  const onMove = (s: AdminOrderStatusBody['status']) =>
    s === 'DELIVERED' && deliveryNeedsDialog(order)
      ? setDelivering(true)
      : void move(s).catch((e) => {
          if (e instanceof ApiError) announceFailure(e.status, e.message);
        });
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
      <BackLink to="/admin-orders/">Back to Orders</BackLink>
      <OrderHeader
        order={order}
        busy={files.busy}
        onPrint={print}
        onInvoice={money ? downloadInvoice : null}
        onEdit={manage ? () => setDialog('edit') : null}
      />

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <AwaitingConfirmationNotice confirmation={order.cod_confirmation} />
          <RiskNotice reasons={order.cod_risk} />
          {fulfil || manage ? (
            <StatusActions
              order={{ ...order, next_statuses: moves }}
              busy={c.status.isPending}
              onMove={onMove}
              onOpen={setDialog}
            />
          ) : null}
          <CancelReason order={order} />
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

      <OrderDialogs dialog={dialog} close={close} order={order} c={c} move={move} />
      <DeliverDialog
        {...{ open: delivering, order, busy: c.status.isPending, onClose: () => setDelivering(false) }}
        onSave={(extra) =>
          attempt(
            () => move('DELIVERED', extra),
            () => setDelivering(false),
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

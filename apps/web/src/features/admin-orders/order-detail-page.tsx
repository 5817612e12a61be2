import type { AdminOrderStatusBody, EditOrderBody } from '@haat/contracts';
import { ArrowLeft, CheckCircle2, Circle, ExternalLink, FileText, Pencil, Printer } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatDateTime, formatINR } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { type AdminOrderDetails, adminOrdersApi, useOrder, useOrderChange } from './admin-orders-api.ts';
import { OrderStatusBadge, PaymentStatusBadge } from './order-badges.tsx';
import {
  CancelDialog,
  EditOrderDialog,
  type Outcome,
  outcomeOf,
  PaymentDialog,
  ReturnDialog,
  ShipDialog,
} from './order-dialogs.tsx';
import { openPackingSlips, saveFile } from './order-files.ts';
import { ACTION_TEXT, METHOD_TEXT } from './order-labels.ts';

const rupees = (n: number) => formatINR(n, { paise: true });

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function OrderItems({ order }: { order: AdminOrderDetails }) {
  return (
    <Panel title="Order Items">
      <ul className="divide-y divide-slate-100">
        {order.order_item.map((i) => (
          <li key={i.product_id} className="flex items-center gap-3 py-3">
            {i.image ? (
              <img
                src={i.image}
                alt=""
                className="size-12 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
              />
            ) : (
              <span className="size-12 shrink-0 rounded-lg bg-slate-100" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{i.product_name}</p>
              <p className="text-xs text-slate-500">
                SKU {i.sku ?? '—'}
                {i.category ? ` · ${i.category}` : ''}
              </p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold text-slate-900">{rupees(i.line_total)}</p>
              <p className="text-xs text-slate-500">
                {i.quantity} × {rupees(i.product_price)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 border-t border-slate-200 pt-2">
        <Row label="Subtotal">{rupees(order.subtotal)}</Row>
        <Row label="Shipping">{order.shipping_charge ? rupees(order.shipping_charge) : 'Free'}</Row>
        <Row label="Tax (GST included)">{rupees(order.tax)}</Row>
        {order.discount ? (
          <Row label={`Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`}>
            −{rupees(order.discount)}
          </Row>
        ) : null}
        <div className="mt-1 flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
          <span>Total</span>
          <span>{rupees(order.total_amount)}</span>
        </div>
      </dl>
    </Panel>
  );
}

type Dialog =
  | 'ship'
  | 'edit-shipping'
  | 'edit'
  | 'payment'
  | 'cancel'
  | 'accept'
  | 'decline'
  | 'process-return';

function StatusActions({
  order,
  busy,
  onMove,
  onOpen,
}: {
  order: AdminOrderDetails;
  busy: boolean;
  onMove: (status: AdminOrderStatusBody['status']) => void;
  onOpen: (d: Dialog) => void;
}) {
  if (!order.next_statuses.length) {
    return (
      <Panel title="Update Order Status">
        <p className="text-sm text-slate-600">
          This order is {order.status.toLowerCase()}; there is nothing further to do with it.
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Update Order Status">
      <div className="flex flex-wrap gap-2">
        {order.next_statuses.map((s) => {
          const label = ACTION_TEXT[s];
          if (s === 'CANCELLED') {
            return (
              <button key={s} type="button" className={buttonStyles.danger} onClick={() => onOpen('cancel')}>
                {label}
              </button>
            );
          }
          const dialog: Dialog | null = s === 'SHIPPED' ? 'ship' : s === 'RETURNED' ? 'process-return' : null;
          return (
            <button
              key={s}
              type="button"
              disabled={busy}
              className={buttonStyles.primary}
              onClick={() => (dialog ? onOpen(dialog) : onMove(s as AdminOrderStatusBody['status']))}
            >
              {label}
            </button>
          );
        })}
      </div>
      {order.payment_method === 'COD' && order.next_statuses.includes('DELIVERED') ? (
        <p className="mt-3 text-sm text-slate-600">
          Marking it delivered records {rupees(order.total_amount)} as collected in cash.
        </p>
      ) : null}
    </Panel>
  );
}

function ReturnPanel({ order, onOpen }: { order: AdminOrderDetails; onOpen: (d: Dialog) => void }) {
  const r = order.return_request;
  if (!r) return null;
  const open = r.status === 'REQUESTED';
  const outcome: Record<string, string> = {
    APPROVED: 'Accepted',
    COMPLETED: 'Accepted: returned to stock',
    REJECTED: 'Declined',
  };
  return (
    <Panel title="Return request">
      <p className="text-sm text-slate-700">
        Asked on {formatDateTime(r.created_at)}: “{r.reason}”
      </p>
      {open ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.primary} onClick={() => onOpen('accept')}>
            Accept return
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => onOpen('decline')}>
            Decline
          </button>
        </div>
      ) : (
        <p className="mt-2 text-sm font-medium text-slate-900">
          {outcome[r.status] ?? r.status}
          {r.decided_at ? ` on ${formatDate(r.decided_at)}` : ''}
          {r.decision_note ? `: ${r.decision_note}` : ''}
        </p>
      )}
    </Panel>
  );
}

function PaymentShipping({ order, onOpen }: { order: AdminOrderDetails; onOpen: (d: Dialog) => void }) {
  const shipped = order.trackingNumber !== null;
  return (
    <Panel title="Payment & Shipping">
      <dl>
        <Row label="Payment status">
          <PaymentStatusBadge status={order.payment_status} />
        </Row>
        <Row label="Method">{METHOD_TEXT[order.payment_method]}</Row>
        <Row label="Transaction ID">{order.transactionId ?? '—'}</Row>
        <Row label="Amount">{rupees(order.payment.amount)}</Row>
        {order.payment.utr ? <Row label="UTR">{order.payment.utr}</Row> : null}
        {order.payment.received_at ? (
          <Row label={order.payment_method === 'COD' ? 'Cash collected' : 'Received'}>
            {formatDateTime(order.payment.received_at)}
            {order.payment.received_by ? ` by ${order.payment.received_by}` : ''}
          </Row>
        ) : null}
      </dl>
      {order.can_record_payment ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3 w-full`}
          onClick={() => onOpen('payment')}
        >
          Record UPI payment
        </button>
      ) : null}
      <dl className="mt-4 border-t border-slate-200 pt-3">
        <Row label="Delivery">{order.delivery_type.name}</Row>
        <Row label="Carrier">{order.carrier ?? '—'}</Row>
        <Row label="Tracking number">{order.trackingNumber ?? 'Not generated yet'}</Row>
        {order.tracking_url ? (
          <Row label="Tracking link">
            <a
              href={order.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-brand-700 underline"
            >
              Track
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </Row>
        ) : null}
        <Row label="Estimated delivery">
          {order.expected_delivery ? formatDate(order.expected_delivery) : order.delivery_type.estimated_time}
        </Row>
        <Row label="Shipping cost">{order.shipping_charge ? rupees(order.shipping_charge) : 'Free'}</Row>
      </dl>
      {shipped && ['SHIPPED', 'DELIVERED'].includes(order.status) ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3 w-full`}
          onClick={() => onOpen('edit-shipping')}
        >
          <Pencil aria-hidden className="size-4" />
          Edit tracking
        </button>
      ) : null}
    </Panel>
  );
}

function CustomerInfo({ order }: { order: AdminOrderDetails }) {
  const a = order.shipping_address;
  return (
    <Panel title="Customer Information">
      <p className="font-semibold text-slate-900">
        {order.user.first_name} {order.user.last_name}
      </p>
      {order.user.email ? <p className="text-sm break-all text-slate-600">{order.user.email}</p> : null}
      {order.user.phone ? <p className="text-sm text-slate-600">{order.user.phone}</p> : null}
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase">Shipping address</h3>
      <address className="mt-1 text-sm text-slate-700 not-italic">
        {a.full_name}
        <br />
        {a.address_line1}
        {a.address_line2 ? (
          <>
            <br />
            {a.address_line2}
          </>
        ) : null}
        <br />
        {a.city}, {a.state} {a.postal_code}
        <br />
        {a.country}
        {a.phone_number ? (
          <>
            <br />
            Phone: {a.phone_number}
          </>
        ) : null}
      </address>
      {order.customer_note ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Note to customer: {order.customer_note}
        </p>
      ) : null}
    </Panel>
  );
}

function Timeline({ order }: { order: AdminOrderDetails }) {
  return (
    <Panel title="Order Timeline">
      <ol className="space-y-4">
        {order.timeline.map((e, i) => (
          <li key={`${e.status}-${e.at}`} className="flex gap-3">
            {i === order.timeline.length - 1 ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
            )}
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{e.label}</p>
              <p className="text-xs text-slate-500">
                {formatDateTime(e.at)}
                {e.by ? ` · ${e.by}` : ''}
              </p>
              {e.note ? <p className="mt-0.5 text-sm break-words text-slate-700">{e.note}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** The changes the order page makes, each with the version it was made against. */
function useChanges(order: AdminOrderDetails) {
  const id = order.id;
  const v = order.version;
  return {
    status: useOrderChange(id, (slug, body: AdminOrderStatusBody) =>
      adminOrdersApi.status(slug, id, { ...body, version: v }),
    ),
    shipping: useOrderChange(
      id,
      (slug, body: { carrier: string; tracking_number: string; tracking_url?: string }) =>
        adminOrdersApi.shipping(slug, id, { ...body, version: v }),
      'Shipping details saved',
    ),
    payment: useOrderChange(
      id,
      (slug, utr: string) => adminOrdersApi.payment(slug, id, { utr, version: v }),
      'Payment recorded',
    ),
    edit: useOrderChange(
      id,
      (slug, body: Omit<EditOrderBody, 'version'>) => adminOrdersApi.edit(slug, id, { ...body, version: v }),
      'Order updated',
    ),
    decide: useOrderChange(id, (slug, body: { decision: 'ACCEPT' | 'DECLINE'; note?: string }) =>
      adminOrdersApi.decideReturn(slug, id, { ...body, version: v }),
    ),
  };
}

/** Runs a change from a dialog: closes it on success, or gives the dialog its errors to show. */
async function attempt(run: () => Promise<unknown>, close: () => void): Promise<Outcome> {
  try {
    await run();
    close();
    return null;
  } catch (e) {
    // The order changed meanwhile: it is being reloaded; close so the vendor sees the order as it is now.
    if (e instanceof ApiError && e.envelope?.error.reason === 'ORDER_CHANGED') {
      close();
      return null;
    }
    return outcomeOf(e);
  }
}

function OrderView({ order }: { order: AdminOrderDetails }) {
  const { shop } = useSelectedShop();
  const { session } = useSession();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [printing, setPrinting] = useState(false);
  const close = () => setDialog(null);
  const c = useChanges(order);
  const move = (status: AdminOrderStatusBody['status'], extra: Partial<AdminOrderStatusBody> = {}) =>
    c.status.mutateAsync({ status, ...extra });
  const print = async () => {
    if (!shop) return;
    setPrinting(true);
    try {
      await openPackingSlips([order.id], { token: session?.accessToken, slug: shop.slug });
    } catch {
      // Announced by the request helper.
    } finally {
      setPrinting(false);
    }
  };

  const downloadInvoice = async () => {
    if (!shop || !order.invoice_number) return;
    setPrinting(true);
    try {
      await saveFile(
        `/api/admin/order/${order.id}/invoice.pdf`,
        `${order.invoice_number.replaceAll('/', '-')}.pdf`,
        { token: session?.accessToken, slug: shop.slug },
        'The invoice could not be downloaded',
      );
    } catch {
      // Announced by the request helper.
    } finally {
      setPrinting(false);
    }
  };

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
          <button type="button" className={buttonStyles.secondary} onClick={print} disabled={printing}>
            {printing ? <Spinner /> : <Printer aria-hidden className="size-4" />}
            Print
          </button>
          {order.invoice_number ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={downloadInvoice}
              disabled={printing}
            >
              <FileText aria-hidden className="size-4" />
              Invoice
            </button>
          ) : null}
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
        </div>
      </header>

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <StatusActions
            order={order}
            busy={c.status.isPending}
            onMove={(s) => void move(s).catch(() => {})}
            onOpen={setDialog}
          />
          <ReturnPanel order={order} onOpen={setDialog} />
          <OrderItems order={order} />
          <Timeline order={order} />
        </div>
        <div className="space-y-5">
          <PaymentShipping order={order} onOpen={setDialog} />
          <CustomerInfo order={order} />
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
    const missing = order.error instanceof ApiError && order.error.status === 404;
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

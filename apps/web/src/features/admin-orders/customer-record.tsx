import { ShieldCheck } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DetailPanel } from '../../components/ui/detail-panel.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { adminCall } from '../../lib/selected-shop.tsx';
import { type AdminOrderDetails, useOrderChange } from './admin-orders-api.ts';

/* The customer's delivery record at this shop and "Require prepayment (UPI)" (decision 0014). */

/** The record in one sentence: "4 delivered, 1 refused (RTO), 0 cancelled after confirmation". */
export const recordText = (r: NonNullable<AdminOrderDetails['customer_record']>) =>
  `${r.delivered} delivered, ${r.rto} refused (RTO), ${r.cancelled_after_confirmation} cancelled after confirmation`;

function usePrepayment(order: AdminOrderDetails) {
  return useOrderChange(order.id, (slug, require_prepayment: boolean) =>
    adminCall<{ order_details: AdminOrderDetails }>(
      slug,
      `/order/${encodeURIComponent(order.id)}/customer-prepayment/`,
      { method: 'PUT', body: { require_prepayment }, successToast: true },
    ),
  );
}

export function CustomerRecord({ order, canManage }: { order: AdminOrderDetails; canManage: boolean }) {
  const prepay = usePrepayment(order);
  const record = order.customer_record;
  if (!record) return null;
  const required = record.require_prepayment;
  return (
    <DetailPanel title="Delivery record">
      <p className="text-sm text-slate-700">
        Customer's record at this shop:{' '}
        <span className="font-medium text-slate-900">{recordText(record)}</span>
      </p>
      {required ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          Prepayment required: this customer must pay by UPI; checkout offers them no cash on delivery.
        </p>
      ) : null}
      {canManage ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3 w-full`}
          disabled={prepay.isPending}
          aria-busy={prepay.isPending || undefined}
          onClick={() => prepay.mutate(!required)}
        >
          {prepay.isPending ? <Spinner /> : null}
          {required ? 'Allow cash on delivery again' : 'Require prepayment (UPI)'}
        </button>
      ) : null}
    </DetailPanel>
  );
}

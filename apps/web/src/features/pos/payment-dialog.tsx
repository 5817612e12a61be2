import type { PosSale } from '@haat/contracts';
import { WifiOff } from 'lucide-react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/fields.tsx';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCustomerByPhone, useRefreshCustomers } from '../customers/index.ts';
import { KhataSection } from './khata-section.tsx';
import { CardSection, CashSection, MethodPicker, PaymentActions, UpiSection } from './payment-sections.tsx';
import type { CounterInfo } from './pos-api.ts';
import { useKhataCustomer } from './use-offline-counter.ts';
import { type Bill, type Payment, usePayment } from './use-payment.ts';

/**
 * Process Payment: how the customer pays. Cash takes the amount received and shows the change; UPI shows a QR
 * for the exact amount to the shop's UPI id and the cashier confirms it arrived (UTR optional); a card on the
 * shop's own terminal records its last 4 digits and network. The sale is sent with an Idempotency-Key that is
 * kept while the bill is the same: if the connection drops, the screen keeps everything and sends the same sale
 * again when the network is back, so the customer is never billed twice.
 */
export function PaymentDialog({
  open,
  onClose,
  bill,
  total,
  counter,
  onPaid,
  onStale,
  queueOffline,
}: {
  open: boolean;
  onClose: () => void;
  bill: Bill;
  total: number;
  counter: CounterInfo;
  onPaid: (sale: PosSale, queued: boolean) => void;
  /** The server's prices or stock differ from the screen's: its figures, when it sent them. */
  onStale: (details: Record<string, unknown> | undefined) => void;
  /** Saves the sale on the device (a registered counter with no network); `covered`: khata paid from an advance. */
  queueOffline: ((payment: Payment, key: string, covered: boolean) => Promise<PosSale>) | null;
}) {
  const { shop } = useSelectedShop();
  const phone = bill.phone.replace(/\D/g, '').slice(-10);
  // Pay later (khata) is offered when the bill's customer has a credit limit or holds an advance (issue 38); with no
  // network, when this device knows the customer's khata.
  const customer = useCustomerByPhone(phone);
  const known = useKhataCustomer(shop?.slug ?? '', phone, { data: customer.data, failed: customer.isError });
  const khata = known?.credit_limit || (known?.balance ?? 0) < 0 ? known : null;
  const refresh = useRefreshCustomers();
  const paid = (sale: PosSale, queued: boolean) => {
    if (!queued) void refresh();
    onPaid(sale, queued);
  };
  const queue = queueOffline
    ? (payment: Payment, key: string) => {
        const after = Math.round(((khata?.balance ?? 0) + total) * 100) / 100;
        if (payment.method === 'CREDIT' && khata && after > 0 && after > (khata.credit_limit ?? 0))
          return Promise.reject(
            new Error(`This sale would take ${khata.name}'s khata above the credit limit.`),
          );
        return queueOffline(payment, key, payment.method === 'CREDIT' && after <= 0);
      }
    : null;
  const state = usePayment(open, total, counter, { bill, onPaid: paid, onStale, queueOffline: queue });
  const offlineNoKhata = !navigator.onLine && /^[6-9]\d{9}$/.test(phone) && !khata;
  const { method } = state.draft;
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!state.busy) onClose();
      }}
      title="Process Payment"
      description={`Total to collect: ${formatAmount(total)}`}
    >
      <form onSubmit={state.submit} className="space-y-4">
        <MethodPicker state={state} credit={!!khata} />
        {method === 'CASH' ? <CashSection state={state} total={total} /> : null}
        {method === 'UPI' ? <UpiSection state={state} total={total} counter={counter} /> : null}
        {method === 'CARD' ? <CardSection state={state} /> : null}
        {method === 'CREDIT' && khata ? <KhataSection customer={khata} total={total} /> : null}
        {offlineNoKhata ? (
          <FormAlert tone="info">
            Pay later (khata) needs the network for this customer: their khata is not on this device.
          </FormAlert>
        ) : null}
        {state.offline ? (
          <FormAlert tone="info">
            <span className="flex items-start gap-2">
              <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
              Connection lost. The bill is kept and will be sent again, once, when the network is back. You
              can also press Retry.
            </span>
          </FormAlert>
        ) : null}
        {state.problem ? <FormAlert>{state.problem}</FormAlert> : null}
        <PaymentActions state={state} canUpi={!!counter.upi_id} onClose={onClose} />
      </form>
    </Dialog>
  );
}

import { CARD_NETWORKS, type PosCheckoutBody, type PosPaymentMethod, type PosSale } from '@haat/contracts';
import { Banknote, CreditCard, QrCode, WifiOff } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { type CounterInfo, posApi } from './pos-api.ts';

const METHODS: { id: PosPaymentMethod; label: string; icon: typeof Banknote }[] = [
  { id: 'CASH', label: 'Cash', icon: Banknote },
  { id: 'UPI', label: 'UPI', icon: QrCode },
  { id: 'CARD', label: 'Card', icon: CreditCard },
];

/** Notes a customer is likely to hand over for a total: the exact amount, then the next round amounts. */
function quickAmounts(total: number) {
  const out = new Set<number>([total]);
  for (const step of [10, 50, 100, 500, 2000]) out.add(Math.ceil(total / step) * step);
  return [...out].filter((n) => n >= total).slice(0, 4);
}

type Bill = Omit<PosCheckoutBody, 'payment'>;

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
}: {
  open: boolean;
  onClose: () => void;
  bill: Bill;
  total: number;
  counter: CounterInfo;
  onPaid: (sale: PosSale) => void;
  /** The server's prices or stock differ from the screen's: its figures, when it sent them. */
  onStale: (details: Record<string, unknown> | undefined) => void;
}) {
  const { shop } = useSelectedShop();
  const [method, setMethod] = useState<PosPaymentMethod>('CASH');
  const [received, setReceived] = useState('');
  const [utr, setUtr] = useState('');
  const [last4, setLast4] = useState('');
  const [network, setNetwork] = useState<(typeof CARD_NETWORKS)[number]>('RuPay');
  const [problem, setProblem] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<{ svg: string; link: string } | null>(null);
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  // Each opening starts a fresh payment.
  useEffect(() => {
    if (!open) return;
    setMethod('CASH');
    setReceived('');
    setUtr('');
    setLast4('');
    setProblem(null);
    setOffline(false);
  }, [open]);

  useEffect(() => {
    if (!open || method !== 'UPI' || !counter.upi_id || !shop) return;
    const ctl = new AbortController();
    setQr(null);
    posApi
      .upi(shop.slug, total, ctl.signal)
      .then((r) => setQr({ svg: r.qr_svg, link: r.upi_link }))
      .catch(() => {});
    return () => ctl.abort();
  }, [open, method, total, counter.upi_id, shop]);

  const receivedAmount = received === '' ? 0 : Number(received);
  const change = Math.round((receivedAmount - total) * 100) / 100;

  const payment = (): PosCheckoutBody['payment'] => {
    if (method === 'CASH') return { method, amount_received: receivedAmount };
    if (method === 'UPI') return { method, ...(utr ? { utr } : {}) };
    return { method, card_last4: last4, card_network: network };
  };

  const send = async () => {
    if (!shop) return;
    const body: PosCheckoutBody = { ...bill, payment: payment() };
    const signature = JSON.stringify(body);
    // The same bill keeps its key (a retry returns the first sale); a changed bill is a new sale.
    if (!attempt.current || attempt.current.signature !== signature) {
      attempt.current = { key: crypto.randomUUID(), signature };
    }
    setBusy(true);
    setProblem(null);
    try {
      const sale = await posApi.checkout(shop.slug, body, attempt.current.key);
      attempt.current = null;
      setOffline(false);
      toast.success('Order placed successfully', {
        description: `${sale.order_number} · ${formatAmount(sale.total_bill_amount)}`,
      });
      onPaid(sale);
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      if (!err || err.status === 0) {
        setOffline(true);
        return;
      }
      setOffline(false);
      const issues = err.envelope?.error.issues ?? [];
      setProblem(
        [err.message, ...issues.filter((i) => i.message !== err.message).map((i) => i.message)].join(' · '),
      );
      if (err.envelope?.error.reason === 'TOTALS_CHANGED' || err.envelope?.error.reason === 'OUT_OF_STOCK')
        onStale(err.envelope?.error.details);
    } finally {
      setBusy(false);
    }
  };

  // Back online with a sale that did not get through: send the same sale again (same key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: send reads the latest state when it runs
  useEffect(() => {
    if (!offline) return;
    const retry = () => void send();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (method === 'CASH' && !(receivedAmount >= 0)) {
      setProblem('Amount received cannot be negative');
      return;
    }
    if (method === 'CASH' && receivedAmount < total) {
      setProblem(`Amount received is less than the total (${formatAmount(total)})`);
      return;
    }
    if (method === 'CARD' && !/^\d{4}$/.test(last4)) {
      setProblem('Card: enter the last 4 digits');
      return;
    }
    if (method === 'UPI' && utr && !/^\d{12}$/.test(utr)) {
      setProblem('UTR must be the 12-digit reference from your bank app');
      return;
    }
    void send();
  };

  const canUpi = !!counter.upi_id;
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Process Payment"
      description={`Total to collect: ${formatAmount(total)}`}
    >
      <form onSubmit={submit} className="space-y-4">
        <fieldset className="grid grid-cols-3 gap-2">
          <legend className="sr-only">Payment method</legend>
          {METHODS.map((m) => (
            <label key={m.id} className="cursor-pointer">
              <input
                type="radio"
                name="pos-payment-method"
                value={m.id}
                checked={method === m.id}
                onChange={() => {
                  setMethod(m.id);
                  setProblem(null);
                }}
                className="peer sr-only"
              />
              <span className="flex flex-col items-center gap-1 rounded-lg border border-slate-300 px-3 py-3 text-sm font-semibold text-slate-700 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 hover:bg-slate-50">
                <m.icon aria-hidden className="size-5" />
                {m.label}
              </span>
            </label>
          ))}
        </fieldset>

        {method === 'CASH' ? (
          <div className="space-y-3">
            <MoneyField
              label="Amount received"
              value={received}
              onValue={setReceived}
              data-autofocus
              placeholder={String(total)}
            />
            <div className="flex flex-wrap gap-2">
              {quickAmounts(total).map((n) => (
                <button
                  key={n}
                  type="button"
                  onClick={() => setReceived(String(n))}
                  className="rounded-full border border-slate-300 px-3 py-1 text-sm tabular-nums hover:bg-slate-50"
                >
                  {formatAmount(n)}
                </button>
              ))}
            </div>
            <p className="flex justify-between rounded-lg bg-slate-50 px-3 py-2 text-base">
              <span className="text-slate-600">Change due</span>
              <span className="font-bold tabular-nums" data-testid="pos-change">
                {received === '' || change < 0 ? '—' : formatAmount(change)}
              </span>
            </p>
          </div>
        ) : null}

        {method === 'UPI' ? (
          canUpi ? (
            <div className="space-y-3">
              <div className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-3">
                {qr ? (
                  <img
                    src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.svg)}`}
                    alt={`UPI QR code for ${formatAmount(total)}`}
                    className="size-48"
                  />
                ) : (
                  <div className="flex size-48 items-center justify-center">
                    <Spinner className="size-6" />
                  </div>
                )}
                <p className="text-sm text-slate-600">
                  Scan to pay <strong className="tabular-nums">{formatAmount(total)}</strong> to{' '}
                  {counter.upi_id}
                </p>
                {qr ? (
                  <a href={qr.link} className="text-sm font-medium text-brand-700 underline">
                    Open in a UPI app
                  </a>
                ) : null}
              </div>
              <TextField
                label="UTR (optional)"
                value={utr}
                onChange={(e) => setUtr(e.target.value.replace(/\D/g, '').slice(0, 12))}
                inputMode="numeric"
                hint="The 12-digit reference your bank app shows for this payment"
              />
            </div>
          ) : (
            <FormAlert tone="info">
              This shop has no UPI id yet. The owner can add one in Settings, Payments.
            </FormAlert>
          )
        ) : null}

        {method === 'CARD' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Card network"
              value={network}
              onChange={(e) => setNetwork(e.target.value as (typeof CARD_NETWORKS)[number])}
            >
              {CARD_NETWORKS.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </SelectField>
            <TextField
              label="Last 4 digits"
              value={last4}
              onChange={(e) => setLast4(e.target.value.replace(/\D/g, '').slice(0, 4))}
              inputMode="numeric"
              placeholder="1234"
            />
          </div>
        ) : null}

        {offline ? (
          <FormAlert tone="info">
            <span className="flex items-start gap-2">
              <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
              Connection lost. The bill is kept and will be sent again, once, when the network is back. You
              can also press Retry.
            </span>
          </FormAlert>
        ) : null}
        {problem ? <FormAlert>{problem}</FormAlert> : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
            Back to bill
          </button>
          <button
            type="submit"
            className={buttonStyles.primary}
            disabled={busy || (method === 'UPI' && !canUpi)}
          >
            {busy ? <Spinner /> : null}
            {offline
              ? 'Retry'
              : method === 'UPI'
                ? 'Payment received'
                : method === 'CARD'
                  ? 'Card payment done'
                  : 'Complete sale'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

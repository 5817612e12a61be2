/** Process Payment's parts: the method picker, one section per method, and the buttons. */
import { CARD_NETWORKS, type PosPaymentMethod } from '@haat/contracts';
import { Banknote, BookOpen, CreditCard, QrCode } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert, SelectField, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatAmount } from '../../lib/format.ts';
import type { CounterInfo } from './pos-api.ts';
import type { CardNetwork, PaymentState } from './use-payment.ts';

const METHODS: { id: PosPaymentMethod; label: string; icon: typeof Banknote }[] = [
  { id: 'CASH', label: 'Cash', icon: Banknote },
  { id: 'UPI', label: 'UPI', icon: QrCode },
  { id: 'CARD', label: 'Card', icon: CreditCard },
  { id: 'CREDIT', label: 'Pay later (khata)', icon: BookOpen },
];

/** Notes a customer is likely to hand over for a total: the exact amount, then the next round amounts. */
export function quickAmounts(total: number) {
  const out = new Set<number>([total]);
  for (const step of [10, 50, 100, 500, 2000]) out.add(Math.ceil(total / step) * step);
  return [...out].filter((n) => n >= total).slice(0, 4);
}

type Props = { state: PaymentState; total: number };

/** The methods; Pay later (khata) only for a customer with a credit limit (`credit`). */
export function MethodPicker({ state, credit = false }: { state: PaymentState; credit?: boolean }) {
  return (
    <fieldset className={`grid gap-2 ${credit ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
      <legend className="sr-only">Payment method</legend>
      {METHODS.filter((m) => m.id !== 'CREDIT' || credit).map((m) => (
        <label key={m.id} className="cursor-pointer">
          <input
            type="radio"
            name="pos-payment-method"
            value={m.id}
            checked={state.draft.method === m.id}
            onChange={() => state.change({ method: m.id })}
            className="peer sr-only"
          />
          <span className="flex flex-col items-center gap-1 rounded-lg border border-slate-300 px-3 py-3 text-sm font-semibold text-slate-700 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 hover:bg-slate-50">
            <m.icon aria-hidden className="size-5" />
            {m.label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Cash: the amount received, quick amounts and the change due. */
export function CashSection({ state, total }: Props) {
  const { received } = state.draft;
  const change = Math.round(((received === '' ? 0 : Number(received)) - total) * 100) / 100;
  return (
    <div className="space-y-3">
      <MoneyField
        label="Amount received"
        value={received}
        onValue={(v) => state.change({ received: v })}
        data-autofocus
        placeholder={String(total)}
      />
      <div className="flex flex-wrap gap-2">
        {quickAmounts(total).map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => state.change({ received: String(n) })}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm tabular-nums hover:bg-slate-50"
          >
            {formatAmount(n)}
          </button>
        ))}
      </div>
      <p className="flex justify-between rounded-lg bg-slate-50 px-3 py-2 text-base">
        <span className="text-slate-600">Change due</span>
        <span className="font-bold tabular-nums" data-testid="pos-change">
          {received === '' || !(change >= 0) ? '—' : formatAmount(change)}
        </span>
      </p>
    </div>
  );
}

/** UPI: a QR for the exact amount to the shop's UPI id; the cashier confirms it arrived (UTR optional). */
export function UpiSection({ state, total, counter }: Props & { counter: CounterInfo }) {
  const { qr } = state;
  if (!counter.upi_id)
    return (
      <FormAlert tone="info">
        This shop has no UPI id yet. The owner can add one in Settings, Payments.
      </FormAlert>
    );
  return (
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
          Scan to pay <strong className="tabular-nums">{formatAmount(total)}</strong> to {counter.upi_id}
        </p>
        {qr ? (
          <a href={qr.link} className="text-sm font-medium text-brand-700 underline">
            Open in a UPI app
          </a>
        ) : null}
      </div>
      <TextField
        label="UTR (optional)"
        value={state.draft.utr}
        onChange={(e) => state.change({ utr: e.target.value.replace(/\D/g, '').slice(0, 12) })}
        inputMode="numeric"
        hint="The 12-digit reference your bank app shows for this payment"
      />
    </div>
  );
}

/** A card on the shop's own terminal: its network and last 4 digits. */
export function CardSection({ state }: { state: PaymentState }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Card network"
        value={state.draft.network}
        onChange={(e) => state.change({ network: e.target.value as CardNetwork })}
      >
        {CARD_NETWORKS.map((n) => (
          <option key={n}>{n}</option>
        ))}
      </SelectField>
      <TextField
        label="Last 4 digits"
        value={state.draft.last4}
        onChange={(e) => state.change({ last4: e.target.value.replace(/\D/g, '').slice(0, 4) })}
        inputMode="numeric"
        placeholder="1234"
      />
    </div>
  );
}

const SUBMIT_TEXT: Record<PosPaymentMethod, string> = {
  CASH: 'Complete sale',
  UPI: 'Payment received',
  CARD: 'Card payment done',
  CREDIT: 'Put on khata',
};

export function PaymentActions({
  state,
  canUpi,
  onClose,
}: {
  state: PaymentState;
  canUpi: boolean;
  onClose: () => void;
}) {
  const { busy, offline, draft } = state;
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
        Back to bill
      </button>
      <button
        type="submit"
        className={buttonStyles.primary}
        disabled={busy || (draft.method === 'UPI' && !canUpi)}
      >
        {busy ? <Spinner /> : null}
        {offline ? 'Retry' : SUBMIT_TEXT[draft.method]}
      </button>
    </div>
  );
}

import type { CheckoutData, PaymentOption } from '@haat/contracts';
import { Banknote, CreditCard, QrCode } from 'lucide-react';
import { useId } from 'react';
import { PAYMENT_METHOD_LABELS } from '../orders/index.ts';
import { CheckoutSection } from './checkout-section.tsx';

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:ring-1 has-[:checked]:ring-brand-500';

/** Cash on Delivery always; UPI when the shop has a UPI id (the link and QR come after placing the order). */
export function PaymentMethods({
  methods,
  codReason,
  codConfirm,
  selected,
  onSelect,
}: {
  methods: CheckoutData['payment_methods'];
  /** Why the shop does not offer cash on delivery for this order (address, value, or prepayment), if so. */
  codReason: string | null;
  /** When this COD order must be confirmed by the customer: the hours they have; null otherwise. */
  codConfirm: number | null;
  selected: PaymentOption | null;
  onSelect: (id: PaymentOption) => void;
}) {
  const name = useId();
  return (
    <CheckoutSection title="Payment Method">
      <fieldset>
        <legend className="sr-only">Choose how to pay</legend>
        <ul className="space-y-3">
          {methods.map((m) => {
            const Icon = m.id === 'UPI' ? QrCode : m.id === 'ONLINE' ? CreditCard : Banknote;
            const unavailable = m.id === 'COD' ? codReason : null;
            return (
              <li key={m.id}>
                <label
                  className={`${optionClass} ${unavailable ? 'cursor-not-allowed bg-slate-50 opacity-80' : ''}`}
                >
                  <input
                    type="radio"
                    name={name}
                    disabled={!!unavailable}
                    aria-describedby={unavailable ? `${name}-cod-why` : undefined}
                    checked={selected === m.id && !unavailable}
                    onChange={() => onSelect(m.id)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="flex items-center gap-2 font-semibold text-slate-900">
                      <Icon aria-hidden className="size-4 text-slate-500" />
                      {m.id === 'ONLINE' ? m.name : PAYMENT_METHOD_LABELS[m.id]}
                    </span>
                    {m.description ? <span className="block text-slate-600">{m.description}</span> : null}
                    {unavailable ? (
                      <span id={`${name}-cod-why`} className="mt-1 block font-medium text-amber-800">
                        {unavailable}
                      </span>
                    ) : null}
                    {m.id === 'COD' && !unavailable && codConfirm !== null && selected === 'COD' ? (
                      <span className="mt-1 block text-slate-600">
                        We will email you a 6-digit code to confirm this order; the shop packs it once you
                        confirm (within {codConfirm} hours).
                      </span>
                    ) : null}
                    {m.id === 'UPI' ? (
                      <span className="block text-slate-600">
                        After you place the order you will see a UPI payment link and a QR code for the exact
                        amount.
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </CheckoutSection>
  );
}

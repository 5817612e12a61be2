import type { CartData } from '@haat/contracts';
import { Lock, Tag, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useCartMutations } from './use-cart.ts';

type Summary = CartData['summary'];

function Row({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The coupon field (error under it) or, once applied, the coupon as a chip with Remove. */
function CouponBox({ coupon }: { coupon: Summary['coupon'] }) {
  const { applyCoupon, removeCoupon } = useCartMutations();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  if (coupon) {
    return (
      <div className="rounded-lg border border-green-200 bg-green-50 p-3" data-testid="coupon-chip">
        <div className="flex items-start gap-2">
          <Tag aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-green-800">{coupon.code} applied</p>
            <p className="text-xs text-green-800">{coupon.description}</p>
            {!coupon.applicable && coupon.message ? (
              <p className="mt-1 text-xs text-amber-700">{coupon.message}</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => removeCoupon.mutate()}
            disabled={removeCoupon.isPending}
            aria-label={`Remove coupon ${coupon.code}`}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-green-800 hover:bg-green-100"
          >
            <X aria-hidden className="size-3.5" /> Remove
          </button>
        </div>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return;
    setError(null);
    applyCoupon.mutate(
      { code: value },
      {
        onSuccess: () => setCode(''),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400) setError(err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setError(null);
          }}
          placeholder="Enter code"
          autoComplete="off"
          maxLength={40}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm uppercase placeholder:normal-case focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-400"
        />
        <button
          type="submit"
          disabled={!code.trim() || applyCoupon.isPending}
          className={`${buttonStyles.secondary} px-4`}
        >
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The order summary card: items, subtotal, coupon discount, shipping, GST included, total, checkout. */
export function OrderSummary({ summary, base }: { summary: Summary; base: string }) {
  const nothingSelected = summary.selected_count === 0;
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-summary-title" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm text-slate-700" data-testid="order-summary">
        <Row label="Items" value={String(summary.selected_count)} />
        <Row label="Subtotal" value={formatINR(summary.subtotal)} />
        {summary.discount > 0 ? (
          <Row
            label="Coupon discount"
            value={`−${formatINR(summary.discount)}`}
            className="font-medium text-green-700"
          />
        ) : null}
        <Row
          label="Shipping"
          value={summary.is_shipping_free ? 'FREE' : formatINR(summary.shipping_charge)}
          className={summary.is_shipping_free ? '[&_dd]:font-semibold [&_dd]:text-green-700' : ''}
        />
        <div className="border-t border-slate-200 pt-3">
          <Row
            label="Total"
            value={formatINR(summary.total)}
            className="text-base font-bold text-slate-900"
          />
          <p className="mt-1 text-xs text-slate-500">Includes GST of {formatINR(summary.gst)}</p>
        </div>
      </dl>
      <div className="mt-4">
        <CouponBox coupon={summary.coupon} />
      </div>
      {nothingSelected ? (
        <p className="mt-4 text-sm text-amber-700">Select at least one item to check out.</p>
      ) : null}
      <Link
        to={`${base}/checkout`}
        aria-disabled={nothingSelected || undefined}
        onClick={(e) => nothingSelected && e.preventDefault()}
        className={`${buttonStyles.primary} mt-4 w-full ${nothingSelected ? 'pointer-events-none opacity-50' : ''}`}
      >
        <Lock aria-hidden className="size-4" />
        Proceed to Secure Checkout
      </Link>
    </section>
  );
}

import { formatAmount } from '../../lib/format.ts';

function Row({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Subtotal, discount (with its coupon), delivery, the GST included in the prices, and the total. */
export function TotalsList({
  subtotal,
  discount,
  couponCode,
  delivery,
  codFee = 0,
  gst,
  total,
}: {
  subtotal: number;
  discount: number;
  couponCode: string | null;
  delivery: number;
  /** The cash-on-delivery fee, its own line when charged. */
  codFee?: number;
  gst: number;
  total: number;
}) {
  return (
    <dl className="space-y-2 text-sm text-slate-700" data-testid="order-totals">
      <Row label="Subtotal" value={formatAmount(subtotal)} />
      {discount > 0 ? (
        <Row
          label={couponCode ? `Discount (${couponCode})` : 'Discount'}
          value={`−${formatAmount(discount)}`}
          className="font-medium text-green-700"
        />
      ) : null}
      <Row
        label="Delivery"
        value={delivery > 0 ? formatAmount(delivery) : 'FREE'}
        className={delivery > 0 ? '' : '[&_dd]:font-semibold [&_dd]:text-green-700'}
      />
      {codFee > 0 ? <Row label="COD fee" value={formatAmount(codFee)} /> : null}
      <Row label="GST (included in prices)" value={formatAmount(gst)} className="text-slate-500" />
      <div className="border-t border-slate-200 pt-3">
        <Row label="Total" value={formatAmount(total)} className="text-base font-bold text-slate-900" />
      </div>
    </dl>
  );
}

import type { ProductDetail } from '@haat/contracts';
import { BadgePercent, CreditCard, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatINR } from '../../lib/format.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

const PAYMENT_LABELS: Record<string, string> = {
  COD: 'Cash on Delivery',
  UPI: 'UPI',
  ONLINE: 'Online payment',
  WALLET: 'Wallet',
  CARD: 'Card',
};
const pad = (n: number) => String(n).padStart(2, '0');

function Offer({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{title}</p>
        {children ? <div className="text-slate-600">{children}</div> : null}
      </div>
    </li>
  );
}

function DealOffer({ deal }: { deal: NonNullable<ProductDetail['deal']> }) {
  const left = useCountdown(deal.end_time);
  if (!left || left.totalMs <= 0) return null;
  return (
    <Offer icon={<BadgePercent aria-hidden className="size-5" />} title={deal.title}>
      <p>
        Deal price <strong className="text-slate-900">{formatINR(deal.discount_price)}</strong>
      </p>
      <p>
        Ends in{' '}
        <span
          role="timer"
          aria-label="Deal ends in"
          className="font-mono font-semibold text-brand-700 tabular-nums"
        >
          {pad(left.hours)}:{pad(left.minutes)}:{pad(left.seconds)}
        </span>
      </p>
    </Offer>
  );
}

/** The offers on a product, all from the server's data: the live deal, shipping, returns, warranty, payment. */
export function ProductOffers({ product }: { product: ProductDetail }) {
  const { offers } = product;
  const payments = offers.payment_methods.map((m) => PAYMENT_LABELS[m] ?? m);
  return (
    <section aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="mb-3 text-lg font-bold text-slate-900">
        Offers &amp; services
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {product.deal ? <DealOffer deal={product.deal} /> : null}
        <Offer
          icon={<Truck aria-hidden className="size-5" />}
          title={product.free_shipping ? 'Free shipping' : `Shipping ${formatINR(product.shipping_charge)}`}
        >
          {offers.free_shipping_above != null && !product.free_shipping ? (
            <p>Free shipping on orders above {formatINR(offers.free_shipping_above)}</p>
          ) : null}
        </Offer>
        {offers.return_days ? (
          <Offer
            icon={<RotateCcw aria-hidden className="size-5" />}
            title={`${offers.return_days}-day returns`}
          />
        ) : null}
        {offers.warranty ? (
          <Offer icon={<ShieldCheck aria-hidden className="size-5" />} title="Warranty">
            <p>{offers.warranty}</p>
          </Offer>
        ) : null}
        {payments.length ? (
          <Offer icon={<CreditCard aria-hidden className="size-5" />} title="Payment options">
            <p>{payments.join(', ')}</p>
          </Offer>
        ) : null}
      </ul>
    </section>
  );
}

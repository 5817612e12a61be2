import type { CheckoutData } from '@haat/contracts';
import { Lock, RotateCcw } from 'lucide-react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TotalsList } from '../orders/index.ts';

/** The order total for the chosen delivery option, Place Order, and the shop's checkout promises. */
export function TotalCard({
  orderData,
  delivery,
  codFee,
  total,
  notes,
  busy,
  blocker,
  onPlace,
}: {
  orderData: CheckoutData['order_data'];
  delivery: number;
  /** The shop's cash-on-delivery fee when COD is chosen. */
  codFee: number;
  total: number;
  notes: CheckoutData['notes'];
  busy: boolean;
  /** Why the order cannot be placed yet (no address), if so. */
  blocker: string | null;
  onPlace: () => void;
}) {
  const shopName = useHost().store?.store_name ?? 'This shop';
  return (
    <section
      aria-labelledby="order-total-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-total-title" className="mb-4 text-lg font-bold text-slate-900">
        Order Total
      </h2>
      <TotalsList
        subtotal={orderData.total_cart_value}
        discount={orderData.discount}
        couponCode={orderData.coupon_code}
        delivery={delivery}
        codFee={codFee}
        gst={orderData.gst}
        total={total}
      />
      {blocker ? <p className="mt-4 text-sm text-amber-700">{blocker}</p> : null}
      <button
        type="button"
        onClick={onPlace}
        disabled={busy || !!blocker}
        aria-busy={busy}
        className={`${buttonStyles.primary} mt-4 w-full`}
      >
        {busy ? (
          <>
            <Spinner /> Processing...
          </>
        ) : (
          'Place Order'
        )}
      </button>
      {/* The shopper's consent to share with this shop (DPDP Act 2023, decision 0032): recorded with the order. */}
      <p className="mt-2 text-xs text-slate-600">
        {shopName} will get your name, phone and address to deliver your order.
      </p>
      {notes.secure_checkout || notes.free_returns ? (
        <ul className="mt-4 space-y-2 text-sm text-slate-600">
          {notes.secure_checkout ? (
            <li className="flex items-start gap-2">
              <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              <span>
                <span className="font-semibold text-slate-800">Secure Checkout</span>
                <span className="block">Your details travel over an encrypted connection.</span>
              </span>
            </li>
          ) : null}
          {notes.free_returns ? (
            <li className="flex items-start gap-2">
              <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              <span>
                <span className="font-semibold text-slate-800">Free Returns</span>
                <span className="block">
                  {notes.return_days
                    ? `Return within ${notes.return_days} days of delivery.`
                    : 'Return items you are not happy with.'}
                </span>
              </span>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}

import {
  type CheckoutData,
  codNeedsConfirmation,
  codProblem,
  type PaymentOption,
  rupeesToPaise,
} from '@haat/contracts';
import { CircleAlert, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link } from '../../lib/router.tsx';
import { AddressSection } from './address-section.tsx';
import { BillingAddress } from './billing-address.tsx';
import { BusinessGstin, useBusinessGstin } from './business-gstin.tsx';
import { useCheckout } from './checkout-api.ts';
import { CheckoutItems } from './checkout-items.tsx';
import { ContactBlock } from './contact-block.tsx';
import { DeliveryOptions } from './delivery-options.tsx';
import { HoldNotice, useCheckoutHold } from './hold-notice.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { TotalCard } from './total-card.tsx';
import { usePlaceOrder } from './use-place-order.ts';

const page = 'mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8';
const layout = 'grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]';

function CheckoutSkeleton() {
  return (
    <div role="status" aria-label="Loading checkout" className={layout}>
      <div className="space-y-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-32 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        ))}
      </div>
      <div className="h-80 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
    </div>
  );
}

function NothingSelected({ base }: { base: string }) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingCart aria-hidden className="size-8" />
      </div>
      <h1 className="text-2xl font-bold text-slate-900">Nothing to check out</h1>
      <p className="text-slate-600">Select the items you want to order in your cart, then come back here.</p>
      <Link to={paths.shop.cart(base)} className={buttonStyles.primary}>
        Back to cart
      </Link>
    </div>
  );
}

/** The choices as shown: the picked ones, else the default address / first option / default payment. */
function resolveChoices(
  data: CheckoutData,
  picked: { address: string | null; option: string | null; payment: PaymentOption | null },
) {
  const addresses = data.user_address;
  const address =
    addresses.find((a) => a.id === picked.address) ??
    addresses.find((a) => a.is_default) ??
    addresses[0] ??
    null;
  const option = data.delivery_option.find((o) => o.id === picked.option) ?? data.delivery_option[0] ?? null;
  // The server's totals are for the first option; another option changes only the delivery charge.
  const od = data.order_data;
  const delivery = option ? option.delivery_charge : od.shipping_charge;
  const goods = Math.round((od.total_price - od.shipping_charge + delivery) * 100) / 100;
  // COD by the shop's rules for this address and value (the server checks the same with codProblem).
  const codReason = data.cod ? codProblem(data.cod, address?.id ?? null, rupeesToPaise(goods)) : null;
  const methods = data.payment_methods.filter((m) => m.id !== 'COD' || !codReason);
  const payment =
    methods.find((m) => m.id === picked.payment) ?? methods.find((m) => m.isDefault) ?? methods[0] ?? null;
  const codFee = payment?.id === 'COD' && data.cod ? data.cod.fee : 0;
  const total = Math.round((goods + codFee) * 100) / 100;
  const codConfirm =
    payment?.id === 'COD' && !!data.cod && codNeedsConfirmation(data.cod.confirm_above, rupeesToPaise(total));
  return { address, option, payment, delivery, codFee, codReason, codConfirm, total };
}

/** Checkout (02 §3): what is ordered, contact, address, delivery, payment and the total with Place Order. */
export function CheckoutView({ slug, base }: { slug: string; base: string }) {
  const checkout = useCheckout(slug);
  const hold = useCheckoutHold(slug);
  const [picked, setPicked] = useState({
    address: null as string | null,
    option: null as string | null,
    payment: null as PaymentOption | null,
  });
  const [billing, setBilling] = useState({ same: true, id: null as string | null });
  const gst = useBusinessGstin();
  const { place, busy, problem } = usePlaceOrder(slug, base);
  const data = checkout.data;

  if (!data) {
    return (
      <div className={page}>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Checkout</h1>
        {checkout.isError ? (
          <div className="py-10 text-center">
            <p className="font-semibold text-slate-900">We couldn't load checkout</p>
            <button
              type="button"
              onClick={() => checkout.refetch()}
              className={`${buttonStyles.primary} mt-4`}
            >
              Try again
            </button>
          </div>
        ) : (
          <CheckoutSkeleton />
        )}
      </div>
    );
  }
  if (data.cart_data.length === 0) return <NothingSelected base={base} />;

  const { address, option, payment, delivery, codFee, codReason, codConfirm, total } = resolveChoices(
    data,
    picked,
  );
  const billTo = billing.same ? null : (data.user_address.find((a) => a.id === billing.id) ?? null);
  const blocker = !address
    ? 'Add a delivery address to place your order.'
    : !billing.same && !billTo
      ? 'Choose a billing address to place your order.'
      : !option
        ? 'Choose a delivery option to place your order.'
        : !payment
          ? (codReason ?? 'This shop takes no payment method for this order.')
          : gst.problem
            ? 'Check your business GSTIN to place your order.'
            : null;
  const onPlace = () => {
    if (!address || !option || (!billing.same && !billTo)) return;
    place({
      cart_item: data.cart_data.map((l) => ({ id: l.id, quantity: l.quantity, unit_price: l.unit_price })),
      shipping_address: address.id,
      ...(billTo ? { billing_address: billTo.id } : {}),
      ...(gst.gstNumber ? { gst_number: gst.gstNumber } : {}),
      delivery_type: option.id,
      payment_option: payment?.id ?? 'COD',
      total_amount: total,
    });
  };

  return (
    <div className={page}>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Checkout</h1>
      {problem ? (
        <div
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            {problem} <span className="block">We've refreshed checkout with the latest details.</span>
          </p>
        </div>
      ) : null}
      <HoldNotice hold={hold} />
      <div className={layout}>
        <div className="space-y-4">
          <CheckoutItems lines={data.cart_data} itemCount={data.order_data.total_items} total={total} />
          <ContactBlock slug={slug} contact={data.user_contact} />
          <AddressSection
            slug={slug}
            addresses={data.user_address}
            selectedId={address?.id ?? null}
            onSelect={(id) => setPicked((p) => ({ ...p, address: id }))}
          />
          <BillingAddress
            slug={slug}
            addresses={data.user_address}
            same={billing.same}
            onSameChange={(same) => setBilling((b) => ({ ...b, same }))}
            selectedId={billTo?.id ?? null}
            onSelect={(id) => setBilling((b) => ({ ...b, id }))}
          />
          <BusinessGstin gst={gst} />
          <DeliveryOptions
            options={data.delivery_option}
            selectedId={option?.id ?? null}
            onSelect={(id) => setPicked((p) => ({ ...p, option: id }))}
          />
          <PaymentMethods
            methods={data.payment_methods}
            codReason={codReason}
            codConfirm={codConfirm ? (data.cod?.confirm_hours ?? null) : null}
            selected={payment?.id ?? null}
            onSelect={(id) => setPicked((p) => ({ ...p, payment: id }))}
          />
        </div>
        <div className="lg:sticky lg:top-20">
          <TotalCard
            orderData={data.order_data}
            delivery={delivery}
            codFee={codFee}
            total={total}
            notes={data.notes}
            busy={busy}
            blocker={blocker}
            onPlace={onPlace}
          />
          <Link
            to={paths.shop.cart(base)}
            className="mt-3 block text-center text-sm font-medium text-brand-700 hover:underline"
          >
            Back to cart
          </Link>
        </div>
      </div>
    </div>
  );
}

import type { CustomerOrder, OnlinePayment, PaymentResult } from '@haat/contracts';
import { useEffect, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { queryApi } from '../../lib/api.ts';
import { useQueryClient } from '../../lib/query.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { orderKey } from './orders-api.ts';

/*
 * Paying a placed order online (issue 44), on the order's thank-you page, loaded only for such an order: "Pay now"
 * opens the gateway's checkout (Razorpay's, or in development the test gateway's page); back from it, the signed
 * answer is sent to the server, which verifies it; until the payment is confirmed the page asks again now and then.
 */

type Shown = { status: PaymentResult['status'] | 'OPENING'; message: string };
const RETURN_KEYS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;
const POLL_MS = 2000;

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', fn: () => void): void;
}
type RazorpayCtor = new (o: Record<string, unknown>) => RazorpayCheckout;

function loadCheckoutJs(): Promise<RazorpayCtor> {
  const w = window as unknown as { Razorpay?: RazorpayCtor };
  if (w.Razorpay) return Promise.resolve(w.Razorpay);
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://checkout.razorpay.com/v1/checkout.js';
    s.onload = () => (w.Razorpay ? resolve(w.Razorpay) : reject(new Error('Razorpay did not load')));
    s.onerror = () => reject(new Error('Razorpay could not be reached'));
    document.head.append(s);
  });
}

export function usePayOnline(slug: string, orderId: string) {
  const qc = useQueryClient();
  const call = <T,>(path: string, body?: object) =>
    queryApi<T>(`/api/store/order/${encodeURIComponent(orderId)}/${path}`, {
      method: body === undefined && path.endsWith('status/') ? 'GET' : 'POST',
      body,
      storeOrigin: slug,
      silent: true,
    });
  const refresh = () => qc.invalidateQueries({ queryKey: orderKey(slug, orderId) });
  /** Back from the checkout with its signed answer. */
  const confirm = (answer: Record<string, string>) => call<PaymentResult>('payment-return/', answer);
  const status = () => call<PaymentResult>('payment-status/');
  /** Opens the gateway's checkout for this order. */
  const start = async (onAnswer: (a: Record<string, string>) => void, onFail: () => void) => {
    const pay = await call<OnlinePayment>('pay-online/', {});
    if (pay.paid) return void refresh();
    if (pay.test_checkout_url) {
      const back = `${window.location.pathname}?orderId=${encodeURIComponent(orderId)}`;
      window.location.assign(`${pay.test_checkout_url}?return=${encodeURIComponent(back)}`);
      return;
    }
    const Razorpay = await loadCheckoutJs();
    const checkout = new Razorpay({
      key: pay.key_id,
      order_id: pay.gateway_order_id,
      amount: pay.amount_paise,
      currency: pay.currency,
      name: pay.shop_name,
      description: pay.order_number,
      handler: onAnswer,
    });
    checkout.on('payment.failed', onFail);
    checkout.open();
  };
  return { confirm, status, start, refresh };
}

const TONES: Record<Shown['status'], string> = {
  PAID: 'bg-green-50 text-green-900 ring-green-200',
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-200',
  FAILED: 'bg-red-50 text-red-900 ring-red-200',
  OPENING: 'bg-slate-50 text-slate-800 ring-slate-200',
};

/** The order's online payment: pay, the answer from the gateway, or waiting for its confirmation. */
export default function OnlinePaymentPanel({ order, slug }: { order: CustomerOrder; slug: string }) {
  const [params, setParams] = useSearchParams();
  const pay = usePayOnline(slug, order.id);
  const [shown, setShown] = useState<Shown | null>(
    params.get('payment') === 'failed'
      ? { status: 'FAILED', message: 'The payment did not go through. You can try again.' }
      : null,
  );
  const started = useRef(false);
  const settle = (r: PaymentResult) => {
    setShown({ status: r.status, message: r.message });
    if (r.status !== 'PENDING') void pay.refresh();
  };
  const fail = (e?: unknown) =>
    setShown({
      status: 'FAILED',
      message: e instanceof Error ? e.message : 'The payment did not go through.',
    });
  const onAnswer = (a: Record<string, string>) => void pay.confirm(a).then(settle, fail);
  const open = () => {
    setShown({ status: 'OPENING', message: 'Opening the payment page…' });
    pay.start(onAnswer, () => fail()).catch(fail);
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const answer = Object.fromEntries(RETURN_KEYS.map((k) => [k, params.get(k) ?? '']));
    if (answer.razorpay_signature) {
      setParams({ orderId: order.id }, { replace: true });
      onAnswer(answer);
    } else if (params.get('pay') === '1' && order.payment_status === 'PENDING') {
      setParams({ orderId: order.id }, { replace: true });
      open();
    }
  });

  // Waiting for the gateway's confirmation (its webhook): ask again every few seconds.
  useEffect(() => {
    if (shown?.status !== 'PENDING') return;
    const timer = setInterval(() => void pay.status().then(settle, () => {}), POLL_MS);
    return () => clearInterval(timer);
  });

  const paid = order.payment_status === 'SUCCESS' || shown?.status === 'PAID';
  const tone = TONES[paid ? 'PAID' : (shown?.status ?? 'PENDING')];
  return (
    <section
      aria-label="Online payment"
      className={`rounded-xl p-4 ring-1 ${tone}`}
      data-testid="online-payment"
    >
      <p role="status" className="font-semibold">
        {paid
          ? 'Payment received. Your order is confirmed.'
          : (shown?.message ?? 'This order is waiting for your payment.')}
      </p>
      {!paid && shown?.status !== 'OPENING' && shown?.status !== 'PENDING' ? (
        <button type="button" className={`${buttonStyles.primary} mt-3`} onClick={open}>
          {shown?.status === 'FAILED' ? 'Try again' : 'Pay now'}
        </button>
      ) : null}
    </section>
  );
}

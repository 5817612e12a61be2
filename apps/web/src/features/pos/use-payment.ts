import type { CARD_NETWORKS, PosCheckoutBody, PosPaymentMethod, PosSale } from '@haat/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { NotACounter } from './offline-queue.ts';
import { upiQr } from './offline-sale.ts';
import { type CounterInfo, posApi } from './pos-api.ts';

export type Bill = Omit<PosCheckoutBody, 'payment'>;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

/** What the cashier has entered: the method and its fields. */
export interface PaymentDraft {
  method: PosPaymentMethod;
  received: string;
  utr: string;
  last4: string;
  network: CardNetwork;
}
const FRESH: PaymentDraft = { method: 'CASH', received: '', utr: '', last4: '', network: 'RuPay' };

/** The payment as the sale carries it. */
export function paymentOf(d: PaymentDraft): Payment {
  if (d.method === 'CASH')
    return { method: d.method, amount_received: d.received === '' ? 0 : Number(d.received) };
  if (d.method === 'UPI') return { method: d.method, ...(d.utr ? { utr: d.utr } : {}) };
  if (d.method === 'CREDIT') return { method: 'CREDIT' };
  return { method: d.method, card_last4: d.last4, card_network: d.network };
}

/** What is wrong with the cash received as typed (the field keeps a minus sign, letters and a third decimal). */
function cashProblem(text: string, total: number): string | null {
  const received = text === '' ? 0 : Number(text);
  if (!Number.isFinite(received)) return 'Amount received must be a number';
  if (received < 0) return 'Amount received cannot be negative';
  if (Math.abs(received * 100 - Math.round(received * 100)) > 1e-6)
    return 'Amount received can have at most 2 decimals';
  if (received < total) return `Amount received is less than the total (${formatAmount(total)})`;
  return null;
}

/** Why the entered payment cannot be sent yet, or null. */
export function paymentProblem(d: PaymentDraft, total: number): string | null {
  if (d.method === 'CASH') return cashProblem(d.received, total);
  if (d.method === 'CARD' && !/^\d{4}$/.test(d.last4)) return 'Card: enter the last 4 digits';
  if (d.method === 'UPI' && d.utr && !/^\d{12}$/.test(d.utr))
    return 'UTR must be the 12-digit reference from your bank app';
  return null;
}

/** The UPI QR for the exact amount, while UPI is chosen and the shop has a UPI id: built on the device (issue 43). */
function useUpiQr(active: boolean, total: number, counter: CounterInfo) {
  const [qr, setQr] = useState<{ svg: string; link: string } | null>(null);
  useEffect(() => {
    if (!active || !counter.upi_id) return;
    let live = true;
    setQr(null);
    upiQr(counter.upi_id, counter.shop_name, total)
      .then((made) => live && setQr(made))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [active, total, counter.upi_id, counter.shop_name]);
  return qr;
}

interface SendOptions {
  bill: Bill;
  /** `queued`: made offline, saved on the device and sent when the network is back. */
  onPaid: (sale: PosSale, queued: boolean) => void;
  onStale: (details: Record<string, unknown> | undefined) => void;
  /**
   * Saves the sale on the device with this key (issue 43), when the device is a counter; throws with the
   * cashier's words when it cannot (e.g. a khata above its limit).
   */
  queueOffline?: ((payment: Payment, key: string) => Promise<PosSale>) | null;
}
export type Payment = NonNullable<PosCheckoutBody['payment']>;

/** The server's refusal in full: its message and each field's. */
const refusal = (err: ApiError) =>
  [
    err.message,
    ...(err.envelope?.error.issues ?? []).filter((i) => i.message !== err.message).map((i) => i.message),
  ].join(' · ');

/**
 * Sends the sale with an Idempotency-Key kept while the bill is the same. With no network (the browser offline, or
 * no answer) a registered counter saves it on the device with that key, to send once when the network is back;
 * otherwise everything is kept and the same sale goes again when the network is back (or on Retry). Either way
 * the customer is billed once.
 */
function useSaleSender({ bill, onPaid, onStale, queueOffline }: SendOptions) {
  const { shop } = useSelectedShop();
  const [problem, setProblem] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  /** Saved on the device; false when this device cannot (then the bill stays for a retry). */
  const queue = async (payment: Payment, key: string) => {
    if (!queueOffline) return false;
    try {
      const sale = await queueOffline(payment, key);
      attempt.current = null;
      setOffline(false);
      toast.success('Sale saved on this device', {
        description: `${sale.order_number} · ${formatAmount(sale.total_bill_amount)} · sent when the network is back`,
      });
      onPaid(sale, true);
    } catch (e) {
      if (e instanceof NotACounter) return false;
      setProblem(e instanceof Error ? e.message : String(e));
    }
    return true;
  };

  const send = async (payment: Payment) => {
    if (!shop) return;
    const body: PosCheckoutBody = { ...bill, payment };
    const signature = JSON.stringify(body);
    // The same bill keeps its key (a retry returns the first sale); a changed bill is a new sale.
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
    const { key } = attempt.current;
    setBusy(true);
    setProblem(null);
    try {
      if (!navigator.onLine && (await queue(payment, key))) return;
      const sale = await posApi.checkout(shop.slug, body, key);
      attempt.current = null;
      setOffline(false);
      toast.success('Order placed successfully', {
        description: `${sale.order_number} · ${formatAmount(sale.total_bill_amount)}`,
      });
      onPaid(sale, false);
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      // No answer: the sale may or may not have reached the server; queued with the same key, it is billed once.
      if ((!err || err.status === 0) && (await queue(payment, key))) return;
      setOffline(!err || err.status === 0);
      if (!err || err.status === 0) return;
      setProblem(refusal(err));
      const reason = err.envelope?.error.reason;
      if (reason === 'TOTALS_CHANGED' || reason === 'OUT_OF_STOCK') onStale(err.envelope?.error.details);
    } finally {
      setBusy(false);
    }
  };
  return { send, problem, setProblem, offline, setOffline, busy };
}

/** Process Payment's state: the draft (fresh on each opening), the UPI QR, the send with its retry. */
export function usePayment(open: boolean, total: number, counter: CounterInfo, options: SendOptions) {
  const [draft, setDraft] = useState<PaymentDraft>(FRESH);
  const sender = useSaleSender(options);
  const { setProblem, setOffline, offline, send } = sender;
  const qr = useUpiQr(open && draft.method === 'UPI', total, counter);

  // Each opening starts a fresh payment (the card network chosen last stays).
  useEffect(() => {
    if (!open) return;
    setDraft((d) => ({ ...FRESH, network: d.network }));
    setProblem(null);
    setOffline(false);
  }, [open, setProblem, setOffline]);

  // Back online with a sale that did not get through: send the same sale again (same key).
  const latest = useRef(() => send(paymentOf(draft)));
  latest.current = () => send(paymentOf(draft));
  useEffect(() => {
    if (!offline) return;
    const retry = () => void latest.current();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline]);

  const change = (patch: Partial<PaymentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (patch.method) setProblem(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = paymentProblem(draft, total);
    if (problem) setProblem(problem);
    else void send(paymentOf(draft));
  };
  return { ...sender, draft, change, submit, qr };
}

export type PaymentState = ReturnType<typeof usePayment>;

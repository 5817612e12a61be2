import type { CARD_NETWORKS, PosCheckoutBody, PosPaymentMethod, PosSale } from '@haat/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
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
export function paymentOf(d: PaymentDraft): PosCheckoutBody['payment'] {
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

/** The UPI QR for the exact amount, while UPI is chosen and the shop has a UPI id. */
function useUpiQr(active: boolean, total: number, counter: CounterInfo) {
  const { shop } = useSelectedShop();
  const [qr, setQr] = useState<{ svg: string; link: string } | null>(null);
  useEffect(() => {
    if (!active || !counter.upi_id || !shop) return;
    const ctl = new AbortController();
    setQr(null);
    posApi
      .upi(shop.slug, total, ctl.signal)
      .then((r) => setQr({ svg: r.qr_svg, link: r.upi_link }))
      .catch(() => {});
    return () => ctl.abort();
  }, [active, total, counter.upi_id, shop]);
  return qr;
}

interface SendOptions {
  bill: Bill;
  onPaid: (sale: PosSale) => void;
  onStale: (details: Record<string, unknown> | undefined) => void;
}

/**
 * Sends the sale with an Idempotency-Key kept while the bill is the same: a dropped connection keeps everything
 * and the same sale goes again when the network is back (or on Retry), so the customer is never billed twice.
 */
function useSaleSender({ bill, onPaid, onStale }: SendOptions) {
  const { shop } = useSelectedShop();
  const [problem, setProblem] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  const send = async (payment: PosCheckoutBody['payment']) => {
    if (!shop) return;
    const body: PosCheckoutBody = { ...bill, payment };
    const signature = JSON.stringify(body);
    // The same bill keeps its key (a retry returns the first sale); a changed bill is a new sale.
    if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
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
      setOffline(!err || err.status === 0);
      if (!err || err.status === 0) return;
      const issues = err.envelope?.error.issues ?? [];
      setProblem(
        [err.message, ...issues.filter((i) => i.message !== err.message).map((i) => i.message)].join(' · '),
      );
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

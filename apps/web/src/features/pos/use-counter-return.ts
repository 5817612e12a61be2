import { type CounterReturnMethod, posTotals, returnValue, rupeesToPaise } from '@haat/contracts';
import { useState } from 'react';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import type { PosProduct } from './pos-api.ts';
import {
  type CounterReturn,
  type CounterReturnBody,
  problemOf,
  type ReturnableSale,
  returnsApi,
} from './returns-api.ts';

export type ReturnKind = 'REFUND' | 'EXCHANGE';
export interface ExchangeLine {
  product: PosProduct;
  quantity: number;
}

const newKey = () => `ret-${crypto.randomUUID()}`;

/**
 * A return at the counter as the cashier builds it: the sale found, the units chosen per line (never more than can
 * still come back), the reason, refund or exchange with the new bill, and the figures the server will agree with
 * (`returnValue` and `posTotals`, @haat/contracts). One Idempotency-Key per return, kept across retries.
 */
export function useCounterReturn(gstRegistered: boolean) {
  const { shop } = useSelectedShop();
  const [sale, setSale] = useState<ReturnableSale | null>(null);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<ReturnKind>('REFUND');
  const [method, setMethod] = useState<CounterReturnMethod>('CASH');
  const { exchange, setExchange, addExchange, setExchangeQty } = useExchangeLines();
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<CounterReturn | null>(null);

  const choose = (s: ReturnableSale | null) => {
    setSale(s);
    setQty({});
    setExchange([]);
    setProblem(null);
    setKind('REFUND');
    setMethod(s?.payment_method === 'CREDIT' ? 'KHATA' : 'CASH');
    setKey(newKey());
  };

  const { returnedPaise, newBill } = figures(sale, qty, exchange, gstRegistered);
  const chosen = Object.entries(qty).filter(([, q]) => q > 0);
  const ready =
    !!sale &&
    !sale.not_returnable &&
    chosen.length > 0 &&
    reason.trim().length >= 3 &&
    (kind === 'REFUND' || exchange.length > 0);

  const submit = async () => {
    if (!shop || !sale || !ready) return;
    setBusy(true);
    setProblem(null);
    try {
      const body = returnBody({
        sale,
        chosen,
        reason,
        kind,
        method,
        exchange,
        totalPaise: newBill.totalPaise,
      });
      setDone(await returnsApi.give(shop.slug, body, key));
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    sale,
    choose,
    qty,
    setQty: (itemId: string, q: number) => setQty((m) => ({ ...m, [itemId]: q })),
    reason,
    setReason,
    kind,
    setKind,
    method,
    setMethod,
    exchange,
    addExchange,
    setExchangeQty,
    returnedPaise,
    newBill,
    ready,
    busy,
    problem,
    submit,
    done,
  };
}

export type CounterReturnState = ReturnType<typeof useCounterReturn>;

/** The new bill of an exchange: products added (one more each time), their quantities (0 takes one off). */
function useExchangeLines() {
  const [exchange, setExchange] = useState<ExchangeLine[]>([]);
  const addExchange = (product: PosProduct) =>
    setExchange((ls) => {
      const i = ls.findIndex((l) => l.product.variant_id === product.variant_id);
      if (i < 0) return [...ls, { product, quantity: 1 }];
      return ls.map((l, n) => (n === i ? { ...l, quantity: l.quantity + 1 } : l));
    });
  const setExchangeQty = (variantId: string, quantity: number) =>
    setExchange((ls) =>
      ls.flatMap((l) =>
        l.product.variant_id !== variantId ? [l] : quantity > 0 ? [{ ...l, quantity }] : [],
      ),
    );
  return { exchange, setExchange, addExchange, setExchangeQty };
}

/** The return as the server takes it (POST pos/return/). */
function returnBody(r: {
  sale: ReturnableSale;
  chosen: [string, number][];
  reason: string;
  kind: ReturnKind;
  method: CounterReturnMethod;
  exchange: ExchangeLine[];
  totalPaise: number;
}): CounterReturnBody {
  return {
    order_id: r.sale.order_id,
    lines: r.chosen.map(([item_id, quantity]) => ({ item_id, quantity })),
    reason: r.reason.trim(),
    kind: r.kind,
    method: r.method,
    ...(r.kind === 'EXCHANGE'
      ? {
          exchange: {
            product_id: r.exchange.map((l) => ({
              product_id: l.product.product_id,
              variant_id: l.product.variant_id,
              quantity: l.quantity,
            })),
            total_bill_amount: r.totalPaise / 100,
          },
        }
      : {}),
  };
}

/** What comes back (`returnValue`) and the exchange's new bill (`posTotals`), as the server will work them out. */
function figures(
  sale: ReturnableSale | null,
  qty: Record<string, number>,
  exchange: ExchangeLine[],
  gstRegistered: boolean,
) {
  const returnedPaise = (sale?.lines ?? []).reduce((n, l) => {
    const q = qty[l.item_id] ?? 0;
    return n + (q ? returnValue(rupeesToPaise(l.line_paid), l.quantity, l.returned, q) : 0);
  }, 0);
  const newBill = posTotals(
    exchange.map((l) => ({
      unitPricePaise: rupeesToPaise(l.product.price),
      quantity: l.quantity,
      ratePercent: gstRegistered ? l.product.tax_percentage : 0,
    })),
    { type: 'FIXED', value: 0 },
  );
  return { returnedPaise, newBill };
}

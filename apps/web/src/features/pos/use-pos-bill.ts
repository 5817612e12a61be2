import {
  type DiscountType,
  POS_STOCK_TOAST_MS,
  type PosProduct,
  posTaxRate,
  posTotals,
} from '@haat/contracts';
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast.ts';

export interface BillLine {
  product: PosProduct;
  quantity: number;
}

export interface BillCustomer {
  name: string;
  phone: string;
  email: string;
  address: string;
  gst_number: string;
}

export const NO_CUSTOMER: BillCustomer = { name: '', phone: '', email: '', address: '', gst_number: '' };

/** 02 §5: a quantity above stock stays at the stock and says so for 6 seconds, titled Stock Limit. */
function stockLimit(n: number) {
  toast.info('Stock Limit', {
    description: `Only ${n} items available in stock`,
    duration: POS_STOCK_TOAST_MS,
  });
}

/** The bill's lines: one per variant, never above its stock (a Stock Limit toast says so), 0 or less removes one. */
function useBillLines() {
  const [lines, setLines] = useState<BillLine[]>([]);

  /** Adds one (or `quantity`) of a product; false when none can be added. */
  const add = (product: PosProduct, quantity = 1) => {
    const have = lines.find((l) => l.product.variant_id === product.variant_id)?.quantity ?? 0;
    if (product.stock <= 0) {
      toast.warning('Out of Stock', { description: `${product.name} is out of stock` });
      return false;
    }
    if (have + quantity > product.stock) {
      stockLimit(product.stock);
      if (have >= product.stock) return false;
    }
    const next = Math.min(product.stock, have + quantity);
    setLines((ls) =>
      ls.some((l) => l.product.variant_id === product.variant_id)
        ? ls.map((l) => (l.product.variant_id === product.variant_id ? { product, quantity: next } : l))
        : [...ls, { product, quantity: next }],
    );
    return true;
  };

  /** Sets a line's quantity: 0 or less removes it (02 §5), above stock stops at the stock. */
  const setQuantity = (variantId: string, quantity: number) => {
    const line = lines.find((l) => l.product.variant_id === variantId);
    if (!line) return;
    if (!Number.isFinite(quantity) || quantity <= 0) {
      setLines((ls) => ls.filter((l) => l.product.variant_id !== variantId));
      return;
    }
    let q = Math.floor(quantity);
    if (q > line.product.stock) {
      stockLimit(line.product.stock);
      q = line.product.stock;
    }
    setLines((ls) => ls.map((l) => (l.product.variant_id === variantId ? { ...l, quantity: q } : l)));
  };

  const remove = (variantId: string) =>
    setLines((ls) => ls.filter((l) => l.product.variant_id !== variantId));

  /** The server's prices for the lines (a 409 TOTALS_CHANGED): the bill shows what will be charged. */
  const reprice = (items: { variant_id: string; price: number }[]) =>
    setLines((ls) =>
      ls.map((l) => {
        const now = items.find((i) => i.variant_id === l.product.variant_id);
        return now ? { ...l, product: { ...l.product, price: now.price } } : l;
      }),
    );

  return { lines, add, setQuantity, remove, reprice, clear: () => setLines([]) };
}

/**
 * The open bill at the counter: its lines, customer and discount, and the totals from `posTotals`, the same
 * arithmetic the server checks. A shop without a GSTIN charges no GST.
 */
export function usePosBill(gstRegistered: boolean) {
  const { clear, ...bill } = useBillLines();
  const { lines } = bill;
  const [customer, setCustomer] = useState<BillCustomer>(NO_CUSTOMER);
  const [discountType, setDiscountType] = useState<DiscountType>('PERCENT');
  const [discountText, setDiscountText] = useState('');

  const reset = () => {
    clear();
    setCustomer(NO_CUSTOMER);
    setDiscountText('');
    setDiscountType('PERCENT');
  };

  const discountValue = discountText.trim() === '' ? 0 : Number(discountText);
  const taxLines = lines.map((l) => ({
    unitPricePaise: Math.round(l.product.price * 100),
    quantity: l.quantity,
    ratePercent: gstRegistered ? l.product.tax_percentage : 0,
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: taxLines is derived from lines and gstRegistered
  const totals = useMemo(
    () => posTotals(taxLines, { type: discountType, value: discountValue }),
    [lines, gstRegistered, discountType, discountValue],
  );
  const taxRate = gstRegistered
    ? posTaxRate(lines.map((l) => ({ ratePercent: l.product.tax_percentage })))
    : 0;

  return {
    ...bill,
    reset,
    customer,
    setCustomer,
    discountType,
    setDiscountType,
    discountText,
    setDiscountText,
    discountValue,
    totals,
    taxRate,
  };
}
export type PosBill = ReturnType<typeof usePosBill>;

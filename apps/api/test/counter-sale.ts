import { posTotals } from '@haat/contracts';

/**
 * The body the counter sends for a sale of one line (`POST /api/admin/order/pos-checkout/`), its totals computed as
 * the counter does (`posTotals`, no discount); `payment` is given the bill's total in rupees.
 *
 *     counterSaleBody({ productId, quantity: 2, unitPricePaise: 12_000, ratePercent: 18 }, () => ({ method: 'UPI' }))
 */
export function counterSaleBody(
  line: { productId: string; quantity: number; unitPricePaise: number; ratePercent: number },
  payment: (totalRupees: number) => object,
  name = 'Meena Iyer',
) {
  const { productId, quantity, unitPricePaise, ratePercent } = line;
  const tot = posTotals([{ unitPricePaise, quantity, ratePercent }], { type: 'FIXED', value: 0 });
  return {
    name,
    phone: '9812345670',
    product_id: [{ product_id: productId, quantity }],
    discount_type: 'FIXED',
    discount_value: 0,
    sub_total: tot.subtotalPaise / 100,
    discount_amount: tot.discountPaise / 100,
    tax: tot.taxPaise / 100,
    total_bill_amount: tot.totalPaise / 100,
    total_items: tot.items,
    payment: payment(tot.totalPaise / 100),
  };
}

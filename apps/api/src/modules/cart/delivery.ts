import { type DeliveryOption, paiseToRupees } from '@haat/contracts';
import type { DeliveryOptionRow } from './cart.repository.ts';

/** What an option costs for a cart: free by its threshold, or (where it honours it) when every line ships free. */
export function deliveryChargePaise(
  o: DeliveryOptionRow,
  subtotalPaise: number,
  everyLineShipsFree: boolean,
) {
  if (o.chargePaise === 0) return 0;
  if (o.freeAbovePaise != null && subtotalPaise >= o.freeAbovePaise) return 0;
  if (o.honoursFreeShipping && everyLineShipsFree) return 0;
  return o.chargePaise;
}

export function toDeliveryOption(o: DeliveryOptionRow, chargePaise: number): DeliveryOption {
  return {
    id: o.id,
    delivery_name: o.name,
    estimated_time: o.estimatedTime,
    description: o.description,
    delivery_charge: paiseToRupees(chargePaise),
    base_charge: paiseToRupees(o.chargePaise),
    free_above: o.freeAbovePaise == null ? null : paiseToRupees(o.freeAbovePaise),
    is_free: chargePaise === 0,
    is_recommended: o.isRecommended,
    min_days: o.minDays,
    max_days: o.maxDays,
  };
}

/** The expected delivery date: the option's slowest day count from now, skipping Sundays. */
export function expectedDelivery(from: Date, maxDays: number) {
  const d = new Date(from);
  let left = maxDays;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0) left -= 1;
  }
  return d;
}

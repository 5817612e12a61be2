import type { CounterReturn, CounterReturnBody, ReturnableSale } from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import { adminCall } from '../../lib/selected-shop.tsx';

export type { CounterReturn, CounterReturnBody, ReturnableSale };

export interface RecentSale {
  order_id: string;
  order_number: string;
  created_at: string;
  total: number;
  items: number;
  name: string;
}

/** Returns at the counter (issue 38): the sale by receipt number or phone, the return, its credit note. */
export const returnsApi = {
  /** Silent: the dialog says "No sale ORD-… in this shop" beside the field. */
  sale: (slug: string, number: string) =>
    adminCall<ReturnableSale>(slug, `/pos/sale/${encodeURIComponent(number.trim())}/returnable/`, {
      silent: true,
    }),
  byPhone: (slug: string, phone: string) =>
    adminCall<{ sales: RecentSale[] }>(slug, '/pos/returnable-sales/', { query: { phone }, silent: true }),
  /** Silent: the dialog shows what was refused (what is left of a line, a changed price) and keeps the key. */
  give: (slug: string, body: CounterReturnBody, key: string) =>
    adminCall<CounterReturn>(slug, '/pos/return/', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': key },
      silent: true,
    }),
};

/** The server's message, with what each refused field says. */
export function problemOf(e: unknown) {
  if (!(e instanceof ApiError)) return 'Something went wrong. Try again.';
  const issues = (e.envelope?.error.issues ?? []).map((i) => i.message).filter((m) => m !== e.message);
  return [e.message, ...issues].join(' · ');
}

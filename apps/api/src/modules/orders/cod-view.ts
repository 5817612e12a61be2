import type { CodConfirmation } from '@haat/contracts';

/** What an order's COD confirmation is read from. */
type Confirmable = { codConfirmBy: Date | null; codConfirmedAt: Date | null; status: string };

/** How the customer and the back office see an order's confirmation (null: none was asked for). */
export function confirmationOf(o: Confirmable): CodConfirmation | null {
  if (!o.codConfirmBy) return null;
  const status = o.codConfirmedAt ? 'CONFIRMED' : o.status === 'PENDING' ? 'AWAITING' : 'EXPIRED';
  return {
    status,
    confirm_by: o.codConfirmBy.toISOString(),
    confirmed_at: o.codConfirmedAt?.toISOString() ?? null,
  };
}

export const isAwaitingConfirmation = (o: Confirmable) =>
  !!o.codConfirmBy && !o.codConfirmedAt && o.status === 'PENDING';

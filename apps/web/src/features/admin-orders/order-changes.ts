import type { AdminOrderStatusBody, EditOrderBody } from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import { type AdminOrderDetails, adminOrdersApi, useOrderChange } from './admin-orders-api.ts';
import { type Outcome, outcomeOf } from './dialog-form.tsx';

/** The changes the order page makes, each with the version it was made against. */
export function useChanges(order: AdminOrderDetails) {
  const id = order.id;
  const v = order.version;
  return {
    status: useOrderChange(id, (slug, body: AdminOrderStatusBody) =>
      adminOrdersApi.status(slug, id, { ...body, version: v }),
    ),
    shipping: useOrderChange(
      id,
      (slug, body: { carrier: string; tracking_number: string; tracking_url?: string }) =>
        adminOrdersApi.shipping(slug, id, { ...body, version: v }),
      'Shipping details saved',
    ),
    payment: useOrderChange(
      id,
      (slug, utr: string) => adminOrdersApi.payment(slug, id, { utr, version: v }),
      'Payment recorded',
    ),
    edit: useOrderChange(
      id,
      (slug, body: Omit<EditOrderBody, 'version'>) => adminOrdersApi.edit(slug, id, { ...body, version: v }),
      'Order updated',
    ),
    decide: useOrderChange(
      id,
      (slug, body: { decision: 'ACCEPT' | 'DECLINE'; note?: string; item_ids?: string[] }) =>
        adminOrdersApi.decideReturn(slug, id, { ...body, version: v }),
    ),
  };
}

/** Runs a change from a dialog: closes it on success, or gives the dialog its errors to show. */
export async function attempt(run: () => Promise<unknown>, close: () => void): Promise<Outcome> {
  try {
    await run();
    close();
    return null;
  } catch (e) {
    // The order changed meanwhile: it is being reloaded; close so the vendor sees the order as it is now.
    if (e instanceof ApiError && e.envelope?.error.reason === 'ORDER_CHANGED') {
      close();
      return null;
    }
    return outcomeOf(e);
  }
}

import type { storeSettings } from '../schema/index.ts';
import type { DemoOrderRows } from './demo-orders.ts';

/*
 * Cash on delivery rules in the demo (issue 19, decision 0015), on one shop that no test relies on for plain COD
 * checkout, so a newcomer sees them at work: limits, blocked PIN codes and a state, a COD fee, and confirmation
 * of larger COD orders. Its history shows the three outcomes: the newest open COD order awaits the customer's
 * confirmation (it can be cancelled, not shipped), an older one was confirmed by the customer, and one was
 * cancelled by itself when nobody confirmed it.
 */

const HOUR = 3_600_000;

type CodSettings = Pick<
  typeof storeSettings.$inferInsert,
  | 'codMinPaise'
  | 'codMaxPaise'
  | 'codBlockedPins'
  | 'codBlockedStates'
  | 'codFeePaise'
  | 'codConfirmAbovePaise'
  | 'codConfirmHours'
>;

const DEMO_COD_RULES: Record<string, CodSettings> = {
  'kesar-glow-naturals': {
    codMinPaise: 19_900,
    codMaxPaise: 1_000_000,
    // Port Blair and Leh: parcels there come back too often.
    codBlockedPins: ['194101', '744101'],
    codBlockedStates: ['Lakshadweep'],
    codFeePaise: 2_900,
    codConfirmAbovePaise: 99_900,
    codConfirmHours: 24,
  },
};

/** The COD rules of a demo shop's settings row (none: COD without limits, as a new shop has). */
export const demoCodRules = (slug: string): CodSettings => DEMO_COD_RULES[slug] ?? {};

type Order = DemoOrderRows['orders'][number];
const isOpenCod = (o: Order) => o.paymentMethod === 'COD' && o.channel !== 'POS' && o.status === 'PENDING';

/** Marks the shop's newest open COD orders as awaiting and confirmed, and an older cancelled one as expired. */
export function addDemoCodConfirmations(rows: DemoOrderRows, slug: string, end: number) {
  const rules = DEMO_COD_RULES[slug];
  if (!rules?.codConfirmHours) return;
  const hours = rules.codConfirmHours * HOUR;
  // Only orders the shop's rule would have asked to confirm (at or above its value).
  const above = rules.codConfirmAbovePaise ?? 0;
  const open = rows.orders.filter((o) => isOpenCod(o) && (o.totalPaise ?? 0) >= above);
  // The newest open COD order, if placed within the window: still waiting, with its time left.
  const awaiting = open.at(-1);
  const placedAt = new Date(awaiting?.createdAt ?? 0).getTime();
  if (awaiting && placedAt > end - hours + HOUR) awaiting.codConfirmBy = new Date(placedAt + hours);
  const confirmed = open.at(-2);
  if (confirmed?.createdAt && confirmed.id) {
    const placed = new Date(confirmed.createdAt).getTime();
    Object.assign(confirmed, {
      codConfirmBy: new Date(placed + hours),
      codConfirmedAt: new Date(placed + HOUR),
    });
    rows.events.push({
      storeId: confirmed.storeId,
      orderId: confirmed.id,
      status: 'COD_CONFIRMED',
      note: 'Confirmed by the customer with the mailed code',
      actorId: confirmed.customerId ?? null,
      createdAt: new Date(placed + HOUR),
    });
  }
  // A cancelled COD order at least the confirmation window old when cancelled, the closest to it: its deadline
  // is set so the sweep's cancellation follows it (the stock and payment rows keep their own times).
  const gap = (o: Order) => new Date(o.cancelledAt ?? 0).getTime() - new Date(o.createdAt ?? 0).getTime();
  const expired = rows.orders
    .filter(
      (o) =>
        o.paymentMethod === 'COD' &&
        o.status === 'CANCELLED' &&
        o.cancelledAt &&
        gap(o) >= hours &&
        (o.totalPaise ?? 0) >= above,
    )
    .sort((a, b) => gap(a) - gap(b))[0];
  if (expired?.createdAt) {
    const placed = new Date(expired.createdAt).getTime();
    Object.assign(expired, {
      codConfirmBy: new Date(placed + hours),
      cancelReason: 'Cash on delivery was not confirmed in time',
    });
    for (const e of rows.events) {
      if (e.orderId === expired.id && e.status === 'CANCELLED') {
        Object.assign(e, { note: 'Cash on delivery was not confirmed in time', actorId: null });
      }
    }
  }
}

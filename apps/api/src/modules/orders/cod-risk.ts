import { formatPaise, COD_RISK_RULES as R } from '@haat/contracts';
import { type SQL, sql } from 'drizzle-orm';

/*
 * The risk flag on cash-on-delivery orders not yet shipped (decision 0014), as SQL over the outer `orders` row
 * (raw names: inside a subquery drizzle would leave the outer columns unqualified) so that Order Management reads
 * it with the page's rows in the same statement. Each part reads a bounded index range: the customer's RTO orders
 * (orders_rto_customer_idx), the latest shipped COD orders to the PIN code (orders_cod_pin_idx, newest first), and
 * the median of the shop's latest COD orders of the last 90 days (orders_cod_idx, newest first), which names no
 * column of the outer row, so it is computed once per statement.
 */

/** A COD order that has not left the shop yet: the only orders the flag is for. */
const codOpen = sql`(orders.payment_method = 'COD' and orders.status in ('PENDING', 'CONFIRMED', 'PROCESSING'))`;

const pastRtoCount = sql`(select count(*) from orders p
  where p.store_id = orders.store_id and p.customer_id = orders.customer_id and p.rto_at is not null)`;

/** `pick` over the latest shipped COD orders to the row's PIN code (at most R.pinRecentShipped). */
const pinFacts = (pick: SQL) => sql`(select ${pick} from (select p.rto_at from orders p
  where p.store_id = orders.store_id and p.ship_postal_code = orders.ship_postal_code
    and p.payment_method = 'COD' and p.shipped_at is not null
  order by p.shipped_at desc limit ${R.pinRecentShipped}) p)`;

/** `pick` over the shop's latest COD orders of the window, cancelled ones left out (at most R.valueRecentOrders). */
const codMedian = (pick: SQL) => sql`(select ${pick} from (select m.total_paise from orders m
  where m.store_id = app_store_id() and m.payment_method = 'COD' and m.status <> 'CANCELLED'
    and m.created_at >= now() - make_interval(days => ${R.valueWindowDays})
  order by m.created_at desc limit ${R.valueRecentOrders}) m)`;
const median = sql`percentile_cont(0.5) within group (order by m.total_paise)`;

/** The facts behind the flag of an open COD order (null for any other order), for its reasons in words. */
export const riskFacts = sql<RiskFacts | null>`case when ${codOpen} then json_build_object(
  'past_rto', ${pastRtoCount},
  'pin', ${pinFacts(sql`json_build_object('shipped', count(*), 'rto', count(p.rto_at))`)},
  'value', ${codMedian(sql`json_build_object('median_paise', ${median}, 'of', count(*))`)}) end`;

/** The Risky COD filter: an open COD order for which at least one reason holds. */
export const riskyCod = sql`(${codOpen} and (
  exists (select 1 from orders p
    where p.store_id = orders.store_id and p.customer_id = orders.customer_id and p.rto_at is not null)
  or ${pinFacts(sql`count(*) >= ${R.pinMinShipped} and count(p.rto_at) * 100 >= ${R.pinRtoPercent} * count(*)`)}
  or orders.total_paise > ${codMedian(
    sql`case when count(*) >= ${R.valueMinOrders} then greatest(${R.valueMultiple} * ${median}, ${R.valueFloorPaise}) end`,
  )}))`;

export interface RiskFacts {
  past_rto: number;
  /** The latest shipped COD orders to the PIN code: how many, how many came back. */
  pin: { shipped: number; rto: number };
  /** The shop's median COD order (paise) of the window, and of how many orders. */
  value: { median_paise: number | null; of: number };
}

const inr = (paise: number) => formatPaise(Math.round(paise));

/** Why an order is risky, in words; empty when no rule holds (the same rules as `riskyCod`). */
export function riskReasons(
  facts: RiskFacts | null,
  order: { totalPaise: number; shipPostalCode: string },
): string[] {
  if (!facts) return [];
  const reasons: string[] = [];
  const past = Number(facts.past_rto);
  if (past > 0) reasons.push(`Customer has ${past} past RTO${past === 1 ? '' : 's'} at this shop`);
  const shipped = Number(facts.pin.shipped);
  const rto = Number(facts.pin.rto);
  if (shipped >= R.pinMinShipped && rto * 100 >= R.pinRtoPercent * shipped) {
    const pct = Math.round((rto / shipped) * 100);
    reasons.push(
      `PIN ${order.shipPostalCode} has a high RTO rate here: ${rto} of ${shipped} shipped COD orders came back (${pct}%)`,
    );
  }
  const med = facts.value.median_paise === null ? null : Number(facts.value.median_paise);
  if (med !== null && Number(facts.value.of) >= R.valueMinOrders) {
    const limit = Math.max(R.valueMultiple * med, R.valueFloorPaise);
    if (order.totalPaise > limit) {
      reasons.push(
        `Unusually high value: ${inr(order.totalPaise)} against this shop's median COD order of ${inr(med)} (last ${R.valueWindowDays} days)`,
      );
    }
  }
  return reasons;
}

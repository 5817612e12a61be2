/**
 * What the process-level suites check after a load (shop-load.ts), once every lost answer was sent again: every
 * acknowledged order, sale and refund exists, one order per key, no partial order, nothing oversold, stock moved
 * exactly as the stock ledger says, and no gap or duplicate in any invoice or credit-note series.
 */
import type postgres from 'postgres';
import { type ShopLoad, settled } from './shop-load.ts';

export async function checkShopLedger(
  sql: postgres.Sql,
  load: ShopLoad,
  expect: (ok: boolean, what: string) => void,
) {
  const { keyed, refunds, shop, startedAt, stockAtStart } = load;
  expect(
    keyed.every((op) => settled(op.status)),
    `every order and sale has an answer after its retries (${keyed.filter((op) => !settled(op.status)).length} without)`,
  );

  // Nothing acknowledged is lost; one order per key.
  const acked = keyed.filter((op) => op.orderId);
  const ids = acked.map((op) => op.orderId as string);
  const existing = new Set(
    (
      await sql<
        { id: string }[]
      >`select id::text from orders where id::text in ${sql(ids.length ? ids : ['-'])}`
    ).map((r) => r.id),
  );
  const lost = ids.filter((id) => !existing.has(id));
  expect(
    lost.length === 0,
    `every acknowledged order and sale exists (${acked.length}, ${lost.length} lost)`,
  );
  expect(new Set(ids).size === ids.length, 'each key answered with an order of its own');
  const since = sql`created_at >= ${startedAt}::timestamptz`;
  const [made] = await sql<
    { n: number }[]
  >`select count(*)::int as n from orders where store_id = ${shop.id} and ${since}`;
  expect(
    made?.n === acked.length,
    `orders made in the run = acknowledged orders and sales (${made?.n} vs ${acked.length})`,
  );

  // Refunds acknowledged exist; a refund whose answer was lost may or may not have happened.
  const refundRows = await sql<{ tx: string; n: number }[]>`
    select order_id::text as tx, count(*)::int as n from refunds
     where store_id = ${shop.id} and created_at >= ${startedAt}::timestamptz group by 1`;
  const refundsIn = new Map(refundRows.map((r) => [r.tx, r.n]));
  const ackedRefunds = [...refunds.acked.values()].reduce((a, b) => a + b, 0);
  const badRefunds = [...refunds.acked].filter(([tx, n]) => {
    const have = refundsIn.get(tx) ?? 0;
    return have < n || have > n + (refunds.unknown.get(tx) ?? 0);
  });
  expect(
    refundRows.length > 0 || ackedRefunds === 0,
    `refunds of the run are found (${refundRows.length} transactions)`,
  );
  expect(
    badRefunds.length === 0,
    `every acknowledged refund exists, none twice (${ackedRefunds} acknowledged)`,
  );

  // No partial order.
  const partial = await sql`
    select o.id from orders o where o.store_id = ${shop.id} and o.created_at >= ${startedAt}::timestamptz and (
      not exists (select 1 from order_items i where i.store_id = o.store_id and i.order_id = o.id)
      or not exists (select 1 from payment_transactions p where p.store_id = o.store_id and p.order_id = o.id)
      or not exists (select 1 from stock_ledger l where l.store_id = o.store_id and l.order_id = o.id))`;
  expect(partial.length === 0, `no partial order (${partial.length})`);

  // Nothing oversold; stock moved exactly as the ledger says.
  const moved = await sql<{ id: string; q: number; ledger: number }[]>`
    select v.id::text, v.quantity as q,
           coalesce((select sum(l.change) from stock_ledger l where l.store_id = v.store_id and l.variant_id = v.id
                       and l.created_at >= ${startedAt}::timestamptz), 0)::int as ledger
      from product_variants v where v.store_id = ${shop.id}`;
  const oversold = moved.filter((v) => v.q < 0).length;
  expect(oversold === 0, `nothing oversold: no variant's stock below zero (${oversold})`);
  const off = moved.filter((v) => v.q - (stockAtStart.get(v.id) ?? 0) !== v.ledger);
  expect(
    off.length === 0,
    `stock of every variant = its stock at the start + the ledger's changes (${off.length} off)`,
  );

  // No gap and no duplicate in any document series.
  const gaps = await sql<{ series: string; fy: string }[]>`
    select series, fy from tax_documents group by store_id, series, fy
    having count(*) <> max(seq) or count(distinct seq) <> count(*)`;
  expect(
    gaps.length === 0,
    `no gap or duplicate in any invoice or credit-note series (${gaps.map((g) => `${g.series}/${g.fy}`).join(', ')})`,
  );
  return { acked: acked.length, lost: lost.length, ackedRefunds };
}

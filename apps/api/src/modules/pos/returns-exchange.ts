import {
  type counterReturnBody,
  formatPaise,
  paiseToRupees,
  posTotals,
  rupeesToPaise,
} from '@haat/contracts';
import type { StoreTx, Tx } from '@haat/db';
import type { z } from 'zod';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, forbidden } from '../../lib/errors.ts';

import type { OrderRow } from '../orders/index.ts';
import { shopTaxProfile } from '../payments/index.ts';

import * as posRepo from './pos.repository.ts';
import { checkVariantsNamed, lineIds, priceLines } from './pos.service.ts';
import { type PricedLine, type Body as SaleBody, sendSale } from './pos-writes.ts';

/*
 * An exchange's new bill (issue 38): priced from the database as any counter sale is, then written by the sale's
 * own `sendSale` (stock taken, order, lines, payment, SALE ledger rows, its tax invoice) inside the return's
 * transaction. The returned value pays towards it: the sale is recorded whole and the return as a refund in the
 * same method, so the new bill has its own invoice, the old one its credit note, and the drawer (or UPI, or card)
 * moves by the difference only.
 */

type Body = z.output<typeof counterReturnBody>;

export interface PricedExchange {
  lines: PricedLine[];
  totals: ReturnType<typeof posTotals>;
  shop: Awaited<ReturnType<typeof shopTaxProfile>>;
  counterInfo: Awaited<ReturnType<typeof posRepo.shopCounter>>;
}

const SUSPENDED =
  'This shop is suspended by the Haat platform and cannot sell at the counter: the return can be refunded, not exchanged.';

/** The new bill priced now; the screen's total must agree (409 TOTALS_CHANGED with the server's figure). */
export async function priceExchange(ctx: ShopContext, tx: Tx, body: Body): Promise<PricedExchange> {
  const asked = body.exchange?.product_id ?? [];
  const [rows, shop, counterInfo, status] = await Promise.all([
    posRepo.sellablesFor(tx, ...lineIds(asked)),
    shopTaxProfile(tx),
    posRepo.shopCounter(tx),
    posRepo.shopStatus(tx, ctx.store.id),
  ]);
  if (status === 'SUSPENDED') throw forbidden(SUSPENDED, 'SHOP_SUSPENDED');
  await checkVariantsNamed(tx, asked, rows);
  const lines = priceLines(asked, rows, !!shop.gstin);
  const totals = posTotals(
    lines.map((l) => ({ unitPricePaise: l.pricePaise, quantity: l.quantity, ratePercent: l.ratePercent })),
    { type: 'FIXED', value: 0 },
  );
  if (rupeesToPaise(body.exchange?.total_bill_amount ?? 0) !== totals.totalPaise) {
    throw new AppError(
      409,
      'CONFLICT',
      `The new bill's total is ${formatPaise(totals.totalPaise)} now (prices changed). Check it and try again.`,
      {
        reason: 'TOTALS_CHANGED',
        details: { total_bill_amount: paiseToRupees(totals.totalPaise) },
        issues: [{ path: 'exchange.total_bill_amount', message: "Does not match the server's figure" }],
      },
    );
  }
  return { lines, totals, shop, counterInfo };
}

/** Sends the new bill as a counter sale to the returning customer, paid in the exchange's method. */
export function sendExchangeSale(
  { actor, store }: ShopContext,
  tx: Tx,
  send: StoreTx['send'],
  r: { order: OrderRow; body: Body; exchange: PricedExchange; key: string },
) {
  const { order, body, exchange } = r;
  const method = body.method === 'KHATA' ? 'CASH' : body.method;
  const { totals } = exchange;
  const saleBody: SaleBody = {
    name: order.shipName,
    phone: order.contactPhone ?? order.shipPhone ?? '',
    email: order.contactEmail ?? undefined,
    address: undefined,
    gst_number: order.buyerGstin ?? undefined,
    product_id: body.exchange?.product_id ?? [],
    discount_type: 'FIXED',
    discount_value: 0,
    sub_total: paiseToRupees(totals.subtotalPaise),
    discount_amount: 0,
    tax: paiseToRupees(totals.taxPaise),
    total_bill_amount: paiseToRupees(totals.totalPaise),
    total_items: totals.items,
    payment: { method },
  };
  return sendSale(tx, send, {
    actor,
    store,
    body: saleBody,
    key: `${r.key}:exchange`,
    lines: exchange.lines,
    totals,
    payment: { method, tenderedPaise: null, utr: null, cardLast4: null, cardNetwork: null },
    counterInfo: exchange.counterInfo,
    shop: exchange.shop,
  });
}

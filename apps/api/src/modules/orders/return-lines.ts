import {
  apportion,
  formatPaise,
  lineName,
  paiseToRupees,
  type ReturnLine,
  roundPaise,
} from '@haat/contracts';
import { AppError, badRequest } from '../../lib/errors.ts';

import type * as repo from './orders.repository.ts';

/*
 * Returns and exchanges per line and per quantity (issue 40): which units a shopper may send back, what each line's
 * units were paid (its share of the order's discount taken off), and the request's lines as both sides read them.
 */

type Item = repo.OrderItemRow;
/** What a line's view and share need of it (the vendor's detail reads its lines as JSON). */
type LineOf = Pick<Item, 'id' | 'name' | 'variantLabel' | 'quantity' | 'unitPricePaise'>;
type ReturnRow = Awaited<ReturnType<typeof repo.returnsOf>>[number];
export type ReturnRequestLine = ReturnRow['lines'][number];
/** A request as both detail reads give it. */
type ReturnOf = Pick<ReturnRow, 'reason' | 'status' | 'decisionNote' | 'kind' | 'lines' | 'refundPaise'> & {
  createdAt: Date | string;
  decidedAt: Date | string | null;
};

/** Units of a line the customer still holds: sold, less what a refund or an earlier return put back on the shelf. */
export const returnable = (i: Item) => i.quantity - i.restockedQuantity;

/**
 * What was paid for `quantity` units of each line: the line's value less its share of the order's discount (spread
 * by value, as the order's tax was), in proportion to the units. Whole lines add up to the goods' total exactly.
 */
export function lineShares(order: Pick<repo.OrderRow, 'discountPaise'>, items: LineOf[]) {
  const values = items.map((i) => i.unitPricePaise * i.quantity);
  const discounts = apportion(order.discountPaise, values);
  return (item: LineOf, quantity: number) => {
    const at = items.findIndex((i) => i.id === item.id);
    const paid = (values[at] ?? 0) - (discounts[at] ?? 0);
    return quantity === item.quantity ? paid : roundPaise((paid * quantity) / item.quantity);
  };
}

/**
 * The lines a shopper asks to send back, checked against the order: each a line of it, never more units than
 * they hold of it (400 naming `items.N.quantity`). Left out: every unit still held, of every line.
 */
export function askedLines(
  order: Pick<repo.OrderRow, 'discountPaise'>,
  items: Item[],
  asked: { item_id: string; quantity: number }[] | undefined,
): ReturnRequestLine[] {
  const share = lineShares(order, items);
  const wanted = asked ?? items.map((i) => ({ item_id: i.id, quantity: returnable(i) }));
  const lines: ReturnRequestLine[] = [];
  wanted.forEach((a, n) => {
    const item = items.find((i) => i.id === a.item_id);
    if (!item) {
      const message = 'That item is not in this order';
      throw badRequest(message, [{ path: `items.${n}.item_id`, message }]);
    }
    const left = returnable(item);
    if (a.quantity > left) {
      const message = `Only ${left} of ${lineName(item.name, item.variantLabel)} can be returned (${item.quantity} delivered${item.restockedQuantity ? `, ${item.restockedQuantity} already back` : ''})`;
      throw badRequest(message, [{ path: `items.${n}.quantity`, message }]);
    }
    if (a.quantity > 0) {
      lines.push({
        item_id: item.id,
        quantity: a.quantity,
        status: 'REQUESTED',
        amount_paise: share(item, a.quantity),
      });
    }
  });
  if (!lines.length) {
    throw new AppError(409, 'CONFLICT', 'Every item of this order is already back with the shop.', {
      reason: 'NOTHING_TO_RETURN',
    });
  }
  return lines;
}

/** A request's lines: stored ones, or for a request made before lines existed, every line in full. */
export function requestLines(ret: ReturnOf, items: LineOf[]): ReturnRequestLine[] {
  if (ret.lines.length) return ret.lines;
  const share = lineShares({ discountPaise: 0 }, items);
  const status =
    ret.status === 'REJECTED' ? 'REJECTED' : ret.status === 'REQUESTED' ? 'REQUESTED' : 'ACCEPTED';
  return items.map((i) => ({
    item_id: i.id,
    quantity: i.quantity,
    status,
    amount_paise: share(i, i.quantity),
  }));
}

/** The request as the customer's and the vendor's order pages show it. */
export function returnView(ret: ReturnOf, items: LineOf[]) {
  const lines: ReturnLine[] = requestLines(ret, items).map((l) => {
    const item = items.find((i) => i.id === l.item_id);
    return {
      item_id: l.item_id,
      name: item?.name ?? '',
      variant: item?.variantLabel ?? null,
      quantity: l.quantity,
      status: l.status,
      amount: paiseToRupees(l.amount_paise),
    };
  });
  return {
    reason: ret.reason,
    created_at: new Date(ret.createdAt).toISOString(),
    decided_at: ret.decidedAt ? new Date(ret.decidedAt).toISOString() : null,
    decision_note: ret.decisionNote,
    kind: ret.kind,
    items: lines,
    refund_amount: paiseToRupees(ret.refundPaise),
  };
}

/** "2 × Masala Chai, 1 × Kurta (M / Blue)": the lines as a sentence for notes and mails. */
export function linesText(lines: ReturnRequestLine[], items: LineOf[]) {
  return lines
    .map((l) => {
      const item = items.find((i) => i.id === l.item_id);
      return `${l.quantity} × ${item ? lineName(item.name, item.variantLabel) : 'item'}`;
    })
    .join(', ');
}

/** The money line of a decided return: what is due back, or that an exchange sends the same again. */
export function refundText(kind: 'RETURN' | 'EXCHANGE', refundPaise: number) {
  if (kind === 'EXCHANGE') return 'The shop sends you the same again in exchange.';
  return refundPaise > 0 ? `${formatPaise(refundPaise)} is due back to you.` : '';
}

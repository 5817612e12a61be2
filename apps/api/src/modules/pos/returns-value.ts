import { lineName, linePaid, returnValue } from '@haat/contracts';
import { AppError } from '../../lib/errors.ts';
import type { OrderItemRow } from '../orders/index.ts';

/* What a counter return is worth (issue 38), pure: the rule is `linePaid` and `returnValue` (@haat/contracts). */

export interface ReturnedLine {
  item: OrderItemRow;
  quantity: number;
  valuePaise: number;
}

/**
 * The lines asked for, checked against what is left of each (sold less what went back): an unknown line is a 400
 * naming it, more than is left a 409 naming what is left ("Only 1 of 2 × Masala Chai can still be returned").
 */
export function returnedLines(
  items: OrderItemRow[],
  discountPaise: number,
  asked: { item_id: string; quantity: number }[],
): ReturnedLine[] {
  const paid = linePaid(items, discountPaise);
  return asked.map((a, n) => {
    const index = items.findIndex((i) => i.id === a.item_id);
    const item = items[index];
    if (!item) {
      throw new AppError(400, 'VALIDATION_FAILED', 'That line is not on this receipt', {
        issues: [{ path: `lines.${n}.item_id`, message: 'Choose a line of this receipt' }],
      });
    }
    const left = item.quantity - item.restockedQuantity;
    if (a.quantity > left) {
      const message = `Only ${left} of ${item.quantity} × ${lineName(item.name, item.variantLabel)} can still be returned`;
      throw new AppError(409, 'CONFLICT', message, {
        reason: 'RETURN_OVER_SOLD',
        details: { item_id: item.id, returnable: left },
        issues: [{ path: `lines.${n}.quantity`, message }],
      });
    }
    const valuePaise = returnValue(paid[index] ?? 0, item.quantity, item.restockedQuantity, a.quantity);
    return { item, quantity: a.quantity, valuePaise };
  });
}

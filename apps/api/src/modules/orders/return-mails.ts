import { brandOf, greeting, layout, type MailMessage, para } from '../mail/index.ts';

import { orderNumber } from './order-view.ts';
import type { OrderRow } from './orders.repository.ts';

/* The customer's mails about a return or exchange of some lines (issue 40), through the outbox like every mail. */

interface ReturnMailInput {
  to: string;
  firstName?: string | null;
  shopName: string;
  storeId: string;
  order: Pick<OrderRow, 'number'>;
  kind: 'RETURN' | 'EXCHANGE';
  /** "1 × Masala Chai, 2 × Kurta (M / Blue)". */
  lines: string;
}

function mail(input: ReturnMailInput, subject: string, body: string[]): MailMessage {
  const brand = brandOf(input.shopName);
  const lines = body.filter(Boolean);
  return {
    to: input.to,
    storeId: input.storeId,
    subject,
    text: [greeting(input.firstName ?? null), '', ...lines].join('\n'),
    html: layout(brand, [para(greeting(input.firstName ?? null)), ...lines.map(para)].join('')),
  };
}

const word = (kind: 'RETURN' | 'EXCHANGE') => (kind === 'EXCHANGE' ? 'exchange' : 'return');

/** Confirms the request to the customer: what they asked to send back and why; the shop answers next. */
export function returnRequestedMail(input: ReturnMailInput & { reason: string }): MailMessage {
  const num = orderNumber(input.order.number);
  const brand = brandOf(input.shopName);
  return mail(input, `We received your ${word(input.kind)} request for order ${num}`, [
    `We received your request to ${word(input.kind)} ${input.lines} from order ${num}.`,
    `Your reason: ${input.reason}`,
    `${brand} will look at it and tell you by mail whether it is accepted. Keep the items and their packaging until then.`,
  ]);
}

/** The shop's answer: the lines it accepted and those it declined, and the money due back (or the exchange). */
export function returnDecidedMail(
  input: ReturnMailInput & { declined: string; money: string; note: string | null },
): MailMessage {
  const num = orderNumber(input.order.number);
  const brand = brandOf(input.shopName);
  return mail(input, `Your ${word(input.kind)} for order ${num} is accepted`, [
    `${brand} accepted the ${word(input.kind)} of ${input.lines} from your order ${num}.`,
    input.declined ? `Not accepted: ${input.declined}.` : '',
    input.note ? `Note from the shop: ${input.note}` : '',
    input.money,
  ]);
}

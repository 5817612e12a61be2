import { formatPaise } from '@haat/contracts';

import { brandOf, greeting, layout, type MailMessage, para } from '../mail/index.ts';
import type { OrderRow } from '../orders/index.ts';

const HOW = {
  CASH: 'in cash',
  UPI: 'by UPI',
  CARD: 'to your card',
  BANK: 'to your bank account',
  GATEWAY: 'to the card, UPI or bank account you paid with (within 5 to 7 working days)',
} as const;

/** The customer's mail about a refund: how much, how it comes back, why, and the credit note's number. */
export function refundMail(input: {
  to: string;
  shopName: string;
  storeId: string;
  order: OrderRow;
  amountPaise: number;
  method: keyof typeof HOW;
  reason: string;
  creditNote: string | null;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const num = `ORD-${input.order.number}`;
  const amount = formatPaise(input.amountPaise);
  const lines = [
    `${brand} refunded ${amount} on your order ${num}, ${HOW[input.method]}.`,
    `Reason: ${input.reason}`,
    input.creditNote ? `Credit note ${input.creditNote} records it against your invoice.` : '',
  ].filter(Boolean);
  return {
    to: input.to,
    storeId: input.storeId,
    subject: `Refund of ${amount} for order ${num}`,
    text: [greeting(null), '', ...lines].join('\n'),
    html: layout(brand, [para(greeting(null)), ...lines.map(para)].join('')),
  };
}
